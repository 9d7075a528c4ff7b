// The sample trading contests, made through the contests module's operator service as the
// console makes them: one to start, one running with entrants and a ranking, one ended with its
// prizes paid. Entrants join through the customer service and trade with contest funds through
// the futures service at market prices, like the app does. Prizes need a closed trade (the
// contest rule), and trades need the contest in progress on the business clock, so the ended
// contest runs its last seconds now: its entrants trade, it ends `ENDED_AFTER_MS` later, and the
// end job's work closes their positions at market, ranks them and pays the prizes through the
// ledger. One live entry per customer: the running and the ended contest have other entrants.
import { ContestInput } from "@candor/contract";
import { DAY_MS } from "../clock/service";
import type { SamplesDeps } from "./deps";
import { makeOnce } from "./markers";
import { CONTEST_NAMES, CONTEST_RULES } from "./texts";

/** How long after its entrants traded the ended sample contest ends. */
export const ENDED_AFTER_MS = 8_000;

type Stage = keyof typeof CONTEST_NAMES;

export const contestKey = (stage: Stage) => `contest:${stage}`;

interface Times {
  entryStart: number;
  entryEnd: number;
  startAt: number;
  endAt: number;
}

function input(stage: Stage, nowMs: number, t: Times, prize: string): ContestInput {
  const at = (ms: number) => new Date(nowMs + ms).toISOString();
  // The console's own check of the input.
  return ContestInput.parse({
    name: CONTEST_NAMES[stage],
    rules: CONTEST_RULES,
    entryStart: at(t.entryStart),
    entryEnd: at(t.entryEnd),
    startAt: at(t.startAt),
    endAt: at(t.endAt),
    prize,
    prizeSplit: ["0.5", "0.3", "0.2"],
    entryFunds: "10000",
    symbols: ["BTCUSDT", "ETHUSDT"],
    minClosedTrades: 1,
    // The rules say a closed trade is needed, not a profit: a short sample contest pays its
    // top three whatever the market did in its last seconds.
    prizeNeedsProfit: false,
  });
}

/** Each entrant joins and opens one small BTCUSDT position with contest funds (long, short, long, …). */
async function enter(deps: SamplesDeps, contestId: number, entrants: number[]) {
  for (const [i, userId] of entrants.entries()) {
    await deps.contests.service.join(userId, contestId);
    await deps.openContestPosition(userId, {
      symbol: "BTCUSDT",
      direction: i % 2 === 0 ? "long" : "short",
      margin: String(500 + 250 * i),
      leverage: "2",
      mode: "contest",
      contestId,
    });
  }
}

/** The contest that is running now and the one to start; entrants of the running one trade. */
export async function makeOpenContests(deps: SamplesDeps, entrants: number[]): Promise<void> {
  const nowMs = deps.clock.nowMs();
  await makeOnce(deps.db, contestKey("upcoming"), async () => {
    const times = { entryStart: 0, entryEnd: 9 * DAY_MS, startAt: 2 * DAY_MS, endAt: 9 * DAY_MS };
    return (await deps.contests.operator.create(input("upcoming", nowMs, times, "800"))).id;
  });
  const running = { entryStart: -DAY_MS, entryEnd: 5 * DAY_MS, startAt: -DAY_MS, endAt: 6 * DAY_MS };
  await makeOnce(
    deps.db,
    contestKey("running"),
    async () => (await deps.contests.operator.create(input("running", nowMs, running, "500"))).id,
    (id) => enter(deps, id, entrants),
  );
}

/** The contest that started two days ago and ends `ENDED_AFTER_MS` after its entrants traded. */
export async function makeEndedContest(deps: SamplesDeps, entrants: number[]): Promise<number | null> {
  const times = { entryStart: -2 * DAY_MS, entryEnd: ENDED_AFTER_MS, startAt: -2 * DAY_MS, endAt: ENDED_AFTER_MS };
  return makeOnce(
    deps.db,
    contestKey("ended"),
    async () => (await deps.contests.operator.create(input("ended", deps.clock.nowMs(), times, "300"))).id,
    (id) => enter(deps, id, entrants),
  );
}

/**
 * The end job's work (also queued at endAt, exactly once in effect): waits for the end on the
 * business clock, then closes, ranks and pays; an entry whose price is not fresh waits, up to
 * `deadlineMs` (after that the queued job finishes it).
 */
export async function finishEndedContest(deps: SamplesDeps, id: number, deadlineMs: number): Promise<boolean> {
  const contest = await deps.contests.service.detail(null, id, "en-us");
  const endMs = Date.parse(contest.endAt);
  while (!deps.signal.aborted && deps.clock.nowMs() < endMs) {
    await deps.sleep(Math.min(250, endMs - deps.clock.nowMs() + 1));
  }
  if (deps.signal.aborted) return false;
  for (;;) {
    const ended = await deps.contests.end(id);
    if (ended.waiting === 0) return true;
    if (deps.signal.aborted) return false;
    if (Date.now() > deadlineMs) break;
    await deps.sleep(250);
  }
  deps.log.warn({ contest: id }, "samples: the ended contest waits for fresh prices; its end job finishes it");
  return false;
}
