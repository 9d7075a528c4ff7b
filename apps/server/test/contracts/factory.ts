// Factories for futures and settlement tests: funded customers, deterministic prices
// (ticks pushed through app.market.ingest), and shorthand for the position endpoints.
import { randomUUID } from "node:crypto";
import { expect } from "vitest";
import type { App } from "../../src/app";
import type { Database } from "../../src/db";
import { getAccountBalance, platformAccount, transfer, userAccount } from "../../src/modules/ledger/service";
import { auth, registerCustomer } from "../accounts/factory";

export { auth } from "../accounts/factory";

export interface Trader {
  id: number;
  token: string;
}

/** A registered customer with `usdt` available on the spot account (a sandbox deposit). */
export async function fundedTrader(app: App, database: Database, usdt = "10000"): Promise<Trader> {
  const customer = await registerCustomer(app);
  if (usdt !== "0") await deposit(database, customer.id, usdt);
  return { id: customer.id, token: customer.token };
}

export async function deposit(database: Database, userId: number, amount: string, currency = "USDT"): Promise<void> {
  const key = `test:deposit:${randomUUID()}`;
  await transfer(database.db, {
    currency,
    debit: platformAccount("clearing"),
    credit: userAccount(userId),
    amount,
    key,
    kind: "deposit",
    reference: { type: "test", id: key },
  });
}

/** Customers inserted directly (bench/large tests), with a session each would be slow: ids only. */
export async function bareUsers(database: Database, count: number): Promise<number[]> {
  const prefix = `fut_${randomUUID().slice(0, 8)}`;
  const rows = await database.query<{ id: number | string }>(
    "INSERT INTO users (username) SELECT $1 || '_' || i FROM generate_series(1, $2::int) AS i RETURNING id",
    [prefix, count],
  );
  return rows.map((r) => Number(r.id)).sort((a, b) => a - b);
}

export async function balance(
  database: Database,
  userId: number,
  kind: "spot" | "margin" | "demo" = "spot",
  currency = "USDT",
): Promise<string> {
  return (await getAccountBalance(database.db, { userId, kind, currency }))?.available ?? "0";
}

export async function platform(database: Database, kind: "fees" | "house" | "treasury", currency = "USDT") {
  return (await getAccountBalance(database.db, { platform: kind, currency }))?.balance ?? "0";
}

let clock = Date.now();
/** Push a tick at "now" with a strictly increasing time (so the market never ignores it, and trades may price at it). */
export function tick(app: App, symbol: string, price: string): { ts: number } {
  clock = Math.max(clock + 1, Date.now());
  const ts = clock;
  const t = app.market.ingest({ symbol, price, ts });
  if (!t) throw new Error(`tick ${symbol} ${price} ignored`);
  return { ts };
}

/** Resolves when the settler has nothing queued or running. */
export async function settled(app: App): Promise<void> {
  await app.futures.settler.idle();
}

export async function open(app: App, trader: Trader, body: Record<string, unknown>) {
  const res = await app.inject({
    method: "POST",
    url: "/api/trade/appTradePositions/create",
    headers: auth(trader.token),
    payload: body,
  });
  return res;
}

export async function openOk(app: App, trader: Trader, body: Record<string, unknown>) {
  const res = await open(app, trader, body);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().result as {
    id: number;
    openPrice: string;
    quantity: string;
    closeOutPrice: string;
    openingFee: string;
    [k: string]: unknown;
  };
}

export async function closeRes(app: App, trader: Trader, id: number) {
  return app.inject({ method: "POST", url: `/api/trade/appTradePositions/close/${id}`, headers: auth(trader.token) });
}

export async function detail(app: App, trader: Trader, id: number) {
  const res = await app.inject({
    method: "GET",
    url: `/api/trade/appTradePositions/detail/${id}`,
    headers: auth(trader.token),
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().result as Record<string, unknown> & {
    status: string;
    closeReason: string | null;
    pnl: string | null;
    closePrice: string | null;
    returned: string | null;
    closingFee: string | null;
    closeTick: { price: string; ts: number } | null;
    openTick: { price: string; ts: number };
  };
}

export async function list(app: App, trader: Trader, query: string) {
  const res = await app.inject({
    method: "GET",
    url: `/api/trade/appTradePositions/listMy?${query}`,
    headers: auth(trader.token),
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().result as { records: Array<Record<string, unknown>>; total: number };
}
