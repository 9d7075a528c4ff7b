// Other modules' business writes commit or roll back together with their ledger transfers
// (ledgerTransaction), e.g. a settlement and the transfers that pay it.
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  batch,
  getAccountBalance,
  getTransfersByReference,
  InsufficientBalanceError,
  ledgerTransaction,
  userAccount,
} from "../../src/modules/ledger/service";
import { bareCustomers } from "../factory";
import { deposit, move } from "./factories";
import { ledgerTestDatabase } from "./ledger-db";

const database = await ledgerTestDatabase();
afterAll(() => database.close());

// Stands in for another module's table (e.g. positions being settled).
beforeAll(() => database.exec("CREATE TABLE ledger_test_orders (id text PRIMARY KEY, status text NOT NULL)"));

const orderStatus = async (id: string) =>
  (await database.query<{ status: string }>("SELECT status FROM ledger_test_orders WHERE id = $1", [id]))[0]?.status;
const spot = async (userId: number) =>
  (await getAccountBalance(database.db, { ...userAccount(userId), currency: "USDT" }))?.balance;

describe("ledgerTransaction", () => {
  it("commits a business write and its transfers together", async () => {
    const [alice = 0] = await bareCustomers(database, 1);
    const id = `order-ok-${alice}`;
    await ledgerTransaction(database.db, async (tx) => {
      await tx.execute(sql`INSERT INTO ledger_test_orders VALUES (${id}, 'settled')`);
      await batch(tx, [deposit(alice, "USDT", "25", id)]);
    });
    expect(await orderStatus(id)).toBe("settled");
    expect(await spot(alice)).toBe("25");
  });

  it("rolls the business write back when the batch is refused", async () => {
    const [alice = 0] = await bareCustomers(database, 1);
    const id = `order-poor-${alice}`;
    const attempt = ledgerTransaction(database.db, async (tx) => {
      await tx.execute(sql`INSERT INTO ledger_test_orders VALUES (${id}, 'settled')`);
      await batch(tx, [move("USDT", userAccount(alice), userAccount(alice, "margin"), "1", id)]);
    });
    await expect(attempt).rejects.toBeInstanceOf(InsufficientBalanceError);
    expect(await orderStatus(id)).toBeUndefined();
  });

  it("rolls the transfers back when the business code fails after the batch", async () => {
    const [alice = 0] = await bareCustomers(database, 1);
    const id = `order-boom-${alice}`;
    const attempt = ledgerTransaction(database.db, async (tx) => {
      await batch(tx, [deposit(alice, "USDT", "25", id)]);
      throw new Error("settlement failed");
    });
    await expect(attempt).rejects.toThrow("settlement failed");
    expect(await spot(alice)).toBeUndefined();
    expect(await getTransfersByReference(database.db, "test", id)).toEqual([]);
  });

  it("lets the caller handle a refused batch and still commit its own writes", async () => {
    const [alice = 0] = await bareCustomers(database, 1);
    const id = `order-rejected-${alice}`;
    await ledgerTransaction(database.db, async (tx) => {
      const refused = await batch(tx, [move("USDT", userAccount(alice), userAccount(alice, "margin"), "1", id)]).then(
        () => false,
        (err: unknown) => err instanceof InsufficientBalanceError,
      );
      await tx.execute(sql`INSERT INTO ledger_test_orders VALUES (${id}, ${refused ? "rejected" : "filled"})`);
    });
    expect(await orderStatus(id)).toBe("rejected");
    expect(await getTransfersByReference(database.db, "test", id)).toEqual([]);
  });

  it("joins an outer transaction when nested", async () => {
    const [alice = 0] = await bareCustomers(database, 1);
    const id = `order-nested-${alice}`;
    await expect(
      ledgerTransaction(database.db, async (outer) => {
        await ledgerTransaction(outer, (inner) => batch(inner, [deposit(alice, "USDT", "5", id)]));
        throw new Error("outer fails");
      }),
    ).rejects.toThrow("outer fails");
    expect(await spot(alice)).toBeUndefined();
  });

  it("leaves the caller's planner settings as they were", async () => {
    const [alice = 0] = await bareCustomers(database, 1);
    const mode = await ledgerTransaction(database.db, async (tx) => {
      await batch(tx, [deposit(alice, "USDT", "1", `order-plan-${alice}`)]);
      const result = (await tx.execute(sql`SELECT current_setting('plan_cache_mode') AS mode`)) as unknown as {
        rows: { mode: string }[];
      };
      return result.rows[0]?.mode;
    });
    expect(mode).toBe("auto");
  });

  it("answers a replayed settlement from the first result inside the transaction", async () => {
    const [alice = 0] = await bareCustomers(database, 1);
    const id = `order-replay-${alice}`;
    const settle = () =>
      ledgerTransaction(database.db, async (tx) => {
        const result = await batch(tx, [deposit(alice, "USDT", "7", id)]);
        if (!result.replayed) await tx.execute(sql`INSERT INTO ledger_test_orders VALUES (${id}, 'settled')`);
        return result;
      });
    const first = await settle();
    const second = await settle();
    expect(second.replayed).toBe(true);
    expect(second.transfers[0]?.id).toBe(first.transfers[0]?.id);
    expect(await spot(alice)).toBe("7");
  });
});
