// The rewards module: `app.rewards` (RewardsService), the ledger follower (deposits, trades,
// fees → task facts and rebates), the daily VIP run with Monday envelopes, and its routes.
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import type { RewardsDeps } from "./context";
import { rewardsOperatorRoutes } from "./operator-routes";
import { rewardsRoutes } from "./routes";
import { RewardsService } from "./service";

declare module "fastify" {
  interface FastifyInstance {
    rewards: RewardsService;
  }
}

export const JOB_VIP_DAILY = "rewards.vip.daily";
const POLL_MS = 5_000;
const VIP_DEBOUNCE_MS = 2_000;

async function rewardsPlugin(app: FastifyInstance) {
  const log = app.log.child({ module: "rewards" });
  const deps: RewardsDeps = {
    db: app.database.db,
    clock: app.clock,
    market: app.market,
    rebateShare: app.config.rebateShare,
    rebateBlockedCountries: app.config.rebateBlockedCountries,
    taskDone: (event) => app.bus.publish("reward.task_done", event),
  };
  const service = new RewardsService(deps, log);
  app.decorate("rewards", service);

  app.jobs.daily(JOB_VIP_DAILY, async (date) => {
    await service.follower.catchUp();
    const done = await service.vipDaily(date);
    log.info({ date, ...done }, "rewards: VIP levels evaluated");
  });

  // Live progress: follow the ledger after any money or trading change, and re-evaluate the
  // VIP level after a balance change (debounced per customer).
  const pendingVip = new Map<number, NodeJS.Timeout>();
  const follow = () => void service.follower.catchUp();
  const unsubscribe = [
    app.bus.subscribe("account.event", (event) => {
      follow();
      if (!event.kinds.includes("balances") || pendingVip.has(event.userId)) return;
      const timer = setTimeout(() => {
        pendingVip.delete(event.userId);
        service.currentLevel(event.userId).catch((err) => log.error({ err }, "rewards: VIP evaluation failed"));
      }, VIP_DEBOUNCE_MS);
      timer.unref();
      pendingVip.set(event.userId, timer);
    }),
    app.bus.subscribe("futures.position", follow),
    app.bus.subscribe("customer.activity", (event) => {
      service.activity(event.userId, event.kind).catch((err) => log.error({ err }, "rewards: activity failed"));
    }),
  ];
  let poll: NodeJS.Timeout | null = null;
  app.addHook("onReady", async () => {
    await service.follower.init();
    poll = setInterval(follow, POLL_MS);
    poll.unref();
  });
  app.addHook("onClose", async () => {
    if (poll) clearInterval(poll);
    for (const timer of pendingVip.values()) clearTimeout(timer);
    for (const off of unsubscribe) off();
    await service.follower.stop();
  });

  await app.register(rewardsRoutes, { service });
  await app.register(rewardsOperatorRoutes, { service });
}

export default fp(rewardsPlugin, {
  name: "rewards",
  dependencies: ["database", "market", "auth", "jobs", "clock", "bus"],
});
