// Ledger scenarios as tables (maybe-finance style): a list of operations, then the balances
// every named account must show. Each scenario runs against fresh customers.
import { dec } from "@candor/domain";
import { afterAll, describe, expect, it } from "vitest";
import {
  type AccountBalance,
  auditLedger,
  batch,
  getAccountBalance,
  type LedgerOp,
  platformAccount,
  type UserAccountKind,
  userAccount,
} from "../../src/modules/ledger/service";
import { bareCustomers } from "../factory";
import { deposit, move, swap, withdrawalHold } from "./factories";
import { ledgerTestDatabase } from "./ledger-db";

const database = await ledgerTestDatabase();
afterAll(() => database.close());

interface Ctx {
  alice: number;
  bob: number;
  /** A key unique to this scenario; the same name gives the same key (for replays). */
  key(name?: string): string;
  /** Id of the hold created by the step labelled `name`. */
  hold(name: string): number;
}

interface Step {
  ops: (c: Ctx) => LedgerOp[];
  /** Name the transfer this step creates, to post or void it later. */
  as?: string;
  /** Expected error class name; the step must then change nothing. */
  fails?: string;
  /** The step must be answered from an earlier identical request. */
  replayed?: boolean;
}

type Expected = Partial<Pick<AccountBalance, "balance" | "held" | "available" | "incoming">>;

interface Scenario {
  name: string;
  steps: Step[];
  /** "alice spot USDT", "bob margin USDT", "clearing USDT", "treasury BTC" … */
  balances: Record<string, Expected>;
}

// Step shorthands (amounts in USDT unless given).
const dep = (amount: string, key?: string, currency = "USDT"): Step => ({
  ops: (c) => [deposit(c.alice, currency, amount, c.key(key))],
});
const withdraw = (amount: string, as: string): Step => ({
  ops: (c) => [withdrawalHold(c.alice, "USDT", amount, c.key(as))],
  as,
});
const postHold = (name: string, amount?: string): Step => ({
  ops: (c) => [{ type: "post", pendingId: c.hold(name), key: c.key(), ...(amount ? { amount } : {}) }],
});
const voidHoldStep = (name: string, key?: string): Step => ({
  ops: (c) => [{ type: "void", pendingId: c.hold(name), key: c.key(key) }],
});
const toKind = (kind: UserAccountKind, amount: string): Step => ({
  ops: (c) => [move("USDT", userAccount(c.alice), userAccount(c.alice, kind), amount, c.key())],
});
const fails = (step: Step, error: string): Step => ({ ...step, fails: error });
const replayed = (step: Step): Step => ({ ...step, replayed: true });

const scenarios: Scenario[] = [
  {
    name: "a deposit credits the customer's spot account and debits platform clearing",
    steps: [dep("100")],
    balances: {
      "alice spot USDT": { balance: "100", held: "0", available: "100" },
      "clearing USDT": { balance: "-100" },
    },
  },
  {
    name: "a withdrawal request holds the amount: it leaves available, stays in the balance",
    steps: [dep("100"), withdraw("30", "w")],
    balances: {
      "alice spot USDT": { balance: "100", held: "30", available: "70" },
      "clearing USDT": { balance: "-100", incoming: "30" },
    },
  },
  {
    name: "a paid-out withdrawal posts the hold",
    steps: [dep("100"), withdraw("30", "w"), postHold("w")],
    balances: {
      "alice spot USDT": { balance: "70", held: "0", available: "70" },
      "clearing USDT": { balance: "-70", incoming: "0" },
    },
  },
  {
    name: "a cancelled withdrawal voids the hold and the funds are available again",
    steps: [dep("100"), withdraw("30", "w"), voidHoldStep("w")],
    balances: {
      "alice spot USDT": { balance: "100", held: "0", available: "100" },
      "clearing USDT": { balance: "-100", incoming: "0" },
    },
  },
  {
    name: "a partial post moves less than was held and releases the rest",
    steps: [dep("100"), withdraw("30", "w"), postHold("w", "20.5")],
    balances: {
      "alice spot USDT": { balance: "79.5", held: "0", available: "79.5" },
      "clearing USDT": { balance: "-79.5" },
    },
  },
  {
    name: "a swap between currencies goes through the treasury accounts, one currency per leg",
    steps: [
      dep("100"),
      {
        ops: (c) =>
          swap(c.alice, { currency: "USDT", amount: "50" }, { currency: "BTC", amount: "0.00073125" }, c.key()),
      },
    ],
    balances: {
      "alice spot USDT": { available: "50" },
      "alice spot BTC": { balance: "0.00073125", available: "0.00073125" },
      "treasury USDT": { balance: "50" },
      "treasury BTC": { balance: "-0.00073125" },
    },
  },
  {
    name: "a withdrawal above the balance fails and leaves the balances untouched",
    steps: [dep("10"), fails(withdraw("30", "w"), "InsufficientBalanceError")],
    balances: {
      "alice spot USDT": { balance: "10", held: "0", available: "10" },
      "clearing USDT": { balance: "-10", incoming: "0" },
    },
  },
  {
    name: "held funds cannot be spent a second time",
    steps: [dep("100"), withdraw("80", "w"), fails(toKind("margin", "30"), "InsufficientBalanceError")],
    balances: {
      "alice spot USDT": { balance: "100", held: "80", available: "20" },
      "alice margin USDT": { balance: "0" },
    },
  },
  {
    name: "a batch with one unaffordable leg changes nothing",
    steps: [
      dep("100"),
      {
        ops: (c) => [
          move("USDT", userAccount(c.alice), userAccount(c.alice, "margin"), "60", c.key()),
          move("USDT", userAccount(c.alice), userAccount(c.alice, "options"), "60", c.key()),
        ],
        fails: "InsufficientBalanceError",
      },
    ],
    balances: {
      "alice spot USDT": { balance: "100" },
      "alice margin USDT": { balance: "0" },
      "alice options USDT": { balance: "0" },
    },
  },
  {
    name: "a batch is checked as a whole: an incoming leg pays for an outgoing one",
    steps: [
      {
        ops: (c) => [
          move("USDT", userAccount(c.alice), userAccount(c.bob), "40", c.key()),
          deposit(c.alice, "USDT", "40", c.key()),
        ],
      },
    ],
    balances: {
      "alice spot USDT": { balance: "0" },
      "bob spot USDT": { balance: "40" },
      "clearing USDT": { balance: "-40" },
    },
  },
  {
    name: "moving funds between a customer's own accounts",
    steps: [dep("100"), toKind("margin", "40"), toKind("options", "0.000000000000000001")],
    balances: {
      "alice spot USDT": { available: "59.999999999999999999" },
      "alice margin USDT": { available: "40" },
      "alice options USDT": { available: "0.000000000000000001" },
    },
  },
  {
    name: "replaying a deposit with the same key applies it once",
    steps: [dep("100", "d1"), replayed(dep("100", "d1")), replayed(dep("100", "d1"))],
    balances: { "alice spot USDT": { balance: "100" }, "clearing USDT": { balance: "-100" } },
  },
  {
    name: "the same key with a different amount is a conflict",
    steps: [dep("100", "d1"), fails(dep("50", "d1"), "IdempotencyConflictError")],
    balances: { "alice spot USDT": { balance: "100" } },
  },
  {
    name: "the same key for a different kind of operation is a conflict",
    steps: [dep("100", "d1"), fails(withdraw("10", "d1"), "IdempotencyConflictError")],
    balances: { "alice spot USDT": { balance: "100", held: "0" } },
  },
  {
    name: "a voided hold cannot be posted",
    steps: [dep("100"), withdraw("30", "w"), voidHoldStep("w"), fails(postHold("w"), "HoldAlreadyResolvedError")],
    balances: { "alice spot USDT": { balance: "100", held: "0", available: "100" } },
  },
  {
    name: "a hold is resolved once: a second void under another key fails, the same key replays",
    steps: [
      dep("100"),
      withdraw("30", "w"),
      voidHoldStep("w", "v1"),
      replayed(voidHoldStep("w", "v1")),
      fails(voidHoldStep("w", "v2"), "HoldAlreadyResolvedError"),
    ],
    balances: { "alice spot USDT": { available: "100" }, "clearing USDT": { incoming: "0" } },
  },
  {
    name: "posting more than was held is refused as a broken invariant",
    steps: [dep("100"), withdraw("30", "w"), fails(postHold("w", "31"), "LedgerAssertionError")],
    balances: { "alice spot USDT": { balance: "100", held: "30" } },
  },
  {
    name: "posting a transfer that is not a hold is not found",
    steps: [
      { ops: (c) => [deposit(c.alice, "USDT", "5", c.key("d"))], as: "d" },
      fails(postHold("d"), "HoldNotFoundError"),
    ],
    balances: { "alice spot USDT": { balance: "5" } },
  },
];

function parseAccount(name: string, users: Record<string, number>) {
  const parts = name.split(" ");
  if (parts.length === 3) {
    const [who = "", kind, currency = ""] = parts;
    const userId = users[who];
    if (!userId) throw new Error(`unknown customer ${who}`);
    return { ...userAccount(userId, kind as UserAccountKind), currency };
  }
  const [kind, currency = ""] = parts;
  return { ...platformAccount(kind as "clearing"), currency };
}

describe("ledger scenarios", () => {
  it.each(scenarios.map((s, i) => [s.name, s, i] as const))("%s", async (_name, scenario, index) => {
    const [alice = 0, bob = 0] = await bareCustomers(database, 2);
    const users = { alice, bob };
    // Platform accounts are shared by every scenario: compare their change, not their level.
    const platformNames = Object.keys(scenario.balances).filter((n) => n.split(" ").length === 2);
    const platformBefore = new Map<string, AccountBalance | null>();
    for (const name of platformNames) {
      platformBefore.set(name, await getAccountBalance(database.db, parseAccount(name, users)));
    }

    const run = `s${index}-${alice}`;
    let counter = 0;
    const holds = new Map<string, number>();
    const ctx: Ctx = {
      alice,
      bob,
      key: (name) => `${run}:${name ?? `auto${counter++}`}`,
      hold: (name) => {
        const id = holds.get(name);
        if (id === undefined) throw new Error(`no transfer labelled ${name}`);
        return id;
      },
    };

    for (const step of scenario.steps) {
      const ops = step.ops(ctx);
      if (step.fails) {
        const before = await auditLedger(database.db);
        await expect(batch(database.db, ops)).rejects.toMatchObject({ name: step.fails });
        expect((await auditLedger(database.db)).transfers, "a failed step writes nothing").toBe(before.transfers);
        continue;
      }
      const result = await batch(database.db, ops);
      expect(result.replayed).toBe(step.replayed ?? false);
      if (step.as) holds.set(step.as, result.transfers[0]?.id ?? -1);
    }

    for (const [name, expected] of Object.entries(scenario.balances)) {
      const actual = await getAccountBalance(database.db, parseAccount(name, users));
      const zero = { balance: "0", held: "0", incoming: "0", available: "0" };
      const now = actual ?? zero;
      if (platformNames.includes(name)) {
        const before = platformBefore.get(name) ?? zero;
        for (const k of Object.keys(expected) as (keyof Expected)[]) {
          const change = dec(now[k]).minus(before[k]).toFixed();
          expect(change, `${name} ${k} change`).toBe(dec(expected[k] ?? "").toFixed());
        }
      } else {
        for (const k of Object.keys(expected) as (keyof Expected)[]) {
          expect(now[k], `${name} ${k}`).toBe(expected[k]);
        }
      }
    }
    expect((await auditLedger(database.db)).violations).toEqual([]);
  });
});
