// The one-statement path (issue 38): a call of transfers/holds on the root database whose
// accounts are known is one statement; whatever the database refuses in it (a key used
// before, insufficient balance, an account that is not what the cache says) writes nothing
// and goes the ordinary way, so every answer is what it is without this path. The
// counters prove which way each call went (they stay at zero if the path is removed).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rememberAccounts } from "../../src/modules/ledger/one-statement";
import {
  auditLedger,
  batch,
  getAccountBalance,
  getOneStatementStats,
  type LedgerOp,
  post,
  setGroupCommit,
  userAccount,
} from "../../src/modules/ledger/service";
import { bareCustomers } from "../factory";
import { deposit, move, withdrawalHold } from "./factories";
import { ledgerTestDatabase } from "./ledger-db";

const database = await ledgerTestDatabase(20);
// Sequential calls run alone anyway; the concurrent ones must not meet in a group here.
let grouping: ReturnType<typeof setGroupCommit>;
beforeAll(() => {
  grouping = setGroupCommit({ enabled: false });
});
afterAll(async () => {
  setGroupCommit(grouping);
  await database.close();
});

const account = async (userId: number) => {
  const found = await getAccountBalance(database.db, { userId, kind: "spot", currency: "USDT" });
  if (!found) throw new Error(`no account of ${userId}`);
  return found;
};
const spot = async (userId: number) => (await account(userId)).available;

async function counted<T>(fn: () => Promise<T>): Promise<{ value: T; committed: number; fellBack: number }> {
  const before = getOneStatementStats();
  const value = await fn();
  const after = getOneStatementStats();
  return { value, committed: after.committed - before.committed, fellBack: after.fellBack - before.fellBack };
}

const pay = (from: number, to: number, amount: string, key: string): LedgerOp =>
  move("USDT", userAccount(from), userAccount(to), amount, key);

describe("one statement per call", () => {
  it("moves money between known accounts in one statement, exactly", async () => {
    const [a = 0, b = 0] = await bareCustomers(database, 2);
    await batch(database.db, [deposit(a, "USDT", "100", `os-dep-${a}`)]);
    await batch(database.db, [deposit(b, "USDT", "1", `os-dep-${b}`)]);
    const r = await counted(() => batch(database.db, [pay(a, b, "10.5", `os-pay-${a}`)]));
    expect(r.committed).toBe(1);
    expect(r.value.replayed).toBe(false);
    expect(r.value.transfers[0]).toMatchObject({ amount: "10.5", phase: "posted", key: `os-pay-${a}` });
    expect(await spot(a)).toBe("89.5");
    expect(await spot(b)).toBe("11.5");

    // The same key again: refused by the unique index, replayed by the ordinary way.
    const again = await counted(() => batch(database.db, [pay(a, b, "10.5", `os-pay-${a}`)]));
    expect(again).toMatchObject({ committed: 0, fellBack: 1, value: { replayed: true } });
    expect(again.value.transfers[0]?.id).toBe(r.value.transfers[0]?.id);
    // The same key for something else: a conflict, nothing written.
    await expect(batch(database.db, [pay(a, b, "11", `os-pay-${a}`)])).rejects.toThrow(/IdempotencyConflict|key/i);
    expect(await spot(a)).toBe("89.5");
    expect((await auditLedger(database.db)).violations).toEqual([]);
  });

  it("insufficient balance: the check constraint refuses, the ordinary way throws, nothing written", async () => {
    const [a = 0, b = 0] = await bareCustomers(database, 2);
    await batch(database.db, [deposit(a, "USDT", "5", `os-dep-${a}`), deposit(b, "USDT", "5", `os-dep-${b}`)]);
    const r = counted(() => batch(database.db, [pay(a, b, "5.01", `os-over-${a}`)]));
    await expect(r).rejects.toMatchObject({ name: "InsufficientBalanceError" });
    expect(await spot(a)).toBe("5");
    expect(await spot(b)).toBe("5");
    // A batch is checked at its end, as on the ordinary way: both legs in one statement.
    const both = await counted(() =>
      batch(database.db, [pay(a, b, "5", `os-both-${a}:1`), pay(b, a, "10", `os-both-${a}:2`)]),
    );
    expect(both.committed).toBe(1);
    expect(await spot(a)).toBe("10");
    expect(await spot(b)).toBe("0");
  });

  it("holds in one statement; the post goes the ordinary way", async () => {
    const [a = 0] = await bareCustomers(database, 1);
    await batch(database.db, [deposit(a, "USDT", "50", `os-dep-${a}`)]);
    await batch(database.db, [withdrawalHold(a, "USDT", "1", `os-warm-${a}`)]); // the clearing shard of a
    const held = await counted(() => batch(database.db, [withdrawalHold(a, "USDT", "20", `os-hold-${a}`)]));
    expect(held.committed).toBe(1);
    expect(await spot(a)).toBe("29");
    const [pending] = held.value.transfers;
    await post(database.db, { pendingId: pending?.id ?? 0, key: `os-post-${a}`, amount: "15" });
    expect(await spot(a)).toBe("34");
    expect((await auditLedger(database.db)).violations).toEqual([]);
  });

  it("an account the cache names wrongly is refused in the statement and forgotten", async () => {
    const [a = 0, b = 0, c = 0] = await bareCustomers(database, 3);
    await batch(database.db, [deposit(a, "USDT", "10", `os-dep-${a}`), deposit(b, "USDT", "10", `os-dep-${b}`)]);
    await batch(database.db, [deposit(c, "USDT", "10", `os-dep-${c}`)]);
    const cId = (await account(c)).accountId;
    // Pretend b's account is c's: the identity check in the statement must refuse it.
    rememberAccounts(database.db, [pay(a, b, "1", "forged")], [
      {
        debitAccountId: (await account(a)).accountId,
        creditAccountId: cId,
      },
    ] as never);
    const r = await counted(() => batch(database.db, [pay(a, b, "1", `os-forged-${a}`)]));
    expect(r).toMatchObject({ committed: 0, fellBack: 1 });
    expect([await spot(a), await spot(b), await spot(c)]).toEqual(["9", "11", "10"]);
    const next = await counted(() => batch(database.db, [pay(a, b, "1", `os-forged-${a}:2`)]));
    expect(next.committed).toBe(1);
    expect([await spot(a), await spot(b), await spot(c)]).toEqual(["8", "12", "10"]);
  });

  it("the statement's plan is cached generic and by key (issue 38: no plan cliff as the ledger grows)", async () => {
    const [fn] = await database.query<{ config: string[] | string }>(
      "SELECT proconfig AS config FROM pg_proc WHERE proname = 'ledger_apply_moves'",
    );
    const config = Array.isArray(fn?.config) ? fn.config : String(fn?.config ?? "");
    expect(config).toContain("plan_cache_mode=force_generic_plan");
    expect(config).toContain("enable_seqscan=off");
  });

  it("the same request 20 times at once (no grouping): applied once, the others replay it", async () => {
    const [a = 0, b = 0] = await bareCustomers(database, 2);
    await batch(database.db, [deposit(a, "USDT", "10", `os-dep-${a}`), deposit(b, "USDT", "10", `os-dep-${b}`)]);
    const r = await counted(() =>
      Promise.all(Array.from({ length: 20 }, () => batch(database.db, [pay(a, b, "3", `os-twin-${a}`)]))),
    );
    expect(r.value.filter((x) => !x.replayed)).toHaveLength(1);
    expect(new Set(r.value.map((x) => x.transfers[0]?.id)).size).toBe(1);
    expect(r.committed).toBe(1);
    expect([await spot(a), await spot(b)]).toEqual(["7", "13"]);
    expect((await auditLedger(database.db)).violations).toEqual([]);
  });

  it("concurrent payouts from one account: exactly the affordable number, no lost update", async () => {
    const users = await bareCustomers(database, 31);
    const [payer = 0, ...payees] = users;
    await batch(database.db, [deposit(payer, "USDT", "100", `os-dep-${payer}`)]);
    // Every payee's account exists and is known, so each payout below is one statement.
    await Promise.all(payees.map((u) => batch(database.db, [deposit(u, "USDT", "1", `os-dep-${u}`)])));
    await Promise.all(payees.map((u) => batch(database.db, [pay(payer, u, "0.01", `os-warm-${u}`)])));
    const r = await counted(() =>
      Promise.allSettled(payees.map((u) => batch(database.db, [pay(payer, u, "7", `os-race-${u}`)]))),
    );
    const ok = r.value.filter((x) => x.status === "fulfilled").length;
    expect(ok).toBe(14); // (100 − 0.3) / 7
    expect(r.committed).toBe(14);
    expect(await spot(payer)).toBe("1.7");
    expect((await auditLedger(database.db)).violations).toEqual([]);
  });
});
