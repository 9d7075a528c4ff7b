// Races: many requests against one balance at the same moment. On PostgreSQL they really
// run in parallel over the pool; on PGlite they queue on its single connection.
import { sql } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import {
  auditLedger,
  batch,
  getAccountBalance,
  getRetryStats,
  ledgerTransaction,
  platformAccount,
  post,
  voidHold,
} from "../../src/modules/ledger/service";
import { bareCustomers } from "../factory";
import { onPostgres } from "../helper";
import { deposit, move, withdrawalHold } from "./factories";
import { ledgerTestDatabase } from "./ledger-db";

const database = await ledgerTestDatabase(12);
afterAll(() => database.close());

const settle = <T>(promises: Promise<T>[]) => Promise.allSettled(promises);
const errorNames = (results: PromiseSettledResult<unknown>[]) =>
  results.flatMap((r) => (r.status === "rejected" ? [(r.reason as Error).name] : []));

describe("parallel withdrawals against one balance", () => {
  it("exactly the affordable number of holds succeed (1000 / 70 → 14 of 40)", async () => {
    const [alice = 0] = await bareCustomers(database, 1);
    await batch(database.db, [deposit(alice, "USDT", "1000", `race-hold-dep-${alice}`)]);
    const results = await settle(
      Array.from({ length: 40 }, (_, i) =>
        batch(database.db, [withdrawalHold(alice, "USDT", "70", `race-hold-${alice}-${i}`)]),
      ),
    );
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(14);
    expect(errorNames(results)).toEqual(Array(26).fill("InsufficientBalanceError"));
    const spot = await getAccountBalance(database.db, { userId: alice, kind: "spot", currency: "USDT" });
    expect(spot).toMatchObject({ balance: "1000", held: "980", available: "20" });
  });

  it("exactly the affordable number of single-phase payouts succeed (0.5 / 0.03 → 16 of 30)", async () => {
    const [alice = 0] = await bareCustomers(database, 1);
    await batch(database.db, [deposit(alice, "BTC", "0.5", `race-pay-dep-${alice}`)]);
    const results = await settle(
      Array.from({ length: 30 }, (_, i) =>
        batch(database.db, [
          move("BTC", { userId: alice, kind: "spot" }, platformAccount("clearing"), "0.03", `race-pay-${alice}-${i}`),
        ]),
      ),
    );
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(16);
    const spot = await getAccountBalance(database.db, { userId: alice, kind: "spot", currency: "BTC" });
    expect(spot).toMatchObject({ balance: "0.02", available: "0.02" });
  });

  it("the same request sent 20 times at once is applied once", async () => {
    const [alice = 0] = await bareCustomers(database, 1);
    const op = deposit(alice, "ETH", "1.5", `race-same-${alice}`);
    const results = await Promise.all(Array.from({ length: 20 }, () => batch(database.db, [{ ...op }])));
    expect(new Set(results.map((r) => r.transfers[0]?.id)).size).toBe(1);
    expect(results.filter((r) => !r.replayed)).toHaveLength(1);
    const spot = await getAccountBalance(database.db, { userId: alice, kind: "spot", currency: "ETH" });
    expect(spot?.balance).toBe("1.5");
  });

  it("a payout and a cancellation racing for one hold: exactly one wins, every time", async () => {
    const [alice = 0] = await bareCustomers(database, 1);
    await batch(database.db, [deposit(alice, "USDT", "100", `race-pv-dep-${alice}`)]);
    for (let i = 0; i < 10; i++) {
      const { transfers } = await batch(database.db, [withdrawalHold(alice, "USDT", "10", `race-pv-${alice}-${i}`)]);
      const pendingId = transfers[0]?.id ?? 0;
      const results = await settle([
        post(database.db, { pendingId, key: `race-pv-${alice}-${i}:post` }),
        voidHold(database.db, { pendingId, key: `race-pv-${alice}-${i}:cancel` }),
      ]);
      expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
      expect(errorNames(results)).toEqual(["HoldAlreadyResolvedError"]);
    }
    const spot = await getAccountBalance(database.db, { userId: alice, kind: "spot", currency: "USDT" });
    expect(spot?.held).toBe("0");
    expect((await auditLedger(database.db)).violations).toEqual([]);
  });
});

describe("locking", () => {
  it("opposite payments between two customers at the same time never deadlock", async () => {
    const [alice = 0, bob = 0] = await bareCustomers(database, 2);
    await batch(database.db, [
      deposit(alice, "USDT", "1000", `lock-a-${alice}`),
      deposit(bob, "USDT", "1000", `lock-b-${bob}`),
    ]);
    const before = getRetryStats();
    const a = { userId: alice, kind: "spot" as const };
    const b = { userId: bob, kind: "spot" as const };
    const payments = Array.from({ length: 60 }, (_, i) =>
      batch(database.db, [
        i % 2 === 0 ? move("USDT", a, b, "3", `lock-${alice}-${i}`) : move("USDT", b, a, "2", `lock-${alice}-${i}`),
      ]),
    );
    await Promise.all(payments);
    expect(getRetryStats().retried - before.retried, "ordered locks: no deadlock to retry").toBe(0);
    const aliceSpot = await getAccountBalance(database.db, { ...a, currency: "USDT" });
    expect(aliceSpot?.balance).toBe("970"); // 1000 − 30×3 + 30×2
  });

  it.skipIf(!onPostgres)(
    "a deadlock caused by callers' own lock order is retried, never surfaced",
    { timeout: 20_000 },
    async () => {
      const [alice = 0, bob = 0] = await bareCustomers(database, 2);
      await batch(database.db, [
        deposit(alice, "USDT", "100", `dl-a-${alice}`),
        deposit(bob, "USDT", "100", `dl-b-${bob}`),
      ]);
      await database.exec(
        "CREATE TABLE IF NOT EXISTS ledger_test_counters (id int PRIMARY KEY, n int NOT NULL); " +
          "INSERT INTO ledger_test_counters VALUES (1, 0) ON CONFLICT DO NOTHING",
      );
      const pause = () => new Promise((resolve) => setTimeout(resolve, 150));
      const bump = sql`UPDATE ledger_test_counters SET n = n + 1 WHERE id = 1`;
      const before = getRetryStats();
      // One caller locks the accounts then the counter row, the other the counter row then
      // the accounts: PostgreSQL detects the cycle and aborts one, which the ledger re-runs.
      const results = await settle([
        ledgerTransaction(database.db, async (tx) => {
          await batch(tx, [
            move("USDT", { userId: alice, kind: "spot" }, { userId: bob, kind: "spot" }, "1", `dl1-${alice}`),
          ]);
          await pause();
          await tx.execute(bump);
        }),
        ledgerTransaction(database.db, async (tx) => {
          await tx.execute(bump);
          await pause();
          await batch(tx, [
            move("USDT", { userId: bob, kind: "spot" }, { userId: alice, kind: "spot" }, "1", `dl2-${alice}`),
          ]);
        }),
      ]);
      expect(results.map((r) => r.status)).toEqual(["fulfilled", "fulfilled"]);
      expect(getRetryStats().retried - before.retried).toBeGreaterThanOrEqual(1);
      const [counter] = await database.query<{ n: number }>("SELECT n FROM ledger_test_counters WHERE id = 1");
      expect(counter?.n).toBe(2); // the aborted attempt's bump was rolled back with it
    },
  );
});
