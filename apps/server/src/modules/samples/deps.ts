// What the samples are made with: the app's own services (plugin.ts hands them over).
import type { PositionCreateBody } from "@candor/contract";
import type { FastifyBaseLogger } from "fastify";
import type { Db } from "../../db";
import type { BusinessClock } from "../clock/service";
import type { ContestsOperator, ContestsService } from "../contests/service";
import type { IeoService } from "../ieo/service";
import type { MarketService } from "../market/service";

export interface SamplesDeps {
  db: Db;
  clock: BusinessClock;
  market: MarketService;
  ieo: IeoService;
  contests: {
    service: ContestsService;
    operator: ContestsOperator;
    /** The contest end job's work. */
    end(id: number): Promise<{ waiting: number }>;
  };
  /** A futures position opened as the customer would (contracts' openPosition with the app's trade modes). */
  openContestPosition(userId: number, body: Omit<PositionCreateBody, "takeProfit" | "stopLoss">): Promise<unknown>;
  jobs: {
    /** Runs `work` with the job queue stopped, then starts it again. */
    paused(work: () => Promise<void>): Promise<void>;
  };
  log: FastifyBaseLogger;
  sleep(ms: number): Promise<void>;
  /** Set when the app closes: the waits stop. */
  signal: { aborted: boolean };
}
