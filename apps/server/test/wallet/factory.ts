// Wallet test shorthands: payout addresses, API calls, balances read from the ledger, prices.
// (Customers with a withdrawal password and a payout wallet, and their money: test/factory.ts.)
import type { App } from "../../src/app";
import type { Database } from "../../src/db";
import { getAccountBalance, getPlatformBalances } from "../../src/modules/ledger/service";
import { auth } from "../factory";

/** Valid addresses per network (format only). */
export const ADDRESSES = {
  TRC20: "TJRyWwFs9wTFGZg3JbrVriFbNfCug5tDeC",
  ERC20: "0x52908400098527886E0F7030069857D2E4169EE7",
  BTC: "bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq",
} as const;

export function api(app: App) {
  const call = async (method: "GET" | "POST", url: string, token?: string, payload?: unknown, headers = {}) => {
    const res = await app.inject({
      method,
      url,
      headers: { ...(token ? auth(token) : {}), ...headers },
      ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
    });
    return { status: res.statusCode, body: res.json(), result: res.json().result };
  };
  return {
    get: (url: string, token?: string, headers?: Record<string, string>) => call("GET", url, token, undefined, headers),
    post: (url: string, token: string | undefined, payload?: unknown, headers?: Record<string, string>) =>
      call("POST", url, token, payload ?? {}, headers),
  };
}

/** The customer's spot account: available and held (frozen by pending withdrawals). */
export async function spot(database: Database, userId: number, currency = "USDT") {
  const a = await getAccountBalance(database.db, { userId, kind: "spot", currency });
  return { available: a?.available ?? "0", held: a?.held ?? "0", balance: a?.balance ?? "0" };
}

export async function platform(database: Database, currency: string, kind: "clearing" | "fees" | "treasury") {
  const found = (await getPlatformBalances(database.db, currency)).find((a) => a.kind === kind);
  return found?.balance ?? "0";
}

/** Sets market prices (the wallet values currencies through app.market.usdtRate). */
export function setPrices(app: App, prices: Record<string, string>) {
  for (const [symbol, price] of Object.entries(prices)) app.market.ingest({ symbol, price, ts: Date.now() });
}

export async function waitFor<T>(fn: () => Promise<T | null | undefined | false>, timeoutMs = 5000, stepMs = 50) {
  const started = Date.now();
  for (;;) {
    const value = await fn();
    if (value) return { value, elapsedMs: Date.now() - started };
    if (Date.now() - started > timeoutMs) throw new Error(`condition not met within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, stepMs));
  }
}
