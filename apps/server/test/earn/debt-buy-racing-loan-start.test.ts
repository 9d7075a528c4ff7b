// Issue "Money that cannot be gamed", item 10 — no purchase is orphaned: a debt-product buy
// that passed its checks while the raise was open, and reaches the product's row only after
// the job that starts the loan has run, must not leave a `not_started` order that no path
// ever starts, repays or returns. Real concurrency on PostgreSQL (PGlite has one connection
// and serialises everything, so the race cannot happen there).
//
// How the race is made to happen every time: a second connection holds an ACCESS EXCLUSIVE
// lock on wallet_currencies, which the buy reads after its checks (the decimals of the
// currency) and before its transaction; while the buy waits there, the business clock
// passes the raise end and the loan-start job runs; then the lock is released.
import { describe, expect, it } from "vitest";
import { auditLedger } from "../../src/modules/ledger/service";
import { createOperator, fundedCustomer } from "../factory";
import { MIDWEEK, onPostgres, setupApp, startClockAt } from "../helper";
import { balances, DAY, earnApi } from "./factory";

const HOUR = 3600;

describe.skipIf(!onPostgres)("a debt buy racing the loan start (PostgreSQL)", async () => {
  const { app, database } = await setupApp(startClockAt(MIDWEEK));
  const api = earnApi(app);
  const op = await createOperator(app, database);

  async function until(what: string, check: () => Promise<boolean>, ms = 10_000) {
    const end = Date.now() + ms;
    while (Date.now() < end) {
      if (await check()) return;
      await new Promise((r) => setTimeout(r, 20));
    }
    throw new Error(`timed out waiting for ${what}`);
  }

  it("a buy checked before the raise ended and written after the loan started is refused, nothing orphaned", async () => {
    const saleEndAt = new Date(app.clock.nowMs() + HOUR * 1000).toISOString();
    const created = await api.call("POST", "/api/operator/earn/products", op.token, {
      type: "debt",
      name: { "en-us": "Race loan" },
      riskNotice: { "en-us": "You can lose money if the borrower does not pay." },
      borrower: { "en-us": "Example Ltd." },
      defaultPolicy: { "en-us": "Investors share what is recovered." },
      currency: "USDT",
      termDays: 30,
      dailyRate: "0.0005",
      minAmount: "10",
      maxAmount: "10000",
      totalAmount: "100000",
      saleEndAt,
    });
    expect(created.status, created.message).toBe(200);
    const productId = created.result.id as number;
    const early = await fundedCustomer(app, database, "1000");
    const late = await fundedCustomer(app, database, "1000");
    expect((await api.buy(early.token, productId, "300")).result.status).toBe("not_started");

    let buy: ReturnType<typeof api.buy> | null = null;
    await database.withLock(0x10a710, async (conn) => {
      await conn.exec("BEGIN");
      await conn.exec("LOCK TABLE wallet_currencies IN ACCESS EXCLUSIVE MODE");
      // The buy passes its checks (the raise is open) and waits for the currency row.
      buy = api.buy(late.token, productId, "500");
      await until("the buy to wait for the lock", async () => {
        const [r] = await database.query<{ n: string }>(
          "SELECT count(*) AS n FROM pg_locks WHERE NOT granted AND relation = 'wallet_currencies'::regclass",
        );
        return Number(r?.n ?? 0) > 0;
      });
      // The raise ends: the loan-start job runs (it does not read currencies).
      const advanced = await api.advance(HOUR + 60);
      expect(advanced.status, advanced.message).toBe(200);
      await conn.exec("COMMIT");
    });
    const res = await (buy as unknown as ReturnType<typeof api.buy>);

    const product = (await api.call("GET", "/api/operator/earn/products?type=debt", op.token)).result.find(
      (p: { id: number }) => p.id === productId,
    );
    expect(product.debtState).toBe("running");
    // The buy is refused with a message, and the late customer's money never moved.
    expect(res.status, JSON.stringify(res.result)).toBe(409);
    expect(res.message).toMatch(/ended|closed/i);
    expect(await balances(database, late.id)).toEqual({ spot: "1000", earn: "0" });
    // No order of the product is left waiting for a start that already happened.
    const stuck = await database.query<{ n: string }>(
      "SELECT count(*) AS n FROM earn_orders WHERE product_id = $1 AND status = 'not_started'",
      [productId],
    );
    expect(Number(stuck[0]?.n)).toBe(0);
    expect((await api.listMy(early.token, "?type=debt")).result.records[0].status).toBe("running");
    expect((await auditLedger(database.db)).violations).toEqual([]);
  });

  it("buys that race the start in numbers: each is either running or refused, never stuck", async () => {
    const saleEndAt = new Date(app.clock.nowMs() + HOUR * 1000).toISOString();
    const created = await api.call("POST", "/api/operator/earn/products", op.token, {
      type: "debt",
      name: { "en-us": "Race loan 2" },
      riskNotice: { "en-us": "You can lose money if the borrower does not pay." },
      borrower: { "en-us": "Example Ltd." },
      defaultPolicy: { "en-us": "Investors share what is recovered." },
      currency: "USDT",
      termDays: 30,
      dailyRate: "0.0005",
      minAmount: "10",
      maxAmount: "10000",
      totalAmount: "100000",
      saleEndAt,
    });
    const productId = created.result.id as number;
    const buyers = await Promise.all(Array.from({ length: 6 }, () => fundedCustomer(app, database, "100")));
    await api.advance(HOUR - 1);
    const [buys] = await Promise.all([
      Promise.all(buyers.map((b) => api.buy(b.token, productId, "100"))),
      api.advance(2),
    ]);
    for (const [i, r] of buys.entries()) {
      expect([200, 409], r.message).toContain(r.status);
      const b = await balances(database, buyers[i]?.id as number);
      expect(b).toEqual(r.status === 200 ? { spot: "0", earn: "100" } : { spot: "100", earn: "0" });
    }
    await api.advance(DAY);
    const stuck = await database.query<{ n: string }>(
      "SELECT count(*) AS n FROM earn_orders WHERE product_id = $1 AND status = 'not_started'",
      [productId],
    );
    expect(Number(stuck[0]?.n)).toBe(0);
  });
});
