// Group commit (issue 9): concurrent `batch()` calls made on the root database with only
// transfer/hold operations share one transaction instead of paying for one each (BEGIN,
// lock, write, COMMIT — most of a single transfer's cost). Every call keeps its own
// outcome: it is planned on the account state the calls before it in the group leave, and
// a call that cannot be planned there (its key was applied before, insufficient balance,
// a conflict, …) is taken out and re-run alone through the ordinary path afterwards, so its
// answer and error are exactly what they are without grouping. If the group's transaction
// fails as a whole, every call of it is re-run alone: no call fails because of another.
import { is } from "drizzle-orm";
import { NodePgSession } from "drizzle-orm/node-postgres";
import { PgTransaction } from "drizzle-orm/pg-core";
import type { Db } from "../../db";
import { applyBatch, lockAll, transfersOf, withShards, writePlan } from "./engine";
import { LedgerAssertionError } from "./errors";
import { applyCallsInOneStatement, applyInOneStatement } from "./one-statement";
import { changesBetween, type NewTransfer, type Plan, planBatch, refKey, validateOps } from "./plan";
import { shardFor } from "./shards";
import { inTransaction } from "./transaction";
import type { BatchResult, LedgerOp, Transfer } from "./types";

export interface GroupCommitConfig {
  /** Off: every call is its own transaction, as inside a caller's transaction. */
  enabled: boolean;
  /** Groups in flight at once on PostgreSQL (PGlite has one connection: always 1). */
  inFlight: number;
  /** Operations one group takes at most (a call larger than this runs in a group of its own). */
  maxOps: number;
}

/** Measured with `npm run bench:ledger` (README "Group commit"). */
export const groupCommitConfig: GroupCommitConfig = { enabled: true, inFlight: 2, maxOps: 256 };

/** Counters since the process started (tests, bench). */
export const groupCommitStats = {
  /** Transactions opened for two or more calls. */
  groups: 0,
  /** Calls committed inside such a group. */
  groupedCalls: 0,
  /** Calls that had a group of their own (nothing else was waiting). */
  singles: 0,
  /** Calls taken out of a group and re-run alone (key seen before, planning refused, group failed). */
  rerunAlone: 0,
  /** Group transactions that failed as a whole (their calls were re-run alone). */
  failedGroups: 0,
};

/** Whether `batch(db, ops)` goes through the group committer. */
export const groupable = (db: Db, ops: readonly LedgerOp[]): boolean =>
  groupCommitConfig.enabled &&
  !is(db, PgTransaction) &&
  ops.every((op) => op.type === "transfer" || op.type === "hold");

interface Call {
  ops: readonly LedgerOp[];
  keys: string[];
  resolve: (result: BatchResult) => void;
  reject: (err: unknown) => void;
}

/**
 * The row a call mostly contends on, as a number: the platform shard its first operation
 * books on (deposits, withdrawals: the clearing shard), or the paying customer. Calls of
 * one lane share a group; different lanes spread over the groups in flight.
 */
function laneOf(ops: readonly LedgerOp[]): number {
  const [op] = ops;
  if (!op || (op.type !== "transfer" && op.type !== "hold")) return 0;
  if ("userId" in op.debit && "userId" in op.credit) return op.debit.userId;
  return shardFor(op.debit, op.credit, op.key);
}

/** The ordinary path: the batch in a transaction of its own (or the caller's, when `db` is one). */
export const batchAlone = (db: Db, ops: readonly LedgerOp[]): Promise<BatchResult> =>
  inTransaction(db, (tx, opened, genericPlans) => applyBatch(tx, ops, opened, genericPlans), { genericPlans: true });

/**
 * A call of transfers/holds on the root database: one statement (./one-statement) when its
 * accounts are known, else — or when the database refuses it — the ordinary path.
 */
export async function batchFast(db: Db, ops: readonly LedgerOp[]): Promise<BatchResult> {
  validateOps(ops);
  return (await applyInOneStatement(db, ops.map(withShards))) ?? batchAlone(db, ops);
}

const settle = (call: Call, result: Promise<BatchResult>): Promise<void> => result.then(call.resolve, call.reject);

interface GroupOutcome {
  committed: [Call, Transfer[]][];
  rerun: Call[];
}

/**
 * One group in the transaction `tx`: lock the union of the calls' accounts (id order),
 * plan each call in order on the running state, write every planned call in one statement.
 */
async function applyGroup(tx: Db, calls: Call[], opened: boolean, genericPlansSet: boolean): Promise<GroupOutcome> {
  const sharded = calls.map((call) => call.ops.map(withShards));
  const locked = await lockAll(tx, sharded.flat(), [], { opened, genericPlansSet });
  const seen = new Set(locked.seenKeys);
  const byRef = new Map(locked.accounts);
  const byId = new Map(locked.accountsById);
  const rows: NewTransfer[] = [];
  const planned: [Call, LedgerOp[]][] = [];
  const rerun: Call[] = [];
  for (const [i, call] of calls.entries()) {
    const ops = sharded[i] ?? [];
    let plan: Plan | null = null;
    if (!ops.some((op) => seen.has(op.key))) {
      try {
        plan = planBatch({ ops, accounts: byRef, accountsById: byId, holds: new Map(), resolvedHoldIds: new Set() });
      } catch {
        // Alone it gets its own error, or its twin's result if one committed meanwhile.
      }
    }
    if (!plan) {
      rerun.push(call);
      continue;
    }
    // The next call sees the balances this one leaves.
    for (const [id, state] of plan.after) {
      byId.set(id, state);
      byRef.set(refKey(state.userId ?? 0, state.currency, state.kind, state.shard), state);
    }
    rows.push(...plan.rows);
    planned.push([call, ops]);
  }
  if (planned.length === 0) return { committed: [], rerun };
  const after = new Map([...byId].filter(([id, state]) => state !== locked.accountsById.get(id)));
  const plan: Plan = { rows, changes: changesBetween(locked.accountsById, after), after };
  const byKey = await writePlan(tx, plan, locked.planMode);
  return { committed: planned.map(([call, ops]) => [call, transfersOf(ops, byKey)]), rerun };
}

/** The queue of one root database's calls and its groups in flight. */
class Committer {
  private readonly queue: Call[] = [];
  private readonly keysInFlight = new Set<string>();
  private inFlight = 0;
  private scheduled = false;

  constructor(
    private readonly db: Db,
    private readonly oneConnection: boolean,
  ) {}

  submit(ops: readonly LedgerOp[]): Promise<BatchResult> {
    return new Promise<BatchResult>((resolve, reject) => {
      this.queue.push({ ops, keys: ops.map((op) => op.key), resolve, reject });
      // Calls made in the same turn of the event loop join one group.
      if (!this.scheduled) {
        this.scheduled = true;
        queueMicrotask(() => {
          this.scheduled = false;
          this.pump();
        });
      }
    });
  }

  private pump(): void {
    const limit = this.oneConnection ? 1 : Math.max(1, groupCommitConfig.inFlight);
    const free = limit - this.inFlight;
    if (free <= 0 || this.queue.length === 0) return;
    // Spread what is waiting over the free slots: groups in flight overlap one group's
    // commit with the next one's locking and planning (one big group at a time would not).
    for (const calls of this.take(Math.min(free, this.queue.length))) {
      this.inFlight++;
      for (const call of calls) for (const key of call.keys) this.keysInFlight.add(key);
      void this.run(calls).finally(() => {
        this.inFlight--;
        for (const call of calls) for (const key of call.keys) this.keysInFlight.delete(key);
        this.pump();
      });
    }
  }

  /**
   * Up to `n` groups from the queue, calls in order. A call joins the group of its lane
   * (see laneOf), so groups running at once seldom wait for each other's row locks. A
   * group takes up to maxOps operations; a call sharing a key with a group being formed
   * or in flight waits (then it finds the key applied).
   */
  private take(n: number): Call[][] {
    const groups = Array.from({ length: n }, () => ({ calls: [] as Call[], ops: 0 }));
    const keys = new Set<string>();
    const waiting: Call[] = [];
    for (const call of this.queue) {
      const group = groups[laneOf(call.ops) % n] as { calls: Call[]; ops: number };
      const clash = call.keys.some((key) => keys.has(key) || this.keysInFlight.has(key));
      const full = group.calls.length > 0 && group.ops + call.ops.length > groupCommitConfig.maxOps;
      if (clash || full) {
        waiting.push(call);
        continue;
      }
      group.calls.push(call);
      group.ops += call.ops.length;
      for (const key of call.keys) keys.add(key);
    }
    this.queue.splice(0, this.queue.length, ...waiting);
    return groups.flatMap((g) => (g.calls.length > 0 ? [g.calls] : []));
  }

  private async run(calls: Call[]): Promise<void> {
    const [first] = calls;
    if (first && calls.length === 1) {
      groupCommitStats.singles++;
      return settle(first, batchFast(this.db, first.ops));
    }
    // The calls' accounts known and no call relying on another's credit: one statement,
    // one round trip for the group (else, or when the database refuses, the transaction).
    const together = await applyCallsInOneStatement(
      this.db,
      calls.map((call) => call.ops.map(withShards)),
    );
    if (together) {
      groupCommitStats.groups++;
      groupCommitStats.groupedCalls += calls.length;
      for (const [i, call] of calls.entries()) {
        const transfers = together[i];
        if (transfers?.length === call.ops.length) call.resolve({ transfers, replayed: false });
        else call.reject(new LedgerAssertionError("each grouped call got its transfers"));
      }
      return;
    }
    let outcome: GroupOutcome;
    try {
      outcome = await inTransaction(
        this.db,
        (tx, opened, genericPlans) => applyGroup(tx, calls, opened, genericPlans),
        {
          genericPlans: true,
        },
      );
    } catch {
      groupCommitStats.failedGroups++;
      outcome = { committed: [], rerun: calls };
    }
    groupCommitStats.groups++;
    groupCommitStats.groupedCalls += outcome.committed.length;
    groupCommitStats.rerunAlone += outcome.rerun.length;
    for (const [call, transfers] of outcome.committed) call.resolve({ transfers, replayed: false });
    await Promise.all(outcome.rerun.map((call) => settle(call, batchAlone(this.db, call.ops))));
  }
}

const committers = new WeakMap<Db, Committer>();

/** `batch(db, ops)` through the group committer of `db` (see `groupable`). */
export async function groupCommit(db: Db, ops: readonly LedgerOp[]): Promise<BatchResult> {
  validateOps(ops); // a caller bug fails this call only, before it joins a group
  let committer = committers.get(db);
  if (!committer) {
    committer = new Committer(db, !is(db._.session, NodePgSession));
    committers.set(db, committer);
  }
  return committer.submit(ops);
}
