// The ledger follower: rewards learns deposits, trades (fee and exchange transfers) and earn
// orders from completed ledger transfers, so no trading module has to call it and a missed
// bus event loses nothing. Triggered by account events, on reads and by a slow poll; every
// step is idempotent per transfer (fact rows, rebate rows and ledger keys are unique), so
// several nodes or overlapping runs are harmless.
import type { TaskEvent } from "@candor/contract";
import { sql } from "drizzle-orm";
import { type FollowedTransfer, lastTransferId, listTransfersAfter } from "../ledger/service";
import type { RewardsDeps } from "./context";
import { FEE_KINDS, rebateFor } from "./rebates";
import { afterFact, rewardRows as q, recordFact } from "./tasks";
import { evaluateVip } from "./vip";

const KINDS = ["deposit", "spot_fee", "futures_fee", "exchange", "earn", "mining_purchase"];
/** Transfers commit out of id order: each run re-reads this many ids behind the cursor. */
const REREAD = 100;
const BATCH = 500;

/** The customer fact a transfer is evidence of (null: none). */
export function factOf(t: FollowedTransfer): { userId: number; fact: TaskEvent; ref: string } | null {
  if (t.kind === "deposit" && t.creditUserId !== null && t.creditKind === "spot") {
    return { userId: t.creditUserId, fact: "deposit", ref: `transfer:${t.id}` };
  }
  if (t.debitUserId === null || t.debitKind === "demo") return null;
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
  private readonly seen = new Set<number>();
  private stopped = false;

  constructor(
    private readonly deps: RewardsDeps,
    private readonly log?: { error: (o: unknown, m?: string) => void },
  ) {}

  /** Runs until the ledger's end; concurrent calls share one run (plus one more if asked meanwhile). */
  catchUp(): Promise<void> {
    if (this.stopped) return Promise.resolve();
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

  /** The first start on a database: begin at the ledger's end (idempotent). */
  async init(): Promise<void> {
    const { db } = this.deps;
    const [table] = await q<{ t: string | null }>(db, sql`SELECT to_regclass('reward_cursor')::text AS t`);
    if (!table?.t) return; // not migrated (the OpenAPI generator builds the app on an empty database)
    await db.execute(
      sql`INSERT INTO reward_cursor (name, last_id) VALUES ('ledger', ${await lastTransferId(db)})
          ON CONFLICT (name) DO NOTHING`,
    );
  }

  /** No new runs; resolves when the current one ends (app close). */
  async stop(): Promise<void> {
    this.stopped = true;
    await this.running;
  }

  private async runOnce(): Promise<void> {
    const { db } = this.deps;
    const [cursor] = await q<{ last_id: string | number }>(
      db,
      sql`SELECT last_id FROM reward_cursor WHERE name = 'ledger'`,
    );
    let after = Math.max(0, Number(cursor?.last_id ?? 0) - REREAD);
    let last = Number(cursor?.last_id ?? 0);
    for (;;) {
      const transfers = await listTransfersAfter(db, { afterId: after, kinds: KINDS, limit: BATCH });
      for (const t of transfers) {
        if (!this.seen.has(t.id)) {
          try {
            await this.handle(t);
            this.remember(t.id);
          } catch (err) {
            // Left for the next run (it re-reads a window behind the cursor).
            this.log?.error({ err, transferId: t.id }, "rewards: a ledger transfer could not be handled");
          }
        }
        last = Math.max(last, t.id);
      }
      if (transfers.length < BATCH) break;
      after = transfers[transfers.length - 1]?.id ?? after;
    }
    await db.execute(
      sql`INSERT INTO reward_cursor (name, last_id) VALUES ('ledger', ${last})
          ON CONFLICT (name) DO UPDATE SET last_id = greatest(reward_cursor.last_id, EXCLUDED.last_id)`,
    );
  }

  private remember(id: number): void {
    this.seen.add(id);
    if (this.seen.size > 20_000) {
      const oldest = [...this.seen].slice(0, 10_000);
      for (const x of oldest) this.seen.delete(x);
    }
  }

  private async handle(t: FollowedTransfer): Promise<void> {
    const fact = factOf(t);
    if (fact && (await recordFact(this.deps.db, fact.userId, fact.fact, fact.ref))) {
      await afterFact(this.deps, fact.userId, fact.fact);
    }
    if (FEE_KINDS[t.kind] || t.kind === "exchange") await rebateFor(this.deps, t);
    // A deposit is a big balance change: the VIP level follows at once.
    if (fact?.fact === "deposit") await evaluateVip(this.deps, fact.userId);
  }
}
