// Contest test helpers: API shorthands, a contest created by an operator around business
// "now", contest-mode futures opens, and ledger reads.
import type { App } from "../../src/app";
import type { Database } from "../../src/db";
import { getAccountBalance } from "../../src/modules/ledger/service";
import { tick } from "../contracts/factory";
import { auth } from "../factory";

export { tick };

// biome-ignore lint/suspicious/noExplicitAny: response bodies are checked field by field
export type Json = any;

export const HOUR = 3600;
export const DAY = 86_400;

export function contestApi(app: App) {
  const call = async (method: "GET" | "POST", url: string, token?: string, payload?: object) => {
    const res = await app.inject({
      method,
      url,
      headers: token ? auth(token) : {},
      payload: payload as Record<string, unknown> | undefined,
    });
    const body = res.json();
    return { status: res.statusCode, result: body.result as Json, message: body.message as string };
  };
  return {
    call,
    now: async () => new Date((await call("GET", "/dev/clock")).result.now as string),
    advance: (seconds: number) => call("POST", "/dev/clock/advance", undefined, { seconds }),
    create: (token: string, body: object) => call("POST", "/api/operator/contests/create", token, body),
    update: (token: string, body: object) => call("POST", "/api/operator/contests/update", token, body),
    entries: (token: string, id: number) => call("GET", `/api/operator/contests/entries?id=${id}`, token),
    list: (q = "", token?: string) => call("GET", `/api/contest/list${q}`, token),
    detail: (id: number, token?: string) => call("GET", `/api/contest/detail?id=${id}`, token),
    join: (token: string, id: number) => call("POST", "/api/contest/join", token, { id }),
    exit: (token: string, id: number) => call("POST", "/api/contest/exit", token, { id }),
    myEntries: (token: string, q = "") => call("GET", `/api/contest/myEntries${q}`, token),
    ranking: (id: number, token?: string) => call("GET", `/api/contest/ranking?id=${id}`, token),
    account: (token: string, id: number) => call("GET", `/api/contest/account?id=${id}`, token),
    open: (token: string, body: object) => call("POST", "/api/trade/appTradePositions/create", token, body),
    positions: (token: string, q: string) => call("GET", `/api/trade/appTradePositions/listMy?${q}`, token),
  };
}

/** A contest around business now: entry window open now for a day, runs from +1 h to +2 days. */
export async function createContest(app: App, operatorToken: string, overrides: Record<string, unknown> = {}) {
  const api = contestApi(app);
  const now = (await api.now()).getTime();
  const at = (s: number) => new Date(now + s * 1000).toISOString();
  const res = await api.create(operatorToken, {
    name: { "en-us": "Autumn cup", "zh-cn": "秋季盃" },
    rules: { "en-us": "Highest yield wins." },
    entryStart: at(-60),
    entryEnd: at(DAY),
    startAt: at(HOUR),
    endAt: at(2 * DAY),
    prize: "1000",
    prizeSplit: ["0.5", "0.3", "0.2"],
    entryFunds: "10000",
    symbols: ["BTCUSDT"],
    ...overrides,
  });
  if (res.status !== 200) throw new Error(`create contest: ${res.status} ${res.message}`);
  return res.result as Json;
}

export async function balance(
  database: Database,
  userId: number,
  currency: string,
  kind: "spot" | "contest" | "margin" = "spot",
): Promise<string> {
  return (await getAccountBalance(database.db, { userId, kind, currency }))?.balance ?? "0";
}

export async function ledgerByKey(database: Database, key: string) {
  const rows = (await database.query<{ id: string; amount: string; currency: string }>(
    "SELECT id, amount::text AS amount, currency FROM ledger_transfers WHERE idempotency_key = $1",
    [key],
  )) as Array<{ id: string; amount: string; currency: string }>;
  return rows;
}
