// Spot limit orders live at most SPOT_ORDER_MAX_AGE_DAYS: a sweep cancels older open ones
// (reason "expired", shown in the order list) and voids their holds, so no reservation of a
// customer's money lasts for ever. Each order is its own transaction guarded by
// `status = 'open'` with the same void key as a customer's cancel (`spot:<id>:cancel`), so a
// sweep racing a fill, a cancel or another node's sweep has exactly one outcome: running it
// on every node is safe.
import { and, asc, eq, lt } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { Db } from "../../db";
import { ledgerTransaction } from "../ledger/service";
import { spotOrders } from "./schema";
import { cancelOpenOrder } from "./service";

const SWEEP_PAGE = 500;

/** Cancels open orders created before `now − maxAgeMs`; returns how many this call expired. */
export async function expireOpenOrders(db: Db, maxAgeMs: number, now = Date.now()): Promise<number> {
  const cutoff = new Date(now - maxAgeMs);
  let expired = 0;
  for (;;) {
    const due = await db
      .select({ id: spotOrders.id })
      .from(spotOrders)
      .where(and(eq(spotOrders.status, "open"), lt(spotOrders.createdAt, cutoff)))
      .orderBy(asc(spotOrders.createdAt))
      .limit(SWEEP_PAGE);
    for (const order of due) {
      if (await ledgerTransaction(db, (tx) => cancelOpenOrder(tx, order, "expired"))) expired++;
    }
    if (due.length < SWEEP_PAGE) return expired;
  }
}

/** Runs the sweep every `everyMs` (and once at start); the returned stop waits for a sweep under way. */
export function startOrderExpiry(
  db: Db,
  maxAgeMs: number,
  log: FastifyBaseLogger,
  everyMs = 60_000,
): () => Promise<void> {
  let running: Promise<void> | null = null;
  const sweep = () => {
    running ??= run().finally(() => {
      running = null;
    });
  };
  const run = async () => {
    try {
      const n = await expireOpenOrders(db, maxAgeMs);
      if (n > 0) log.info({ expired: n }, "spot: expired limit orders cancelled");
    } catch (err) {
      log.error({ err }, "spot: expiring limit orders failed; will retry");
    }
  };
  const timer = setInterval(sweep, everyMs);
  timer.unref();
  sweep();
  return async () => {
    clearInterval(timer);
    await running;
  };
}
