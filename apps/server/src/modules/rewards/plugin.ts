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

  // Live progress: follow the ledger after any money or trading change. The VIP level is not
  // re-evaluated here: it moves only at the daily run (vip.ts).
  const follow = () => void service.follower.catchUp();
  const unsubscribe = [
    app.bus.subscribe("account.event", follow),
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
