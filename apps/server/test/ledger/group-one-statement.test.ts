// A group of concurrent calls whose accounts are known is ONE statement (issue 38): the
// group's transfers are inserted and its accounts updated by ledger_apply_moves, one round
// trip instead of BEGIN, lock, write, COMMIT. One statement checks only the state the whole
// group leaves, so calls that could rely on each other's credit take the group
// transaction instead, and anything the database refuses sends the calls there too, where
// each gets exactly its own outcome. The counters prove which way a group went.
import { afterAll, describe, expect, it } from "vitest";
import { orderMatters } from "../../src/modules/ledger/one-statement";
import {
  auditLedger,
  type BatchResult,
  batch,
  getAccountBalance,
  getOneStatementStats,
  getTransfersByReference,
  type LedgerOp,
  platformAccount,
  userAccount,
} from "../../src/modules/ledger/service";
import { bareCustomers } from "../factory";
import { onPostgres } from "../helper";
import { allAtOnce, deposit, move, outcome, withdrawalHold } from "./factories";
import { ledgerTestDatabase } from "./ledger-db";

const database = await ledgerTestDatabase(12);
afterAll(() => database.close());

/** Sends every call in one turn of the event loop (so they meet in a group). */
const together = (calls: LedgerOp[][]) => allAtOnce(database.db, calls, getOneStatementStats);

const available = async (userId: number, currency = "USDT") =>
  (await getAccountBalance(database.db, { userId, kind: "spot", currency }))?.available;

const pay = (from: number, to: number, amount: string, key: string, currency = "USDT"): LedgerOp =>
  move(currency, userAccount(from), userAccount(to), amount, key);

/** `n` customers whose spot accounts in `currency` hold `amount` (so the process knows them). */
async function funded(n: number, amount: string, currency = "USDT"): Promise<number[]> {
  const ids = await bareCustomers(database, n);
  for (const id of ids) await batch(database.db, [deposit(id, currency, amount, `gos-fund-${currency}-${id}`)]);
  return ids;
}

/**
 * `n` funded customers whose ids share one parity: on PostgreSQL the committer spreads a
 * turn's calls over its two groups in flight by the payer's id, so these payers meet in one
 * group there too (on PGlite every call of a turn is in one group).
 */
async function oneLane(n: number, amount: string, currency: string): Promise<number[]> {
  const ids = await funded(2 * n, amount, currency);
  const even = ids.filter((id) => id % 2 === 0);
  const odd = ids.filter((id) => id % 2 === 1);
  return (even.length >= n ? even : odd).slice(0, n);
}

async function expectAuditClean() {
  expect((await auditLedger(database.db)).violations).toEqual([]);
}

describe("a group of calls between known accounts is one statement", () => {
  it("eight payments at once: one statement for the group, each call answered with its own transfer", async () => {
    const ids = await funded(16, "10");
    const calls = Array.from({ length: 8 }, (_, i) => [
      pay(ids[2 * i] ?? 0, ids[2 * i + 1] ?? 0, `${i + 1}`, `gos-8-${i}`),
    ]);
    const { results, stats } = await together(calls);
    expect(results.map(outcome)).toEqual(Array(8).fill("applied"));
    expect(stats.groups).toBeGreaterThanOrEqual(1);
    expect(stats).toMatchObject({ groupsOrderMatters: 0, groupsFailed: 0, fellBack: 0 });
    for (const [i, r] of results.entries()) {
      const value = (r as PromiseFulfilledResult<BatchResult>).value;
      expect(value.transfers.map((t) => [t.key, t.amount])).toEqual([[`gos-8-${i}`, `${i + 1}`]]);
      expect(await available(ids[2 * i] ?? 0)).toBe(`${10 - (i + 1)}`);
      expect(await available(ids[2 * i + 1] ?? 0)).toBe(`${10 + i + 1}`);
    }
    await expectAuditClean();
  });

  it("attack: two customers pay each other money neither has, at once — both refused, nothing moves", async () => {
    // Alone, or in either order, each payment needs 100 of a balance of 5. One statement
    // would check only the end state (both back at 5) and write both.
    const [mallory = 0, trudy = 0] = await oneLane(2, "5", "XCYC");
    const { results, stats } = await together([
      [pay(mallory, trudy, "100", `gos-cycle-1-${mallory}`, "XCYC")],
      [pay(trudy, mallory, "100", `gos-cycle-2-${trudy}`, "XCYC")],
    ]);
    expect(results.map(outcome)).toEqual(["InsufficientBalanceError", "InsufficientBalanceError"]);
    expect(stats.groups).toBe(0);
    expect(await available(mallory, "XCYC")).toBe("5");
    expect(await available(trudy, "XCYC")).toBe("5");
    for (const key of [`gos-cycle-1-${mallory}`, `gos-cycle-2-${trudy}`]) {
      expect(await getTransfersByReference(database.db, "test", key)).toEqual([]);
    }
    await expectAuditClean();
  });

  it("attack: a ring of three customers, each paying on the next one's credit — all refused", async () => {
    const [a = 0, b = 0, c = 0] = await oneLane(3, "1", "XRNG");
    const { results } = await together([
      [pay(a, b, "50", `gos-ring-1-${a}`, "XRNG")],
      [pay(b, c, "50", `gos-ring-2-${b}`, "XRNG")],
      [pay(c, a, "50", `gos-ring-3-${c}`, "XRNG")],
    ]);
    expect(results.map(outcome)).toEqual(Array(3).fill("InsufficientBalanceError"));
    for (const id of [a, b, c]) expect(await available(id, "XRNG")).toBe("1");
    await expectAuditClean();
  });

  it("one payment in the group cannot be paid: the statement writes nothing, the others apply, that one is refused", async () => {
    const ids = await funded(8, "10", "XONE");
    const calls = Array.from({ length: 4 }, (_, i) => [
      pay(ids[2 * i] ?? 0, ids[2 * i + 1] ?? 0, i === 2 ? "11" : "3", `gos-one-${i}`, "XONE"),
    ]);
    const { results } = await together(calls);
    expect(results.map(outcome)).toEqual(["applied", "applied", "InsufficientBalanceError", "applied"]);
    expect(await available(ids[4] ?? 0, "XONE")).toBe("10");
    expect(await available(ids[5] ?? 0, "XONE")).toBe("10");
    expect(await available(ids[0] ?? 0, "XONE")).toBe("7");
    expect(await available(ids[7] ?? 0, "XONE")).toBe("13");
    await expectAuditClean();
  });

  it("a key applied before, sent again in a group: replayed, the others applied once", async () => {
    const ids = await funded(6, "10", "XKEY");
    const first = pay(ids[0] ?? 0, ids[1] ?? 0, "4", `gos-key-${ids[0]}`, "XKEY");
    await batch(database.db, [first]);
    const { results } = await together([
      [{ ...first }],
      [pay(ids[2] ?? 0, ids[3] ?? 0, "1", `gos-key-2-${ids[2]}`, "XKEY")],
      [pay(ids[4] ?? 0, ids[5] ?? 0, "2", `gos-key-3-${ids[4]}`, "XKEY")],
    ]);
    expect(results.map(outcome)).toEqual(["replayed", "applied", "applied"]);
    expect(await available(ids[0] ?? 0, "XKEY")).toBe("6");
    expect(await available(ids[2] ?? 0, "XKEY")).toBe("9");
    expect(await available(ids[4] ?? 0, "XKEY")).toBe("8");
    await expectAuditClean();
  });

  it("a statement that fails as no plan foresees (numeric overflow): the calls are run again, only the culprit fails", async () => {
    const big = "900000000000000000";
    const [alice = 0, bob = 0, carol = 0] = await oneLane(3, "1", "XOVF");
    await batch(database.db, [deposit(alice, "XOVF", big, `gos-ovf-big-${alice}`)]);
    const { results, stats } = await together([
      [pay(bob, carol, "1", `gos-ovf-1-${bob}`, "XOVF")],
      [deposit(alice, "XOVF", big, `gos-ovf-2-${alice}`)],
    ]);
    expect(results.map((r) => r.status)).toEqual(["fulfilled", "rejected"]);
    if (!onPostgres) expect(stats.groupsFailed).toBe(1);
    expect(await available(carol, "XOVF")).toBe("2");
    expect(await available(bob, "XOVF")).toBe("0");
    await expectAuditClean();
  });

  it("holds and deposits from the platform group in one statement too", async () => {
    const ids = await funded(4, "10", "XHLD");
    const { results } = await together([
      [withdrawalHold(ids[0] ?? 0, "XHLD", "4", `gos-hold-${ids[0]}`)],
      [deposit(ids[1] ?? 0, "XHLD", "5", `gos-hold-dep-${ids[1]}`)],
      [move("XHLD", platformAccount("treasury"), platformAccount("fees"), "1", `gos-hold-pp-${ids[2]}`)],
      [pay(ids[2] ?? 0, ids[3] ?? 0, "2", `gos-hold-pay-${ids[2]}`, "XHLD")],
    ]);
    expect(results.map(outcome)).toEqual(Array(4).fill("applied"));
    expect(await getAccountBalance(database.db, { userId: ids[0] ?? 0, kind: "spot", currency: "XHLD" })).toMatchObject(
      {
        balance: "10",
        held: "4",
        available: "6",
      },
    );
    expect(await available(ids[1] ?? 0, "XHLD")).toBe("15");
    await expectAuditClean();
  });
});

describe("orderMatters: when one statement's end-state check is not enough", () => {
  const a = userAccount(1);
  const b = userAccount(2);
  const c = userAccount(3);
  const t = (debit: typeof a, credit: typeof a, key: string, currency = "USDT"): LedgerOp =>
    move(currency, debit, credit, "1", key);
  const hold = (userId: number, key: string): LedgerOp => withdrawalHold(userId, "USDT", "1", key);
  it.each<[string, LedgerOp[][], boolean]>([
    ["disjoint payments", [[t(a, b, "1")], [t(c, userAccount(4), "2")]], false],
    ["two payers into one payee", [[t(a, c, "1")], [t(b, c, "2")]], false],
    ["one payer twice (its balance only goes down)", [[t(a, b, "1")], [t(a, c, "2")]], false],
    ["a pays b, b pays c (b may rely on a's credit)", [[t(a, b, "1")], [t(b, c, "2")]], true],
    ["a cycle", [[t(a, b, "1")], [t(b, a, "2")]], true],
    [
      "credit and debit of one account inside one call (the call's own end state)",
      [[t(a, b, "1"), t(b, c, "2")]],
      false,
    ],
    ["the same pair in another currency", [[t(a, b, "1")], [t(b, c, "2", "BTC")]], false],
    ["a hold lowers the balance like a debit", [[t(a, b, "1")], [hold(2, "2")]], true],
    ["a hold's credit side (platform) does not count", [[hold(1, "1")], [hold(2, "2")]], false],
    [
      "platform accounts may go negative",
      [[t(platformAccount("house"), a, "1")], [t(b, platformAccount("house"), "2")]],
      false,
    ],
  ])("%s", (_name, calls, expected) => {
    expect(orderMatters(calls)).toBe(expected);
  });
});
