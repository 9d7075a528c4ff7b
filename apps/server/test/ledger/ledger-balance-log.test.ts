// The balance log: every transfer touching a customer's accounts, newest first, signed as
// the change of that account's available balance — so an account's entries add up to it.
import { dec } from "@candor/domain";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type BalanceLogEntry,
  batch,
  getBalanceLog,
  getBalances,
  post,
  userAccount,
  voidHold,
} from "../../src/modules/ledger/service";
import { bareCustomers } from "../factory";
import { deposit, move, swap, withdrawalHold } from "./factories";
import { ledgerTestDatabase } from "./ledger-db";

const database = await ledgerTestDatabase();
afterAll(() => database.close());

let alice = 0;
let bob = 0;
beforeAll(async () => {
  [alice = 0, bob = 0] = await bareCustomers(database, 2);
  const k = (name: string) => `log-${alice}-${name}`;
  const one = async (op: Parameters<typeof batch>[1][number]) => (await batch(database.db, [op])).transfers[0]?.id ?? 0;
  await one(deposit(alice, "USDT", "100", k("deposit")));
  const h1 = await one(withdrawalHold(alice, "USDT", "30", k("w1")));
  await voidHold(database.db, { pendingId: h1, key: k("w1:cancel") });
  const h2 = await one(withdrawalHold(alice, "USDT", "20", k("w2")));
  await post(database.db, { pendingId: h2, key: k("w2:post") });
  const h3 = await one(withdrawalHold(alice, "USDT", "10", k("w3")));
  await post(database.db, { pendingId: h3, key: k("w3:post"), amount: "6" });
  await one(move("USDT", userAccount(alice), userAccount(alice, "margin"), "5", k("to-margin")));
  await batch(
    database.db,
    swap(alice, { currency: "USDT", amount: "10" }, { currency: "BTC", amount: "0.0001" }, k("swap")),
  );
  await one(deposit(bob, "USDT", "50", k("bob-deposit")));
  await one(move("USDT", userAccount(bob), userAccount(alice), "3", k("bob-pays")));
});

const row = (e: BalanceLogEntry) => [e.accountKind, e.currency, e.kind, e.phase, e.amount];

describe("balance log", () => {
  it("lists every movement newest first, signed by its effect on the available balance", async () => {
    const log = await getBalanceLog(database.db, alice, { pageNo: 1, pageSize: 50 });
    expect(log.total).toBe(12);
    expect(log.records.map(row)).toEqual([
      ["spot", "USDT", "transfer", "posted", "3"], // bob pays alice
      ["spot", "BTC", "exchange", "posted", "0.0001"], // swap: receive
      ["spot", "USDT", "exchange", "posted", "-10"], // swap: pay
      ["spot", "USDT", "transfer", "posted", "-5"], // spot → margin, both sides shown
      ["margin", "USDT", "transfer", "posted", "5"],
      ["spot", "USDT", "withdrawal", "post", "4"], // 6 of the 10 held paid out, 4 released
      ["spot", "USDT", "withdrawal", "pending", "-10"],
      ["spot", "USDT", "withdrawal", "post", "0"], // paid out in full: already held
      ["spot", "USDT", "withdrawal", "pending", "-20"],
      ["spot", "USDT", "withdrawal", "void", "30"], // cancelled: released
      ["spot", "USDT", "withdrawal", "pending", "-30"],
      ["spot", "USDT", "deposit", "posted", "100"],
    ]);
    expect(new Set(log.records.map((e) => e.id)).size).toBe(12);
    expect(log.records[0]?.createdAt).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
  });

  it("adds up to each account's available balance", async () => {
    const log = await getBalanceLog(database.db, alice, { pageNo: 1, pageSize: 50 });
    for (const account of await getBalances(database.db, alice)) {
      const sum = log.records
        .filter((e) => e.accountKind === account.kind && e.currency === account.currency)
        .reduce((total, e) => total.plus(e.amount), dec(0));
      expect(sum.toFixed(), `${account.kind} ${account.currency}`).toBe(account.available);
    }
  });

  it.each([
    ["kind", { kind: "withdrawal" }, 6],
    ["currency", { currency: "BTC" }, 1],
    ["account kind", { accountKind: "margin" as const }, 1],
    ["kind and currency", { kind: "exchange", currency: "USDT" }, 1],
  ])("filters by %s", async (_name, filter, count) => {
    const log = await getBalanceLog(database.db, alice, { pageNo: 1, pageSize: 50, ...filter });
    expect(log.total).toBe(count);
    expect(log.records).toHaveLength(count);
    for (const e of log.records) expect(e).toMatchObject(filter);
  });

  it("pages", async () => {
    const first = await getBalanceLog(database.db, alice, { pageNo: 1, pageSize: 5 });
    const last = await getBalanceLog(database.db, alice, { pageNo: 3, pageSize: 5 });
    const beyond = await getBalanceLog(database.db, alice, { pageNo: 4, pageSize: 5 });
    expect([first.records.length, last.records.length, beyond.records.length]).toEqual([5, 2, 0]);
    expect([first.total, last.total, beyond.total]).toEqual([12, 12, 12]);
    expect(last.records.at(-1)?.kind).toBe("deposit");
  });

  it("shows a customer only their own side", async () => {
    const log = await getBalanceLog(database.db, bob, { pageNo: 1, pageSize: 50 });
    expect(log.records.map(row)).toEqual([
      ["spot", "USDT", "transfer", "posted", "-3"],
      ["spot", "USDT", "deposit", "posted", "50"],
    ]);
  });
});
