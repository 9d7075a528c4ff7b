// The sample IEO projects, made through the IEO service as the console makes them: one upcoming,
// one taking applications, one drawn (its seed published; winners may pay) and one listed. The
// drawn and the listed ones lie in the past: they are created and applied for through the same
// service on a clock pinned at those past times (IeoService.at), then closed, drawn and listed
// by the jobs' own work on the real business clock. The draw's beacon is the first BTCUSDT tick
// after the close (ieo/lifecycle.ts): it waits for the feed like any draw.
import { IeoProjectInput } from "@candor/contract";
import type { JobOutcome } from "../../lib/jobs";
import { DAY_MS, PinnedClock } from "../clock/service";
import type { IeoService } from "../ieo/service";
import type { SamplesDeps } from "./deps";
import { makeOnce } from "./markers";
import { IEO_RISK, IEO_TEXTS } from "./texts";

const HOUR_MS = 3_600_000;

type Stage = keyof typeof IEO_TEXTS;

interface IeoSample {
  stage: Stage;
  symbol: string;
  estimatedPrice: string;
  totalQuantity: number;
  maxPerCustomer: number;
  /** When the project is created, and its times, in ms from business now. */
  createdAt: number;
  applyStart: number;
  applyEnd: number;
  drawAt: number;
  payEnd: number;
  listAt: number;
  /** When the applications are made (ms from now; null: now), and how many units each customer applies for. */
  appliedAt: number | null;
  applications: number[];
}

export const IEO_SAMPLES: IeoSample[] = [
  {
    stage: "upcoming",
    symbol: "WNDM",
    estimatedPrice: "0.12",
    totalQuantity: 250_000,
    maxPerCustomer: 10_000,
    createdAt: 0,
    applyStart: 2 * DAY_MS,
    applyEnd: 5 * DAY_MS,
    drawAt: 5 * DAY_MS + 2 * HOUR_MS,
    payEnd: 7 * DAY_MS,
    listAt: 10 * DAY_MS,
    appliedAt: null,
    applications: [],
  },
  {
    stage: "issuing",
    symbol: "TDPL",
    estimatedPrice: "0.5",
    totalQuantity: 40_000,
    maxPerCustomer: 5_000,
    createdAt: -DAY_MS,
    applyStart: -DAY_MS + HOUR_MS,
    applyEnd: 3 * DAY_MS,
    drawAt: 3 * DAY_MS + 2 * HOUR_MS,
    payEnd: 5 * DAY_MS,
    listAt: 8 * DAY_MS,
    appliedAt: null,
    applications: [1_200, 5_000, 800],
  },
  {
    // Over-subscribed: the draw decides who gets what.
    stage: "drawn",
    symbol: "ORCD",
    estimatedPrice: "0.08",
    totalQuantity: 12_000,
    maxPerCustomer: 8_000,
    createdAt: -4 * DAY_MS,
    applyStart: -4 * DAY_MS + HOUR_MS,
    applyEnd: -2 * DAY_MS,
    drawAt: -2 * DAY_MS + 2 * HOUR_MS,
    payEnd: 2 * DAY_MS,
    listAt: 6 * DAY_MS,
    appliedAt: -3 * DAY_MS,
    applications: [8_000, 3_000, 6_500, 2_000],
  },
  {
    stage: "listed",
    symbol: "LNFG",
    estimatedPrice: "0.3",
    totalQuantity: 9_000,
    maxPerCustomer: 6_000,
    createdAt: -10 * DAY_MS,
    applyStart: -10 * DAY_MS + HOUR_MS,
    applyEnd: -8 * DAY_MS,
    drawAt: -8 * DAY_MS + 2 * HOUR_MS,
    payEnd: -6 * DAY_MS,
    listAt: -4 * DAY_MS,
    appliedAt: -9 * DAY_MS,
    applications: [6_000, 2_500, 4_000],
  },
];

export const ieoKey = (stage: Stage) => `ieo:${stage}`;

function input(sample: IeoSample, nowMs: number): IeoProjectInput {
  const at = (ms: number) => new Date(nowMs + ms).toISOString();
  const texts = IEO_TEXTS[sample.stage];
  // The console's own check of the input (times strictly ordered, en-us present).
  return IeoProjectInput.parse({
    name: texts.name,
    description: texts.description,
    riskText: IEO_RISK,
    symbol: sample.symbol,
    estimatedPrice: sample.estimatedPrice,
    totalQuantity: sample.totalQuantity,
    maxPerCustomer: sample.maxPerCustomer,
    applyStart: at(sample.applyStart),
    applyEnd: at(sample.applyEnd),
    drawAt: at(sample.drawAt),
    payEnd: at(sample.payEnd),
    listAt: at(sample.listAt),
  });
}

/**
 * Creates the missing sample projects and their applications. The past ones are made with the
 * job queue paused: their close job is due at once and must not close applications before the
 * (past) applications are in; their close runs right after. Returns the projects made now.
 */
export async function makeIeoSamples(deps: SamplesDeps, customers: number[]): Promise<Map<Stage, number>> {
  const made = new Map<Stage, number>();
  const nowMs = deps.clock.nowMs();
  const pinned = (offset: number): IeoService => deps.ieo.at(new PinnedClock(deps.db, nowMs + offset));
  const past = IEO_SAMPLES.filter((s) => s.appliedAt !== null);
  const present = IEO_SAMPLES.filter((s) => s.appliedAt === null);
  for (const s of present) {
    const service = s.createdAt === 0 ? deps.ieo : pinned(s.createdAt);
    const id = await makeOnce(
      deps.db,
      ieoKey(s.stage),
      async () => (await service.create(input(s, nowMs), "en-us")).id,
      (projectId) => apply(deps.ieo, projectId, customers, s.applications),
    );
    if (id !== null) made.set(s.stage, id);
  }
  await deps.jobs.paused(async () => {
    for (const s of past) {
      const id = await makeOnce(
        deps.db,
        ieoKey(s.stage),
        async () => (await pinned(s.createdAt).create(input(s, nowMs), "en-us")).id,
        (projectId) => apply(pinned(s.appliedAt ?? 0), projectId, customers, s.applications),
      );
      if (id !== null) made.set(s.stage, id);
    }
  });
  for (const s of past) {
    const id = made.get(s.stage);
    if (id !== undefined) await deps.ieo.runClose(id);
  }
  return made;
}

async function apply(service: IeoService, projectId: number, customers: number[], quantities: number[]) {
  for (const [i, quantity] of quantities.entries()) {
    const userId = customers[i % customers.length];
    if (userId === undefined) continue;
    await service.apply(userId, { projectId, quantity });
  }
}

/**
 * The past projects' draw and listing: the jobs' work (also queued, each exactly once), run here
 * so the samples are complete as soon as the feed has a tick after the close. Waits while the
 * draw waits for its beacon tick, up to `deadlineMs`.
 */
export async function finishIeoSamples(deps: SamplesDeps, made: Map<Stage, number>, deadlineMs: number) {
  const steps: Array<() => Promise<JobOutcome>> = [];
  const drawn = made.get("drawn");
  const listed = made.get("listed");
  if (drawn !== undefined) steps.push(() => deps.ieo.runDraw(drawn));
  if (listed !== undefined) steps.push(() => deps.ieo.runList(listed));
  for (const step of steps) {
    for (;;) {
      const outcome = await step();
      if (!outcome?.retryInMs) break;
      if (deps.signal.aborted || Date.now() > deadlineMs) {
        deps.log.warn("samples: an IEO draw waits for the price feed; its job finishes it");
        return;
      }
      await deps.sleep(Math.min(outcome.retryInMs, 250));
    }
  }
}
