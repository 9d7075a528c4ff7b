// The ledger follower: rewards learns deposits, trades (fee and exchange transfers) and earn
// orders from completed ledger transfers, so no trading module has to call it and a missed
// bus event loses nothing. It reads the ledger's outbox, which holds every followed transfer
// from the moment it commits until it is handled, so a transfer that took a low id and
// committed late (a futures open waiting on the risk lock) is seen like any other: commit
// order, never an id cursor. Triggered by account events, on reads and by a slow poll; every
// step is idempotent per transfer (fact rows, rebate rows and ledger keys are unique), so
// several nodes or overlapping runs are harmless.
import type { TaskEvent } from "@candor/contract";
import { sql } from "drizzle-orm";
import { isRealMoney } from "../../lib/trade-mode";
import { ackOutbox, type FollowedTransfer, listOutbox } from "../ledger/service";
import type { RewardsDeps } from "./context";
import { FEE_KINDS, rebateFor } from "./rebates";
import { afterFact, rewardRows as q, recordFact } from "./tasks";

const BATCH = 500;

/** The customer fact a transfer is evidence of (null: none). */
export function factOf(t: FollowedTransfer): { userId: number; fact: TaskEvent; ref: string } | null {
  if (t.kind === "deposit" && t.creditUserId !== null && t.creditKind === "spot") {
    return { userId: t.creditUserId, fact: "deposit", ref: `transfer:${t.id}` };
  }
  // Only real money counts: a demo or contest trade (VUSDT / CUSDT, also when paid from the
  // shared margin account) is no trade for tasks, team tasks or rebates.
  if (t.debitUserId === null || !isRealMoney(t.debitKind, t.currency)) return null;
  // One trade = one business record (a futures position's opening and closing fees are one trade).
  if (FEE_KINDS[t.kind] || t.kind === "exchange") {
    return { userId: t.debitUserId, fact: "trade", ref: `${t.referenceType}:${t.referenceId}` };
  }
  if ((t.kind === "earn" || t.kind === "mining_purchase") && t.debitKind === "spot") {
    return { userId: t.debitUserId, fact: "earn_order", ref: `${t.referenceType}:${t.referenceId}` };
  }
  return null;
}

export class LedgerFollower {
  private running: Promise<void> | null = null;
  private again = false;
  private stopped = false;
  private ready = false;

  constructor(
    private readonly deps: RewardsDeps,
    private readonly log?: { error: (o: unknown, m?: string) => void },
  ) {}

  /** Runs until the outbox is empty; concurrent calls share one run (plus one more if asked meanwhile). */
  catchUp(): Promise<void> {
    if (this.stopped || !this.ready) return Promise.resolve();
    if (this.running) {
      this.again = true;
      return this.running;
    }
    this.running = (async () => {
      try {
        do {
          this.again = false;
          await this.runOnce();
        } while (this.again);
      } catch (err) {
        this.log?.error({ err }, "rewards: following the ledger failed");
      } finally {
        this.running = null;
      }
    })();
    return this.running;
  }

  /** At start: follow only a migrated database (the OpenAPI generator builds the app on an empty one). */
  async init(): Promise<void> {
    const [table] = await q<{ t: string | null }>(this.deps.db, sql`SELECT to_regclass('ledger_outbox')::text AS t`);
    this.ready = Boolean(table?.t);
  }

  /** No new runs; resolves when the current one ends (app close). */
  async stop(): Promise<void> {
    this.stopped = true;
    await this.running;
  }

  private async runOnce(): Promise<void> {
    const { db } = this.deps;
    for (;;) {
      const transfers = await listOutbox(db, BATCH);
      const handled: number[] = [];
      for (const t of transfers) {
        try {
          await this.handle(t);
          handled.push(t.id);
        } catch (err) {
          // Stays in the outbox for the next run.
          this.log?.error({ err, transferId: t.id }, "rewards: a ledger transfer could not be handled");
        }
      }
      await ackOutbox(db, handled);
      // A full batch that could not be handled at all would come back unchanged: wait for the next run.
      if (transfers.length < BATCH || handled.length === 0) break;
    }
  }

  private async handle(t: FollowedTransfer): Promise<void> {
    const fact = factOf(t);
    if (fact && (await recordFact(this.deps.db, fact.userId, fact.fact, fact.ref))) {
      await afterFact(this.deps, fact.userId, fact.fact);
    }
    if (FEE_KINDS[t.kind] || t.kind === "exchange") await rebateFor(this.deps, t);
  }
}
