// Helpers for futures and settlement tests: deterministic prices (ticks pushed through
// app.market.ingest), balances, and shorthand for the position endpoints.
// (Customers and money: test/factory.ts, fundedCustomer.)
import { expect } from "vitest";
import type { App } from "../../src/app";
import type { Database } from "../../src/db";
import { getAccountBalance } from "../../src/modules/ledger/service";
import { auth } from "../factory";

/** Who trades: any customer (test/factory.ts); only the id and session are needed. */
export interface Trader {
  id: number;
  token: string;
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

/**
 * The last tick time per app. Per app, not per module: server test files share one worker's
 * modules (isolate: false), and a file that sets the wall clock days ahead must not push the
 * next file's ticks into its future (a replay reads recorded ticks only up to now).
 */
const lastTs = new WeakMap<App, number>();
/** Push a tick at "now" with a strictly increasing time (so the market never ignores it, and trades may price at it). */
export function tick(app: App, symbol: string, price: string): { ts: number } {
  const ts = Math.max((lastTs.get(app) ?? 0) + 1, Date.now());
  lastTs.set(app, ts);
  const t = app.market.ingest({ symbol, price, ts });
  if (!t) throw new Error(`tick ${symbol} ${price} ignored`);
  return { ts };
}

/** Resolves when every tick so far has reached the settler (recorded, read) and it has nothing queued or running. */
export async function settled(app: App): Promise<void> {
  await app.settlement.caughtUp();
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
