// Group commit (issue 9): concurrent single calls on the root database share one
// transaction, and each keeps exactly the outcome it has alone. Every scenario sends its
// calls in one turn of the event loop, so they meet in groups (on PGlite one group; on
// PostgreSQL they are spread over the groups in flight, which run in parallel), then
// checks each call's answer, the balances, the audit, and the committer's counters —
// which stay at zero if grouping is removed, so these tests fail then.
import { afterAll, describe, expect, it } from "vitest";
import {
  auditLedger,
  batch,
  getAccountBalance,
  getGroupCommitStats,
  type LedgerOp,
  ledgerTransaction,
  platformAccount,
  post,
  type TransferOp,
  userAccount,
  voidHold,
} from "../../src/modules/ledger/service";
import { bareCustomers } from "../factory";
import { onPostgres } from "../helper";
import { allAtOnce, deposit, move, outcome, withdrawalHold } from "./factories";
import { ledgerTestDatabase } from "./ledger-db";

const database = await ledgerTestDatabase(12);
afterAll(() => database.close());

/** Sends every call at once; their settled answers, in order, and the counters' change. */
const concurrently = (calls: LedgerOp[][]) => allAtOnce(database.db, calls, getGroupCommitStats);

const spot = async (userId: number, currency: string) =>
  getAccountBalance(database.db, { userId, kind: "spot", currency });

/** Deposits to `n` new customers: company for a call, so that it lands in a group on PostgreSQL too. */
async function others(n: number, currency: string): Promise<LedgerOp[][]> {
  return (await bareCustomers(database, n)).map((u) => [deposit(u, currency, "1", `gc-other-${currency}-${u}`)]);
}

async function expectAuditClean() {
  expect((await auditLedger(database.db)).violations).toEqual([]);
}

describe("group commit: concurrent single calls share a transaction", () => {
  it("50 deposits to 50 new customers: grouped, every balance exact", async () => {
    const users = await bareCustomers(database, 50);
    const { results, stats } = await concurrently(
      users.map((u, i) => [deposit(u, "USDT", `${i + 1}.5`, `gc-dep-${u}`)]),
    );
    expect(results.map(outcome)).toEqual(Array(50).fill("applied"));
    expect(stats).toMatchObject({ rerunAlone: 0, failedGroups: 0 });
    expect(stats.groups).toBeGreaterThanOrEqual(1);
    expect(stats.groupedCalls).toBeGreaterThanOrEqual(16);
    expect(stats.groupedCalls + stats.singles).toBe(50);
    for (const [i, u] of users.entries()) {
      expect((await spot(u, "USDT"))?.balance).toBe(`${i + 1}.5`);
      const r = results[i];
      expect(r?.status === "fulfilled" && r.value.transfers.map((t) => t.key)).toEqual([`gc-dep-${u}`]);
    }
    await expectAuditClean();
  });

  it("payments from one balance: exactly the ones that fit succeed (100 / 7 → 14 of 30)", async () => {
    const [alice = 0, bob = 0] = await bareCustomers(database, 2);
    await batch(database.db, [deposit(alice, "USDT", "100", `gc-fit-dep-${alice}`)]);
    const a = userAccount(alice);
    const b = userAccount(bob);
    const { results, stats } = await concurrently(
      Array.from({ length: 30 }, (_, i) => [move("USDT", a, b, "7", `gc-fit-${alice}-${i}`)]),
    );
    // Groups in flight take turns on alice's lock; a call that did not fit is re-run alone
    // after its group and still does not fit (her balance only goes down).
    const outcomes = results.map(outcome);
    expect(outcomes.filter((o) => o === "applied")).toHaveLength(14);
    expect(outcomes.filter((o) => o !== "applied")).toEqual(Array(16).fill("InsufficientBalanceError"));
    expect(stats).toMatchObject({ groupedCalls: 14, rerunAlone: 16 });
    expect(stats.groups).toBeGreaterThanOrEqual(1);
    expect(await spot(alice, "USDT")).toMatchObject({ balance: "2", available: "2" });
    expect((await spot(bob, "USDT"))?.balance).toBe("98");
    await expectAuditClean();
  });

  it("one call's failure touches no other call, and a failing call is all or nothing", async () => {
    const [alice = 0, bob = 0, carol = 0] = await bareCustomers(database, 3);
    await batch(database.db, [deposit(alice, "USDT", "10", `gc-mix-dep-${alice}`)]);
    const a = userAccount(alice);
    const { results, stats } = await concurrently([
      [deposit(bob, "USDT", "5", `gc-mix-1-${bob}`)],
      // Two operations, the second of which does not fit: neither is applied.
      [
        move("USDT", a, userAccount(carol), "4", `gc-mix-2a-${alice}`),
        move("USDT", a, userAccount(bob), "7", `gc-mix-2b-${alice}`),
      ],
      [move("USDT", userAccount(carol), a, "100", `gc-mix-3-${carol}`)], // more than carol ever has
      [{ ...deposit(carol, "USDT", "1", `gc-mix-4-${carol}`), amount: "-1" } as LedgerOp], // a caller bug
      [move("USDT", a, userAccount(carol), "6", `gc-mix-5-${alice}`)],
      [deposit(carol, "USDT", "2", `gc-mix-6-${carol}`)],
    ]);
    expect(results.map(outcome)).toEqual([
      "applied",
      "InsufficientBalanceError",
      "InsufficientBalanceError",
      "LedgerAssertionError",
      "applied",
      "applied",
    ]);
    // Alice's two payments share her lane, so one group: the first does not fit there and is
    // re-run alone. (On PostgreSQL carol's call may have had a group of its own.)
    expect(stats.failedGroups).toBe(0);
    expect(stats.rerunAlone).toBeGreaterThanOrEqual(1);
    expect(stats.rerunAlone + stats.singles).toBeGreaterThanOrEqual(2);
    expect(stats.groups).toBeGreaterThanOrEqual(1);
    expect((await spot(alice, "USDT"))?.balance).toBe("4");
    expect((await spot(bob, "USDT"))?.balance).toBe("5");
    expect((await spot(carol, "USDT"))?.balance).toBe("8");
    await expectAuditClean();
  });

  it("the same key twice at once: applied once, the second call answers replayed", async () => {
    const [alice = 0, bob = 0] = await bareCustomers(database, 2);
    const op = deposit(alice, "ETH", "1.5", `gc-twice-${alice}`);
    const { results, stats } = await concurrently([
      [{ ...op }],
      [deposit(bob, "ETH", "1", `gc-twice-other-${bob}`)],
      ...(await others(6, "ETH")),
      [{ ...op, memo: "sent again" }], // the memo is not part of the payload
    ]);
    expect(results.map(outcome)).toEqual([...Array(8).fill("applied"), "replayed"]);
    expect(stats.groups).toBeGreaterThanOrEqual(1);
    const ids = results.map((r) => (r.status === "fulfilled" ? r.value.transfers[0]?.id : null));
    expect(ids[8]).toBe(ids[0]);
    expect((await spot(alice, "ETH"))?.balance).toBe("1.5");
  });

  it("a key applied before, sent in a group: replayed alone, the others grouped", async () => {
    const [alice = 0, bob = 0, carol = 0] = await bareCustomers(database, 3);
    const op = deposit(alice, "ETH", "2", `gc-seen-${alice}`);
    await batch(database.db, [op]);
    const { results, stats } = await concurrently([
      [{ ...op }],
      [deposit(bob, "ETH", "1", `gc-seen-1-${bob}`)],
      [deposit(carol, "ETH", "1", `gc-seen-2-${carol}`)],
      ...(await others(6, "ETH")),
    ]);
    expect(results.map(outcome)).toEqual(["replayed", ...Array(8).fill("applied")]);
    // PGlite: one group, so the seen key was in it. PostgreSQL spreads the calls over the
    // groups in flight by lane, and the seen key may have had a group of its own.
    expect(stats.rerunAlone).toBe(onPostgres ? Math.min(stats.rerunAlone, 1) : 1);
    expect(stats.groups).toBeGreaterThanOrEqual(1);
    expect((await spot(alice, "ETH"))?.balance).toBe("2");
  });

  it("the same key with different content at once: one applied, the other IdempotencyConflictError", async () => {
    const [alice = 0, bob = 0] = await bareCustomers(database, 2);
    const op = deposit(alice, "BTC", "0.1", `gc-conflict-${alice}`) as TransferOp;
    const { results, stats } = await concurrently([
      [op],
      [deposit(bob, "BTC", "0.3", `gc-conflict-other-${bob}`)],
      ...(await others(6, "BTC")),
      [{ ...op, amount: "0.2" }],
    ]);
    expect(results.map(outcome)).toEqual([...Array(8).fill("applied"), "IdempotencyConflictError"]);
    expect(stats.groups).toBeGreaterThanOrEqual(1);
    expect((await spot(alice, "BTC"))?.balance).toBe("0.1");
  });

  it("holds in a group: held exactly what fits, then posted and voided one by one", async () => {
    const [alice = 0] = await bareCustomers(database, 1);
    await batch(database.db, [deposit(alice, "USDT", "100", `gc-hold-dep-${alice}`)]);
    const { results, stats } = await concurrently(
      Array.from({ length: 8 }, (_, i) => [withdrawalHold(alice, "USDT", "30", `gc-hold-${alice}-${i}`)]),
    );
    const outcomes = results.map(outcome);
    expect(outcomes.filter((o) => o === "applied")).toHaveLength(3);
    expect(outcomes.filter((o) => o !== "applied")).toEqual(Array(5).fill("InsufficientBalanceError"));
    expect(stats).toMatchObject({ groupedCalls: 3, rerunAlone: 5 });
    expect(await spot(alice, "USDT")).toMatchObject({ balance: "100", held: "90", available: "10" });
    const ids = results.flatMap((r) => (r.status === "fulfilled" ? [r.value.transfers[0]?.id ?? 0] : []));
    expect(ids.every((id) => id > 0)).toBe(true);
    const resolving = getGroupCommitStats();
    await post(database.db, { pendingId: ids[0] ?? 0, key: `gc-hold-post-${alice}` });
    await voidHold(database.db, { pendingId: ids[1] ?? 0, key: `gc-hold-void-${alice}` });
    expect(getGroupCommitStats(), "post/void keep their own transaction").toEqual(resolving);
    expect(await spot(alice, "USDT")).toMatchObject({ balance: "70", held: "30", available: "40" });
    await expectAuditClean();
  });

  it("a group whose transaction fails as a whole: every call re-run alone, only the culprit fails", async () => {
    // numeric(36,18) holds 18 integer digits: the second 9e17 credit to one account
    // overflows in the write statement itself, which no planning check foresees.
    const [alice = 0, bob = 0, carol = 0] = await bareCustomers(database, 3);
    const big = "900000000000000000";
    await batch(database.db, [deposit(alice, "OVF", big, `gc-ovf-dep-${alice}`)]);
    const { results, stats } = await concurrently([
      [deposit(bob, "OVF", "1", `gc-ovf-1-${bob}`)],
      [deposit(alice, "OVF", big, `gc-ovf-2-${alice}`)],
      [deposit(carol, "OVF", "2", `gc-ovf-3-${carol}`)],
      ...(await others(3, "OVF")),
    ]);
    expect(results.map((r) => r.status)).toEqual(["fulfilled", "rejected", ...Array(4).fill("fulfilled")]);
    expect(stats.failedGroups).toBe(1);
    expect(stats.rerunAlone).toBeGreaterThanOrEqual(2); // alice's call and at least one other
    expect((await spot(alice, "OVF"))?.balance).toBe(big);
    expect((await spot(bob, "OVF"))?.balance).toBe("1");
    expect((await spot(carol, "OVF"))?.balance).toBe("2");
    await expectAuditClean();
  });

  it("calls inside a caller's transaction, and post/void batches, are never grouped", async () => {
    const [alice = 0, bob = 0] = await bareCustomers(database, 2);
    const before = getGroupCommitStats();
    await Promise.all([
      ledgerTransaction(database.db, (tx) => batch(tx, [deposit(alice, "USDT", "3", `gc-tx-1-${alice}`)])),
      ledgerTransaction(database.db, (tx) => batch(tx, [deposit(bob, "USDT", "4", `gc-tx-2-${bob}`)])),
    ]);
    expect(getGroupCommitStats()).toEqual(before);
    expect((await spot(alice, "USDT"))?.balance).toBe("3");
    expect((await spot(bob, "USDT"))?.balance).toBe("4");
  });

  it("a platform → platform transfer groups with customer calls", async () => {
    const [alice = 0] = await bareCustomers(database, 1);
    const { results, stats } = await concurrently([
      [move("USDT", platformAccount("treasury"), platformAccount("fees"), "5", `gc-pp-${alice}`)],
      [deposit(alice, "USDT", "5", `gc-pp-dep-${alice}`)],
      [move("USDT", platformAccount("fees"), platformAccount("house"), "2", `gc-pp2-${alice}`)],
      ...(await others(3, "USDT")),
    ]);
    expect(results.map(outcome)).toEqual(Array(6).fill("applied"));
    expect(stats.groups).toBeGreaterThanOrEqual(1);
    await expectAuditClean();
  });
});
