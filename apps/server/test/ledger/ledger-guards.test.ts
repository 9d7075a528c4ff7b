// What the database itself refuses (immutable transfers, balances written only by the
// ledger, customer accounts ≥ 0, one currency per transfer) and what the ledger asserts
// in code before writing anything.
import type { LedgerKind } from "@candor/contract";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { t } from "../../src/i18n";
import {
  auditLedger,
  batch,
  ensurePlatformAccount,
  ensureUserAccount,
  InsufficientBalanceError,
  type LedgerOp,
  platformAccount,
  transfer,
  userAccount,
} from "../../src/modules/ledger/service";
import { bareCustomers } from "../factory";
import { deposit } from "./factories";
import { ledgerTestDatabase } from "./ledger-db";

const database = await ledgerTestDatabase();
afterAll(() => database.close());

let alice = 0;
let spotId = 0;
let firstTransferId = 0;
beforeAll(async () => {
  [alice = 0] = await bareCustomers(database, 1);
  const result = await batch(database.db, [deposit(alice, "USDT", "100", `guards-${alice}`)]);
  firstTransferId = result.transfers[0]?.id ?? 0;
  spotId = (await ensureUserAccount(database.db, alice, "USDT")).accountId;
});

/** Runs raw SQL in its own transaction and returns the PostgreSQL error (code + message). */
async function rawError(statements: string[]): Promise<{ code?: string; message: string }> {
  try {
    await database.db.transaction(async (tx) => {
      for (const s of statements) await tx.execute(sql.raw(s));
    });
  } catch (err) {
    const cause = (err as { cause?: { code?: string; message?: string } }).cause;
    return { code: cause?.code, message: cause?.message ?? String(err) };
  }
  return { message: "no error" };
}

describe("the database refuses", () => {
  it("updating a transfer", async () => {
    const e = await rawError([`UPDATE ledger_transfers SET amount = 1000 WHERE id = ${firstTransferId}`]);
    expect(e.message).toMatch(/ledger history is immutable/);
  });

  it("deleting or truncating transfers", async () => {
    expect((await rawError([`DELETE FROM ledger_transfers WHERE id = ${firstTransferId}`])).message).toMatch(
      /immutable/,
    );
    expect((await rawError(["TRUNCATE ledger_transfers CASCADE"])).message).toMatch(/immutable/);
  });

  it("writing a balance outside a ledger batch", async () => {
    const e = await rawError([`UPDATE ledger_accounts SET credits_posted = 1000000 WHERE id = ${spotId}`]);
    expect(e.message).toMatch(/balances change only through ledger transfers/);
  });

  it("deleting an account or changing its owner, currency or kind", async () => {
    expect((await rawError([`DELETE FROM ledger_accounts WHERE id = ${spotId}`])).message).toMatch(/never deleted/);
    expect((await rawError([`UPDATE ledger_accounts SET kind = 'margin' WHERE id = ${spotId}`])).message).toMatch(
      /never change/,
    );
  });

  it("a negative customer balance, even with the ledger's write flag set", async () => {
    const e = await rawError([
      "SELECT set_config('candor.ledger_writer', 'on', true)",
      `UPDATE ledger_accounts SET debits_posted = debits_posted + 1000 WHERE id = ${spotId}`,
    ]);
    expect(e.code).toBe("23514");
  });

  it("a transfer whose accounts hold another currency", async () => {
    const btc = await ensurePlatformAccount(database.db, "BTC", "treasury");
    const e = await rawError([
      `INSERT INTO ledger_transfers (idempotency_key, phase, debit_account_id, credit_account_id, currency, amount,
         kind, reference_type, reference_id)
       VALUES ('raw-cross-currency', 'posted', ${btc.accountId}, ${spotId}, 'BTC', 1, 'test', 'test', '1')`,
    ]);
    expect(e.code).toBe("23503");
  });

  it("a zero amount", async () => {
    const clearing = await ensurePlatformAccount(database.db, "USDT", "clearing");
    const e = await rawError([
      `INSERT INTO ledger_transfers (idempotency_key, phase, debit_account_id, credit_account_id, currency, amount,
         kind, reference_type, reference_id)
       VALUES ('raw-zero', 'posted', ${clearing.accountId}, ${spotId}, 'USDT', 0, 'test', 'test', '1')`,
    ]);
    expect(e.code).toBe("23514");
  });

  it("a user kind on a platform account and the other way round", async () => {
    expect((await rawError(["INSERT INTO ledger_accounts (currency, kind) VALUES ('USDT', 'spot')"])).code).toBe(
      "23514",
    );
    expect(
      (await rawError([`INSERT INTO ledger_accounts (user_id, currency, kind) VALUES (${alice}, 'USDT', 'house')`]))
        .code,
    ).toBe("23514");
  });
});

describe("the ledger asserts before writing", () => {
  const base = (over: Partial<Extract<LedgerOp, { type: "transfer" }>> = {}): LedgerOp => ({
    type: "transfer",
    currency: "USDT",
    debit: userAccount(alice),
    credit: platformAccount("clearing"),
    amount: "1",
    key: `assert-${Math.random()}`,
    kind: "test" as LedgerKind,
    reference: { type: "test", id: 1 },
    ...over,
  });

  type Override = Partial<Extract<LedgerOp, { type: "transfer" }>>;
  it.each<[string, () => Override]>([
    ["a zero amount", () => ({ amount: "0" })],
    ["a negative amount", () => ({ amount: "-1" })],
    ["more than 18 decimals", () => ({ amount: "0.0000000000000000001" })],
    ["more than 18 integer digits", () => ({ amount: "1000000000000000000" })],
    ["an exponent", () => ({ amount: "1e3" })],
    ["a lower-case currency", () => ({ currency: "usdt" })],
    ["the same account on both sides", () => ({ credit: userAccount(alice) })],
    ["an unknown platform kind", () => ({ credit: { platform: "vault" } as never })],
    ["an upper-case reason code", () => ({ kind: "Deposit" as LedgerKind })],
  ])("%s", async (_name, override) => {
    const before = await auditLedger(database.db);
    await expect(batch(database.db, [base(override())])).rejects.toMatchObject({ name: "LedgerAssertionError" });
    expect((await auditLedger(database.db)).transfers).toBe(before.transfers);
  });

  it("an empty batch and a key used twice in one batch", async () => {
    await expect(batch(database.db, [])).rejects.toMatchObject({ name: "LedgerAssertionError" });
    const op = base();
    await expect(batch(database.db, [op, { ...op }])).rejects.toMatchObject({ name: "LedgerAssertionError" });
  });
});

describe("insufficient balance", () => {
  it("is a 409 with a translated message naming the currency", async () => {
    const err = await transfer(database.db, {
      currency: "USDT",
      debit: userAccount(alice),
      credit: platformAccount("clearing"),
      amount: "100000",
      key: `too-much-${alice}`,
      kind: "withdrawal",
      reference: { type: "test", id: 1 },
    }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(InsufficientBalanceError);
    const e = err as InsufficientBalanceError;
    expect(e.status).toBe(409);
    expect(e.accountId).toBe(spotId);
    expect(t("en-us", e.key, e.params)).toBe("Insufficient USDT balance");
    expect(t("ko", e.key, e.params)).toBe("USDT 잔액이 부족합니다");
  });
});
