// The house and treasury are split into shards (modules/ledger/shards.ts): the exposure
// headroom is checked against the sum over the shards, and trades of different customers
// (each on their own shard) still never jointly cross the limit.
import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { getPlatformShardBalances, platformAccount, transfer, userAccount } from "../../src/modules/ledger/service";
import { shardForUser } from "../../src/modules/ledger/shards";
import { auth, type Customer, createOperator, fund, registerCustomer } from "../factory";
import { setupApp } from "../helper";
import { get, platformBalance, post } from "../options/trading-helpers";

const { app, database } = await setupApp();
const operator = await createOperator(app, database);

async function setLimit(body: Record<string, unknown>) {
  const res = await app.inject({
    method: "POST",
    url: "/api/operator/risk/limits",
    headers: auth(operator.token),
    payload: body,
  });
  expect(res.statusCode).toBe(200);
}

/** Customers until `count` of them map to different shards. */
async function customersOnDistinctShards(count: number): Promise<Customer[]> {
  const found = new Map<number, Customer>();
  while (found.size < count) {
    const c = await registerCustomer(app, { countryCode: "US" });
    if (!found.has(shardForUser(c.id))) found.set(shardForUser(c.id), c);
  }
  return [...found.values()];
}

describe("exposure headroom over sharded accounts", () => {
  it("counts every shard of the house: a loss spread over shards pauses new risk", async () => {
    app.market.ingest({ symbol: "BTCUSDT", price: "65000", ts: Date.now() });
    const before = Number(await platformBalance(database, "house", "USDT"));
    await setLimit({ currency: "USDT", limit: (-before + 1000).toFixed(8) });
    // The house pays 300 to each of three customers: each shard alone is only 300 down.
    const paid = await customersOnDistinctShards(3);
    for (const c of paid) {
      await transfer(database.db, {
        currency: "USDT",
        debit: platformAccount("house"),
        credit: userAccount(c.id),
        amount: "300",
        key: `test-house-loss:${c.id}`,
        kind: "futures_pnl",
        reference: { type: "test", id: c.id },
      });
    }
    const houseShards = (await getPlatformShardBalances(database.db, "USDT")).filter((a) => a.kind === "house");
    expect(houseShards.filter((a) => paid.some((c) => shardForUser(c.id) === a.shard)).length).toBe(3);
    expect(Number(await platformBalance(database, "house", "USDT"))).toBeCloseTo(before - 900, 8);

    const buyer = await registerCustomer(app, { countryCode: "US" });
    await fund(database, buyer.id, "USDT", "5000");
    const sets = await get(app, buyer.token, "/api/trade/appSecondContractSet/list?symbol=BTCUSDT");
    const set = sets.body.result.find((s: { periodSeconds: number }) => s.periodSeconds === 30) as { id: number };
    const buy = (amount: string) =>
      post(app, buyer.token, "/api/trade/appSecondContractOrder/buy", {
        symbol: "BTCUSDT",
        setId: set.id,
        direction: "up",
        amount,
      });
    // 0.85 × 200 = 170 > the 100 left of 1000 (one shard alone would have 700 left).
    expect((await buy("200")).status).toBe(409);
    // 0.85 × 100 = 85 fits.
    expect((await buy("100")).status).toBe(200);

    const res = await app.inject({ method: "GET", url: "/api/operator/risk/exposure", headers: auth(operator.token) });
    const house = res.json().result.rows.find((r: { currency: string; account: string }) => {
      return r.currency === "USDT" && r.account === "house";
    });
    expect(Number(house.balance)).toBeCloseTo(before - 900, 8);
    // The option just bought is open: its possible profit (85) counts until it is settled.
    expect(Number(house.open)).toBeCloseTo(85, 8);
    expect(Number(house.headroom)).toBeCloseTo(15, 8);
    await setLimit({ currency: "USDT", limit: null });
  });

  it("lets exactly as many parallel exchanges of different customers through as the treasury limit allows", async () => {
    app.market.ingest({ symbol: "BTCUSDT", price: "65000", ts: Date.now() });
    const traders = await customersOnDistinctShards(8);
    for (const c of traders) await fund(database, c.id, "USDT", "1000");
    const before = await platformBalance(database, "treasury", "BTC");
    // Each exchange of 100 USDT delivers 0.00153814 BTC; room for exactly 6 of 16.
    await setLimit({ currency: "BTC", limit: (-Number(before) + 0.0098).toFixed(8) });
    const results = await Promise.all(
      traders.flatMap((c) =>
        [1, 2].map(() =>
          post(app, c.token, "/api/trade/appFlashExchangeLog/flashExchange", {
            from: "USDT",
            to: "BTC",
            amount: "100",
            clientRequestId: randomUUID(),
          }),
        ),
      ),
    );
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(6);
    expect(statuses.filter((s) => s === 409)).toHaveLength(10);
    // Six deliveries, summed over the traders' shards, within the limit's room.
    const delivered = Number(before) - Number(await platformBalance(database, "treasury", "BTC"));
    expect(delivered).toBeGreaterThan(6 * 0.0015);
    expect(delivered).toBeLessThanOrEqual(0.0098);
    await setLimit({ currency: "BTC", limit: null });
  });
});
