// Factories for wallet tests: customers with a withdrawal password, funds (an operator
// adjustment — a ledger transfer — or the ledger service directly), verified identity
// through the real KYC flow, bound payout accounts, prices, and small API shorthands.
import { expect } from "vitest";
import type { App } from "../../src/app";
import type { Database } from "../../src/db";
import {
  getAccountBalance,
  getPlatformBalances,
  platformAccount,
  transfer,
  userAccount,
} from "../../src/modules/ledger/service";
import {
  auth,
  type Customer,
  createOperator,
  multipart,
  PASSWORD,
  registerCustomer,
  samples,
  uniq,
} from "../accounts/factory";

export { auth, type Customer, createOperator, PASSWORD, registerCustomer, uniq };

export const WITHDRAWAL_PASSWORD = "Withdraw123";

/** Valid addresses per network (format only). */
export const ADDRESSES = {
  TRC20: "TJRyWwFs9wTFGZg3JbrVriFbNfCug5tDeC",
  ERC20: "0x52908400098527886E0F7030069857D2E4169EE7",
  BTC: "bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq",
} as const;

export interface WalletCustomer extends Customer {
  /** Bound USDT TRC20 wallet. */
  accountId: number;
}

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

/** A registered customer with a withdrawal password and a bound USDT TRC20 wallet. */
export async function walletCustomer(
  app: App,
  options: { withdrawalPassword?: boolean } = {},
): Promise<WalletCustomer> {
  const c = await registerCustomer(app);
  const { post } = api(app);
  if (options.withdrawalPassword !== false) {
    const set = await post("/api/user/appUser/changePassword", c.token, {
      kind: "withdrawal",
      oldPassword: PASSWORD,
      newPassword: WITHDRAWAL_PASSWORD,
    });
    expect(set.status).toBe(200);
  }
  const bound = await post("/api/user/appUserWithdrawalInfoSet/addAccount", c.token, {
    type: "wallet",
    currency: "USDT",
    network: "TRC20",
    address: `T${uniq()
      .padEnd(33, "x")
      .slice(0, 33)
      .replace(/[^1-9A-HJ-NP-Za-km-z]/g, "z")}`,
  });
  expect(bound.status, JSON.stringify(bound.body)).toBe(200);
  return { ...c, accountId: bound.result.id };
}

let fundCounter = 0;
/** Credits a customer's account (spot unless told) through the ledger (platform treasury → customer). */
export async function fund(
  database: Database,
  userId: number,
  currency: string,
  amount: string,
  kind: "spot" | "demo" | "contest" | "earn" = "spot",
): Promise<void> {
  const key = `test-fund:${userId}:${currency}:${Date.now()}:${fundCounter++}`;
  await transfer(database.db, {
    currency,
    debit: platformAccount("treasury"),
    credit: userAccount(userId, kind),
    amount,
    key,
    kind: "test_funding",
    reference: { type: "test", id: key },
  });
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

/** Passes basic identity verification through the real flow (upload, submit, operator approves). */
export async function verifyIdentity(app: App, database: Database, c: Customer, operator?: { token: string }) {
  const op = operator ?? (await createOperator(app, database));
  const upload = async () => {
    const body = multipart(samples.jpeg);
    const res = await app.inject({
      method: "POST",
      url: "/api/sys/common/upload",
      headers: { ...auth(c.token), ...body.headers },
      payload: body.payload,
    });
    expect(res.statusCode).toBe(200);
    return res.json().result.url as string;
  };
  const { post } = api(app);
  const submitted = await post("/api/user/kyc/basic", c.token, {
    documentType: "passport",
    countryCode: "DE",
    frontImage: await upload(),
  });
  expect(submitted.status).toBe(200);
  const approved = await post("/api/operator/kyc/approve", op.token, { id: submitted.result.id });
  expect(approved.status).toBe(200);
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
