// Which ledger transfers are evidence of a customer fact for rewards, as a table: only real
// money counts (mode "real"); demo (VUSDT) and contest (CUSDT) money never does, also when a
// futures close pays its fee from the margin account every mode shares.
import { describe, expect, it } from "vitest";
import type { FollowedTransfer } from "../../src/modules/ledger/service";
import { factOf } from "../../src/modules/rewards/follower";

const base: FollowedTransfer = {
  id: 1,
  kind: "futures_fee",
  currency: "USDT",
  amount: "1",
  referenceType: "futures_position",
  referenceId: "7",
  debitUserId: 42,
  debitKind: "spot",
  creditUserId: null,
  creditKind: "fees",
  createdAt: "2026-03-04T10:00:00.000Z",
};

describe("rewards facts come from real money only", () => {
  it.each([
    ["real futures opening fee (spot, USDT)", {}, "trade"],
    ["real futures closing fee (margin, USDT)", { debitKind: "margin" }, "trade"],
    ["real spot fee", { kind: "spot_fee", referenceType: "spot_order" }, "trade"],
    ["flash exchange paid in BTC", { kind: "exchange", currency: "BTC", referenceType: "flash_exchange" }, "trade"],
    ["demo futures opening fee (demo, VUSDT)", { debitKind: "demo", currency: "VUSDT" }, null],
    ["demo futures closing fee (margin, VUSDT)", { debitKind: "margin", currency: "VUSDT" }, null],
    ["contest futures opening fee (contest, CUSDT)", { debitKind: "contest", currency: "CUSDT" }, null],
    ["contest futures closing fee (margin, CUSDT)", { debitKind: "margin", currency: "CUSDT" }, null],
    ["contest spot fee (contest, CUSDT)", { kind: "spot_fee", debitKind: "contest", currency: "CUSDT" }, null],
    ["earn order from available", { kind: "earn", referenceType: "earn_order" }, "earn_order"],
    ["a platform-paid fee (no customer)", { debitUserId: null, debitKind: "fees" }, null],
    [
      "deposit to available",
      { kind: "deposit", debitUserId: null, debitKind: "clearing", creditUserId: 42, creditKind: "spot" },
      "deposit",
    ],
  ] as const)("%s", (_name, change, fact) => {
    expect(factOf({ ...base, ...change })?.fact ?? null).toBe(fact);
  });
});
