// Sandbox samples (issue 35 §1): a fresh sandbox database gets sample IEO projects and trading
// contests in each of their states, with sample customers as applicants and entrants, so there
// is something to look at and to do on a fresh start. Everything is made through the modules'
// own services (the console's and the app's), never written into their tables; balances move
// only through those services' ledger transfers. Each sample is made once per database
// (markers.ts), never outside sandbox (config SANDBOX_SAMPLES, plugin.ts).
import { contestKey, finishEndedContest, makeEndedContest, makeOpenContests } from "./contests";
import { sampleCustomers } from "./customers";
import type { SamplesDeps } from "./deps";
import { finishIeoSamples, IEO_SAMPLES, ieoKey, makeIeoSamples } from "./ieo";
import { madeKeys } from "./markers";

export type { SamplesDeps } from "./deps";

/** The symbol whose fresh price the contest trades and the IEO draws wait for. */
const PRICE_SYMBOL = "BTCUSDT";
/** How long the samples wait for the price feed before leaving the rest to the next start and the jobs. */
export const FEED_WAIT_MS = 120_000;

const ALL_KEYS = [
  ...IEO_SAMPLES.map((s) => ieoKey(s.stage)),
  contestKey("upcoming"),
  contestKey("running"),
  contestKey("ended"),
];

export interface SamplesOutcome {
  /** The keys of the samples made by this start. */
  made: string[];
  /** Everything complete (draws done, the ended contest paid). */
  complete: boolean;
}

/** A tick of `symbol` at or after `afterMs` that is fresh, waited for up to `deadlineMs`. */
async function freshTick(deps: SamplesDeps, afterMs: number, deadlineMs: number): Promise<boolean> {
  while (!deps.signal.aborted && Date.now() <= deadlineMs) {
    const tick = deps.market.lastTick(PRICE_SYMBOL);
    if (tick && tick.ts >= afterMs && !deps.market.isStale(tick)) return true;
    await deps.sleep(100);
  }
  return false;
}

/**
 * Makes the samples the database does not have yet. The IEO projects first (no price needed),
 * then, once the feed has a fresh BTCUSDT price, the contests (their entrants trade) and the
 * past projects' draws; last, the ended contest's end and prizes.
 */
export async function makeSandboxSamples(deps: SamplesDeps, feedWaitMs = FEED_WAIT_MS): Promise<SamplesOutcome> {
  const before = await madeKeys(deps.db);
  if (ALL_KEYS.every((k) => before.has(k))) return { made: [], complete: true };
  const customers = await sampleCustomers(deps.db);
  const ieo = await makeIeoSamples(deps, customers);
  const closedAt = Date.now();
  const deadline = closedAt + feedWaitMs;
  let complete = false;
  if (await freshTick(deps, closedAt, deadline)) {
    const ended = await makeEndedContest(deps, customers.slice(3));
    await makeOpenContests(deps, customers.slice(0, 3));
    await finishIeoSamples(deps, ieo, deadline);
    complete = ended === null || (await finishEndedContest(deps, ended, deadline + 60_000));
  } else if (!deps.signal.aborted) {
    deps.log.warn("samples: no fresh BTCUSDT price yet; the sample contests are made at the next start");
  }
  const after = await madeKeys(deps.db);
  const made = ALL_KEYS.filter((k) => after.has(k) && !before.has(k));
  if (made.length > 0) deps.log.info({ made }, "samples: sandbox sample IEO projects and contests made");
  return { made, complete: complete && ALL_KEYS.every((k) => after.has(k)) };
}
