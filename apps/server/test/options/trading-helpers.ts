// Helpers for the options, spot and exchange tests: ticks pushed through the market service,
// balances read from the ledger, API shorthands. (Customers and money: test/factory.ts.)
import type { App } from "../../src/app";
import type { Database } from "../../src/db";
import { getAccountBalance, getTransfersByReference, type UserAccountKind } from "../../src/modules/ledger/service";
import { auth } from "../factory";

export async function available(
  database: Database,
  userId: number,
  currency: string,
  kind: UserAccountKind = "spot",
): Promise<string> {
  return (await getAccountBalance(database.db, { userId, kind, currency }))?.available ?? "0";
}

export async function held(database: Database, userId: number, currency: string): Promise<string> {
  return (await getAccountBalance(database.db, { userId, kind: "spot", currency }))?.held ?? "0";
}

export async function platformBalance(database: Database, kind: "house" | "treasury" | "fees", currency: string) {
  return (await getAccountBalance(database.db, { platform: kind, currency }))?.balance ?? "0";
}

export const transfersOf = (database: Database, type: string, id: number) =>
  getTransfersByReference(database.db, type, id);

/** Push one tick (mid price) at `ts` (default now). */
export function tick(app: App, symbol: string, price: string, ts = Date.now()) {
  const t = app.market.ingest({ symbol, price, ts });
  if (!t) throw new Error(`tick ${symbol}@${ts} ignored (older than the last one)`);
  return t;
}

export async function get(app: App, token: string, url: string, lang?: string) {
  const res = await app.inject({
    method: "GET",
    url,
    headers: { ...auth(token), ...(lang ? { "x-lang": lang } : {}) },
  });
  return { status: res.statusCode, body: res.json() };
}

export async function post(app: App, token: string, url: string, payload?: unknown, lang?: string) {
  const res = await app.inject({
    method: "POST",
    url,
    headers: { ...auth(token), ...(lang ? { "x-lang": lang } : {}) },
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
  return { status: res.statusCode, body: res.json() };
}

/**
 * Reads until `done` holds (settlers work in the background; on a loaded CI machine a
 * settler may also be between leaderships for a few seconds), polling every 20 ms for at
 * most `tries` × 20 ms of waiting and never less than 15 s in all; returns the last read.
 */
export async function waitFor<T>(read: () => Promise<T>, done: (v: T) => boolean, tries = 150): Promise<T> {
  const deadline = Date.now() + Math.max(tries * 20, 15_000);
  let v = await read();
  while (!done(v) && Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, 20));
    v = await read();
  }
  return v;
}
