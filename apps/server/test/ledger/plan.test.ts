// The ledger's pure core (no database): how one transfer moves an account's available
// balance, and how a batch is planned and checked before anything is written.
import type { LedgerKind } from "@candor/contract";
import { Decimal, dec } from "@candor/domain";
import { describe, expect, it } from "vitest";
import { type AccountState, availableChange, planBatch, sideKey } from "../../src/modules/ledger/plan";
import {
  type AccountSide,
  type LedgerOp,
  platformAccount,
  type Transfer,
  userAccount,
} from "../../src/modules/ledger/types";

describe("availableChange", () => {
  it.each([
    ["debit", "posted", "10", null, "-10"],
    ["credit", "posted", "10", null, "10"],
    ["debit", "pending", "10", null, "-10"], // a hold leaves available at once
    ["credit", "pending", "10", null, "0"], // incoming funds are not available before the post
    ["debit", "post", "10", "10", "0"], // full post: already held
    ["debit", "post", "6", "10", "4"], // partial post releases the rest
    ["credit", "post", "6", "10", "6"],
    ["debit", "void", "10", "10", "10"], // void releases the hold
    ["credit", "void", "10", "10", "0"],
  ] as const)("%s side of a %s transfer of %s (held %s) → %s", (side, phase, amount, held, expected) => {
    expect(availableChange(side, phase, dec(amount), held === null ? null : dec(held)).toFixed()).toBe(expected);
  });
});

const account = (id: number, userId: number | null, kind: string, credits = "0"): AccountState => ({
  id,
  userId,
  currency: "USDT",
  kind,
  shard: 0,
  debitsPosted: new Decimal(0),
  creditsPosted: dec(credits),
  debitsPending: new Decimal(0),
  creditsPending: new Decimal(0),
});

function setup(aliceCredits: string) {
  const alice = account(2, 7, "spot", aliceCredits);
  const clearing = account(1, null, "clearing");
  const margin = account(3, 7, "margin");
  return {
    accounts: new Map([
      [sideKey(userAccount(7), "USDT"), alice],
      [sideKey(platformAccount("clearing"), "USDT"), clearing],
      [sideKey(userAccount(7, "margin"), "USDT"), margin],
    ]),
    accountsById: new Map([alice, clearing, margin].map((a) => [a.id, a])),
    holds: new Map<number, Transfer>(),
    resolvedHoldIds: new Set<number>(),
  };
}

const op = (debit: AccountSide, credit: AccountSide, amount: string, key: string): LedgerOp => ({
  type: "transfer",
  currency: "USDT",
  debit,
  credit,
  amount,
  key,
  kind: "test" as LedgerKind,
  reference: { type: "test", id: key },
});

describe("planBatch", () => {
  it("nets several operations on one account into one change per account, in id order", () => {
    const plan = planBatch({
      ...setup("0"),
      ops: [
        op(platformAccount("clearing"), userAccount(7), "100", "a"),
        op(userAccount(7), userAccount(7, "margin"), "40", "b"),
      ],
    });
    expect(plan.rows.map((r) => [r.debitAccountId, r.creditAccountId, r.amount])).toEqual([
      [1, 2, "100"],
      [2, 3, "40"],
    ]);
    expect(plan.changes.map((c) => [c.accountId, c.debitsPosted.toFixed(), c.creditsPosted.toFixed()])).toEqual([
      [1, "100", "0"],
      [2, "40", "100"],
      [3, "0", "40"],
    ]);
  });

  it("checks customer balances at the end of the batch, not after each operation", () => {
    const plan = planBatch({
      ...setup("0"),
      ops: [
        op(userAccount(7), userAccount(7, "margin"), "40", "b"),
        op(platformAccount("clearing"), userAccount(7), "40", "a"),
      ],
    });
    expect(
      plan.after
        .get(2)
        ?.creditsPosted.minus(plan.after.get(2)?.debitsPosted ?? 0)
        .toFixed(),
    ).toBe("0");
  });

  it("refuses a batch that leaves a customer below zero, naming the account", () => {
    expect(() =>
      planBatch({ ...setup("39.99"), ops: [op(userAccount(7), userAccount(7, "margin"), "40", "b")] }),
    ).toThrow(expect.objectContaining({ name: "InsufficientBalanceError", accountId: 2, currency: "USDT" }));
  });

  it("lets a platform account go negative", () => {
    const plan = planBatch({ ...setup("0"), ops: [op(platformAccount("clearing"), userAccount(7), "5", "a")] });
    const clearing = plan.after.get(1);
    expect(clearing?.creditsPosted.minus(clearing.debitsPosted).toFixed()).toBe("-5");
  });
});
