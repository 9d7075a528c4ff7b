// Property test (fast-check): random concurrent operations — deposits, withdrawals, holds,
// posts, cancels, rejects (voids), swaps, moves, payments, replays and conflicting reuses
// of keys — across several customers and currencies, all started at once (real concurrency
// over the pool on PostgreSQL; queued on PGlite's single connection). Then:
//   - per currency the sum of all balances is zero, no customer account is negative,
//     every account's totals equal the sum of its transfers (auditLedger, from the rows);
//   - every customer account equals a model rebuilt from the results the callers got;
//   - no idempotency key was applied twice (one row per key, every caller saw the same transfer);
//   - the only failures are the ledger's named domain errors.
import { Decimal, dec } from "@candor/domain";
import fc from "fast-check";
import { afterAll, describe, expect, it } from "vitest";
import {
  auditLedger,
  batch,
  getBalances,
  type LedgerOp,
  platformAccount,
  type Transfer,
  type UserAccountKind,
  userAccount,
} from "../../src/modules/ledger/service";
import { bareCustomers } from "../factory";
import { onPostgres } from "../helper";
import { deposit, move, swap, withdrawalHold } from "./factories";
import { ledgerTestDatabase } from "./ledger-db";

const database = await ledgerTestDatabase();
afterAll(() => database.close());

const CURRENCIES = ["USDT", "BTC", "ETH"] as const;
type Currency = (typeof CURRENCIES)[number];
/** Units of one currency per unit of another, for swaps (any positive rate will do). */
const USDT_PER: Record<Currency, string> = { USDT: "1", BTC: "68421.5", ETH: "3512.25" };
const SIDE_KINDS: UserAccountKind[] = ["margin", "options", "earn", "frozen"];
const EXPECTED_ERRORS = new Set([
  "InsufficientBalanceError",
  "IdempotencyConflictError",
  "HoldAlreadyResolvedError",
  "HoldNotFoundError",
]);

type Command =
  | { t: "deposit"; user: number; cur: Currency; units: number }
  | { t: "withdraw"; user: number; cur: Currency; units: number } // single-phase payout
  | { t: "hold"; user: number; cur: Currency; units: number } // withdrawal request
  | { t: "post"; of: number; partial: boolean } // operator pays out
  | { t: "cancel"; of: number } // customer cancels (void)
  | { t: "reject"; of: number } // operator rejects (void, another key)
  | { t: "swap"; user: number; from: Currency; to: Currency; units: number }
  | { t: "move"; user: number; cur: Currency; kind: UserAccountKind; units: number; back: boolean }
  | { t: "pay"; from: number; to: number; cur: Currency; units: number }
  | { t: "replay"; of: number }
  | { t: "conflict"; of: number };

const USERS = 4;
const user = fc.integer({ min: 0, max: USERS - 1 });
const cur = fc.constantFrom(...CURRENCIES);
const units = fc.integer({ min: 1, max: 40_000 });
const ref = fc.nat({ max: 1000 });
const command: fc.Arbitrary<Command> = fc.oneof(
  { weight: 5, arbitrary: fc.record({ t: fc.constant("deposit" as const), user, cur, units }) },
  { weight: 2, arbitrary: fc.record({ t: fc.constant("withdraw" as const), user, cur, units }) },
  { weight: 4, arbitrary: fc.record({ t: fc.constant("hold" as const), user, cur, units }) },
  { weight: 3, arbitrary: fc.record({ t: fc.constant("post" as const), of: ref, partial: fc.boolean() }) },
  { weight: 2, arbitrary: fc.record({ t: fc.constant("cancel" as const), of: ref }) },
  { weight: 2, arbitrary: fc.record({ t: fc.constant("reject" as const), of: ref }) },
  { weight: 3, arbitrary: fc.record({ t: fc.constant("swap" as const), user, from: cur, to: cur, units }) },
  {
    weight: 2,
    arbitrary: fc.record({
      t: fc.constant("move" as const),
      user,
      cur,
      kind: fc.constantFrom(...SIDE_KINDS),
      units,
      back: fc.boolean(),
    }),
  },
  { weight: 2, arbitrary: fc.record({ t: fc.constant("pay" as const), from: user, to: user, cur, units }) },
  { weight: 2, arbitrary: fc.record({ t: fc.constant("replay" as const), of: ref }) },
  { weight: 1, arbitrary: fc.record({ t: fc.constant("conflict" as const), of: ref }) },
);

/** Opening balance units per customer and currency (0 = empty account). */
const funding = fc.array(
  fc.oneof({ weight: 1, arbitrary: fc.constant(0) }, { weight: 4, arbitrary: fc.integer({ min: 1, max: 300_000 }) }),
  {
    minLength: USERS * CURRENCIES.length,
    maxLength: USERS * CURRENCIES.length,
  },
);

/** 1 unit = 0.0001 of the currency (BTC/ETH) or 0.01 (USDT): small amounts, frequent shortfalls. */
const amountOf = (c: Currency, n: number) =>
  dec(n)
    .div(c === "USDT" ? 100 : 10_000)
    .toFixed();

/** Batches submitted and not yet answered (the pool runs up to 10 of them at once on PostgreSQL). */
const inFlight = { now: 0, max: 0 };

type Outcome = { ok: true; transfers: Transfer[] } | { ok: false; error: string };

interface Run {
  users: number[];
  /** Per command: the operations it submitted (null when it had nothing to do). */
  ops: (LedgerOp[] | null)[];
  outcomes: Promise<Outcome | null>[];
  /** Transfers of the opening balances. */
  opening: Transfer[];
}

async function execute(
  commands: Command[],
  funding: number[],
  runId: string,
): Promise<{ run: Run; outcomes: (Outcome | null)[] }> {
  const users = await bareCustomers(database, USERS);
  const uid = (i: number) => users[i] ?? 0;
  const run: Run = { users, ops: [], outcomes: [], opening: [] };
  const submit = async (ops: LedgerOp[]): Promise<Outcome> => {
    inFlight.now++;
    inFlight.max = Math.max(inFlight.max, inFlight.now);
    try {
      return { ok: true, transfers: (await batch(database.db, ops)).transfers };
    } catch (err) {
      const { name, message } = err as Error;
      return { ok: false, error: EXPECTED_ERRORS.has(name) ? name : `${name}: ${message}` };
    } finally {
      inFlight.now--;
    }
  };
  /** The earlier hold this command refers to (once it finished), or null if none or it failed. */
  const holdOf = async (i: number, of: number): Promise<{ index: number; transfer: Transfer } | null> => {
    const earlierHolds = commands.slice(0, i).flatMap((c, j) => (c.t === "hold" ? [j] : []));
    if (earlierHolds.length === 0) return null;
    const index = earlierHolds[of % earlierHolds.length] ?? 0;
    const outcome = await run.outcomes[index];
    const transfer = outcome?.ok ? outcome.transfers[0] : undefined;
    return transfer ? { index, transfer } : null;
  };

  // Opening balances, applied before the concurrent part so most operations can succeed.
  const opening = funding.flatMap((n, j) => {
    const c = CURRENCIES[j % CURRENCIES.length] ?? "USDT";
    return n > 0 ? [deposit(uid(Math.floor(j / CURRENCIES.length)), c, amountOf(c, n), `${runId}:open:${j}`)] : [];
  });
  if (opening.length > 0) run.opening = (await batch(database.db, opening)).transfers;

  commands.forEach((c, i) => {
    const key = `${runId}:${i}`;
    const started = (async (): Promise<Outcome | null> => {
      let ops: LedgerOp[] | null = null;
      switch (c.t) {
        case "deposit":
          ops = [deposit(uid(c.user), c.cur, amountOf(c.cur, c.units * 5), key)];
          break;
        case "withdraw":
          ops = [move(c.cur, userAccount(uid(c.user)), platformAccount("clearing"), amountOf(c.cur, c.units), key)];
          break;
        case "hold":
          ops = [withdrawalHold(uid(c.user), c.cur, amountOf(c.cur, c.units), key)];
          break;
        case "post": {
          const held = await holdOf(i, c.of);
          if (!held) break;
          const amount = c.partial ? dec(held.transfer.amount).div(3).toDecimalPlaces(18).toFixed() : undefined;
          ops = [
            {
              type: "post",
              pendingId: held.transfer.id,
              key: `${runId}:${held.index}:post`,
              ...(amount && dec(amount).gt(0) ? { amount } : {}),
            },
          ];
          break;
        }
        case "cancel":
        case "reject": {
          const held = await holdOf(i, c.of);
          if (held) ops = [{ type: "void", pendingId: held.transfer.id, key: `${runId}:${held.index}:${c.t}` }];
          break;
        }
        case "swap": {
          if (c.from === c.to) break;
          const paid = amountOf(c.from, c.units);
          const received = dec(paid).mul(USDT_PER[c.from]).div(USDT_PER[c.to]).toDecimalPlaces(8, Decimal.ROUND_DOWN);
          if (received.lte(0)) break;
          ops = swap(
            uid(c.user),
            { currency: c.from, amount: paid },
            { currency: c.to, amount: received.toFixed() },
            key,
          );
          break;
        }
        case "move": {
          const [a, b] = [userAccount(uid(c.user)), userAccount(uid(c.user), c.kind)];
          ops = [
            c.back
              ? move(c.cur, b, a, amountOf(c.cur, c.units), key)
              : move(c.cur, a, b, amountOf(c.cur, c.units), key),
          ];
          break;
        }
        case "pay":
          if (c.from === c.to) break;
          ops = [move(c.cur, userAccount(uid(c.from)), userAccount(uid(c.to)), amountOf(c.cur, c.units), key)];
          break;
        case "replay":
        case "conflict": {
          if (i === 0) break;
          const index = c.of % i;
          await run.outcomes[index];
          const earlier = run.ops[index];
          if (!earlier) break;
          if (c.t === "replay") ops = earlier.map((op) => ({ ...op }));
          else {
            // Same keys, one amount changed: must never apply next to the original.
            const [first, ...rest] = earlier;
            if (!first || first.type === "void") break;
            const changed = {
              ...first,
              amount: dec(first.type === "post" ? "0.000001" : first.amount)
                .plus("0.01")
                .toFixed(),
            };
            ops = [changed as LedgerOp, ...rest];
          }
          break;
        }
      }
      run.ops[i] = ops;
      return ops ? submit(ops) : null;
    })();
    run.outcomes.push(started);
  });
  return { run, outcomes: await Promise.all(run.outcomes) };
}

/** Rebuilds every touched account's totals from the transfers the callers were given. */
function model(transfers: Map<number, Transfer>) {
  const zero = () => ({ dp: new Decimal(0), cp: new Decimal(0), dpe: new Decimal(0), cpe: new Decimal(0) });
  const accounts = new Map<number, ReturnType<typeof zero>>();
  const at = (id: number) => {
    let a = accounts.get(id);
    if (!a) {
      a = zero();
      accounts.set(id, a);
    }
    return a;
  };
  for (const t of [...transfers.values()].sort((a, b) => a.id - b.id)) {
    const debit = at(t.debitAccountId);
    const credit = at(t.creditAccountId);
    const amount = dec(t.amount);
    if (t.phase === "posted" || t.phase === "post") {
      debit.dp = debit.dp.plus(amount);
      credit.cp = credit.cp.plus(amount);
    } else if (t.phase === "pending") {
      debit.dpe = debit.dpe.plus(amount);
      credit.cpe = credit.cpe.plus(amount);
    }
    if (t.phase === "post" || t.phase === "void") {
      const held = transfers.get(t.pendingId ?? -1);
      if (!held) throw new Error(`resolution ${t.id} of an unknown hold`);
      debit.dpe = debit.dpe.minus(held.amount);
      credit.cpe = credit.cpe.minus(held.amount);
    }
  }
  return accounts;
}

async function check(runId: string, run: Run, outcomes: (Outcome | null)[]) {
  // Only the ledger's named domain errors may surface.
  const unexpected = outcomes.flatMap((o) => (o && !o.ok && !EXPECTED_ERRORS.has(o.error) ? [o.error] : []));
  expect(unexpected).toEqual([]);

  // No key applied twice: every caller of a key got the same transfer, and the key has one row.
  const byKey = new Map<string, number>();
  const transfers = new Map<number, Transfer>();
  for (const o of outcomes) {
    if (!o?.ok) continue;
    for (const t of o.transfers) {
      const seen = byKey.get(t.key);
      expect(seen === undefined || seen === t.id, `key ${t.key} answered with one transfer`).toBe(true);
      byKey.set(t.key, t.id);
      transfers.set(t.id, t);
    }
  }
  const rows = await database.query<{ idempotency_key: string; n: number | string }>(
    `SELECT idempotency_key, count(*) AS n FROM ledger_transfers
     WHERE idempotency_key LIKE $1 AND idempotency_key NOT LIKE $2 GROUP BY 1`,
    [`${runId}:%`, `${runId}:open:%`],
  );
  expect(new Set(rows.map((r) => r.idempotency_key))).toEqual(new Set(byKey.keys()));
  expect(rows.every((r) => Number(r.n) === 1)).toBe(true);

  // Customer accounts equal the model rebuilt from the callers' results.
  for (const t of run.opening) transfers.set(t.id, t);
  const expected = model(transfers);
  for (const userId of run.users) {
    for (const b of await getBalances(database.db, userId)) {
      const m = expected.get(b.accountId);
      const balance = m ? m.cp.minus(m.dp) : new Decimal(0);
      expect(b.balance, `account ${b.accountId} balance`).toBe(balance.toFixed());
      expect(b.held, `account ${b.accountId} held`).toBe((m?.dpe ?? new Decimal(0)).toFixed());
      expect(dec(b.available).gte(0)).toBe(true);
    }
  }

  // The whole ledger: zero-sum per currency, no negative customer, totals = sum of transfers.
  expect((await auditLedger(database.db)).violations).toEqual([]);
}

describe(`ledger under random concurrent operations (${onPostgres ? "PostgreSQL, pooled" : "PGlite"})`, () => {
  it("keeps every invariant", { timeout: 120_000 }, async () => {
    let runs = 0;
    let applied = 0;
    let failed = 0;
    await fc.assert(
      fc.asyncProperty(funding, fc.array(command, { minLength: 10, maxLength: 60 }), async (opening, commands) => {
        const runId = `prop-${process.pid}-${runs++}`;
        const { run, outcomes } = await execute(commands, opening, runId);
        for (const o of outcomes) if (o) o.ok ? applied++ : failed++;
        await check(runId, run, outcomes);
      }),
      { numRuns: Number(process.env.LEDGER_PROPERTY_RUNS ?? 60) },
    );
    // The generator must exercise both paths, or the property proves little.
    expect(applied).toBeGreaterThan(100);
    expect(failed).toBeGreaterThan(10);
    expect(inFlight.max, "operations really overlapped").toBeGreaterThan(5);
  });
});
