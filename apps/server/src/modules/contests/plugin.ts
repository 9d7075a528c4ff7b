// The contests module: `app.contests` (service, the ranking board registered with the
// settlement engine), the contest guard for the trading modules (app.tradeModes, lib/trade-mode), the
// start/end jobs and the daily equity snapshot on the business clock, and the routes.
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { registerSettler } from "../settlement/service";
import { RankingBoard } from "./board";
import { contestTradeGuard } from "./guard";
import {
  CONTEST_END_RETRY_MS,
  endContest,
  JOB_CONTEST_END,
  JOB_CONTEST_START,
  JOB_CONTESTS_DAILY,
  snapshotDaily,
  startContest,
} from "./lifecycle";
import { ContestsOperator } from "./operator";
import { contestOperatorRoutes } from "./operator-routes";
import { contestRoutes } from "./routes";
import { ContestsService } from "./service";

declare module "fastify" {
  interface FastifyInstance {
    contests: {
      service: ContestsService;
      board: RankingBoard;
      /** The console's side: create, edit, ranked entries (operator routes and the sandbox samples). */
      operator: ContestsOperator;
      /** The end job's work (tests re-run it to show it pays nothing twice). */
      end: (id: number) => Promise<{ paid: number; entries: number; waiting: number }>;
    };
  }
}

async function contestsPlugin(app: FastifyInstance) {
  const log = app.log.child({ module: "contests" });
  const board = new RankingBoard({ db: app.database.db, market: app.market, log });
  const deps = { db: app.database.db, clock: app.clock, market: app.market, bus: app.bus, log, board };
  const service = new ContestsService(deps);
  registerSettler(app, board);
  const operator = new ContestsOperator(deps);
  app.decorate("contests", { service, board, operator, end: (id: number) => endContest(deps, id) });
  app.tradeModes.setContestGuard(contestTradeGuard(app.clock));

  // A contest position opened or closed anywhere: the leader reloads that customer's entry.
  app.bus.subscribe("futures.position", (event) => {
    const contestId = event.position.contestId;
    if (board.isLeading && contestId) void board.reloadUser(contestId, event.position.userId);
  });

  // Spot orders and other money moves of a customer with a live entry (in memory, no query otherwise).
  app.bus.subscribe("account.event", (event) => {
    if (!board.isLeading) return;
    for (const b of board.boards.values()) {
      if (b.byUser.has(event.userId)) void board.reloadUser(b.contestId, event.userId);
    }
  });

  app.jobs.register<{ id: number }>(JOB_CONTEST_START, (job) => startContest(deps, job.payload.id));
  app.jobs.register<{ id: number }>(JOB_CONTEST_END, async (job) => {
    const ended = await endContest(deps, job.payload.id);
    // Not counted as a failure: the end waits for fresh prices as long as it takes.
    if (ended.waiting > 0) return { retryInMs: CONTEST_END_RETRY_MS };
  });
  app.jobs.daily(JOB_CONTESTS_DAILY, async (date) => {
    const n = await snapshotDaily(deps, date);
    if (n > 0) log.info({ date, entries: n }, "contests: daily equity snapshot");
  });

  await app.register(contestRoutes, { service });
  await app.register(contestOperatorRoutes, { operator });
}

export default fp(contestsPlugin, {
  name: "contests",
  dependencies: ["database", "market", "auth", "jobs", "clock", "settlement", "bus", "contracts", "spot"],
});
