// Earn test helpers: product lookup, buying, the test clock. (Customers and money: test/factory.ts.)
import type { App } from "../../src/app";
import type { Database } from "../../src/db";
import { getAccountBalance } from "../../src/modules/ledger/service";
import { auth } from "../factory";

export async function balances(database: Database, userId: number, currency = "USDT") {
  const get = async (kind: "spot" | "earn") =>
    (await getAccountBalance(database.db, { userId, kind, currency }))?.available ?? "0";
  return { spot: await get("spot"), earn: await get("earn") };
}

export function earnApi(app: App) {
  const call = async (method: "GET" | "POST" | "PUT", url: string, token?: string, payload?: object) => {
    const res = await app.inject({
      method,
      url,
      headers: token ? auth(token) : {},
      payload: payload as Record<string, unknown> | undefined,
    });
    const body = res.json();
    return { status: res.statusCode, result: body.result, message: body.message as string };
  };
  return {
    call,
    products: async (type?: string) =>
      (await call("GET", `/api/prod/appProductInfo/list${type ? `?type=${type}` : ""}`)).result as Array<Json>,
    product: async (type: string, termDays: number) => {
      const list = (await call("GET", `/api/prod/appProductInfo/list?type=${type}`)).result as Array<Json>;
      const found = list.find((p) => p.termDays === termDays);
      if (!found) throw new Error(`no ${type} product of ${termDays} days`);
      return found;
    },
    buy: (token: string, productId: number, amount: string | number, clientRequestId?: string, endpoint = "debitBuy") =>
      call("POST", `/api/prod/appProductOrder/${endpoint}`, token, {
        productId,
        amount,
        ...(clientRequestId ? { clientRequestId } : {}),
      }),
    order: (token: string, id: number) => call("GET", `/api/prod/appProductOrder/queryById?id=${id}`, token),
    listMy: (token: string, query = "") => call("GET", `/api/prod/appProductOrder/listMy${query}`, token),
    stat: (token: string) => call("GET", "/api/prod/appProductOrder/orderStat", token),
    redeem: (token: string, id: number) => call("POST", "/api/prod/appProductOrder/redeem", token, { id }),
    advance: (seconds: number) => call("POST", "/dev/clock/advance", undefined, { seconds }),
    balanceLog: (token: string, kind: string) =>
      call("GET", `/api/finance/appBalanceLog/list?kind=${kind}&pageSize=100`, token),
  };
}

export const DAY = 86_400;

/** API JSON as tests read it. */
// biome-ignore lint/suspicious/noExplicitAny: response bodies are checked field by field
export type Json = any;

/**
 * Records BTCUSDT's daily candle of a business date ("YYYY-MM-DD") with the given close: mining
 * output of a date is valued at the recorded close of the day before, and candles are recorded
 * in real time while tests move the business clock.
 */
export async function recordDailyClose(app: App, date: string, close: string, symbol = "BTCUSDT") {
  await app.market.candles.upsert([
    {
      symbol,
      tier: "1d",
      candle: { time: Date.parse(`${date}T00:00:00Z`), open: close, high: close, low: close, close, volume: "1" },
    },
  ]);
}
