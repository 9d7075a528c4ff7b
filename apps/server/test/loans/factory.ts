// Loan test helpers: API shorthands, customers who pass the loan identity check (on top of
// test/factory.ts's verified identity), price ticks (app.market.ingest) and the seeded settings.
import { expect } from "vitest";
import type { App } from "../../src/app";
import type { Database } from "../../src/db";
import { getAccountBalance } from "../../src/modules/ledger/service";
import { multipart, samples } from "../accounts/factory";
import { tick } from "../contracts/factory";
import { auth, type Customer, registerCustomer, verifyIdentity } from "../factory";

export { tick };

/** API JSON as tests read it. */
// biome-ignore lint/suspicious/noExplicitAny: response bodies are checked field by field
export type Json = any;

export const DAY = 86_400;

export function loansApi(app: App) {
  const call = async (method: "GET" | "POST" | "PUT" | "DELETE", url: string, token?: string, payload?: object) => {
    const res = await app.inject({
      method,
      url,
      headers: token ? auth(token) : {},
      payload: payload as Record<string, unknown> | undefined,
    });
    const body = res.json();
    return { status: res.statusCode, result: body.result as Json, message: body.message as string };
  };
  const P = "/api/prod";
  return {
    call,
    sets: async () => (await call("GET", `${P}/appLoanSet/list`)).result as Json[],
    set: async (type: "credit" | "pledge") => {
      const list = (await call("GET", `${P}/appLoanSet/list?type=${type}`)).result as Json[];
      const found = list[0];
      if (!found) throw new Error(`no ${type} loan setting`);
      return found;
    },
    info: (token: string) => call("GET", `${P}/appLoanOrder/myLoanInfo`, token),
    quote: (token: string, q: string) => call("GET", `${P}/appLoanOrder/quote?${q}`, token),
    creditApply: (token: string, body: object) => call("POST", `${P}/appLoanOrder/creditApply`, token, body),
    pledgeApply: (token: string, body: object) => call("POST", `${P}/appLoanOrder/pledgeApply`, token, body),
    repay: (token: string, body: object) => call("POST", `${P}/appLoanOrder/repay`, token, body),
    addCollateral: (token: string, body: object) => call("POST", `${P}/appLoanOrder/addCollateral`, token, body),
    listMy: (token: string, q = "") => call("GET", `${P}/appLoanOrder/listMy${q}`, token),
    detail: (token: string, id: number) => call("GET", `${P}/appLoanOrder/detail?id=${id}`, token),
    identity: (token: string) => call("GET", `${P}/appLoanIdentity/state`, token),
    identityStart: (token: string) => call("POST", `${P}/appLoanIdentity/start`, token),
    identitySubmit: (token: string, body: object) => call("POST", `${P}/appLoanIdentity/submit`, token, body),
    advance: (seconds: number) => call("POST", "/dev/clock/advance", undefined, { seconds }),
  };
}

export async function uploadPhoto(app: App, c: Customer): Promise<string> {
  const body = multipart(samples.jpeg);
  const res = await app.inject({
    method: "POST",
    url: "/api/sys/common/upload",
    headers: { ...auth(c.token), ...body.headers },
    payload: body.payload,
  });
  expect(res.statusCode).toBe(200);
  return res.json().result.url as string;
}

/** A customer with basic verification passed and the loan identity check passed. */
export async function creditBorrower(app: App, database: Database, operator: { token: string }): Promise<Customer> {
  const c = await registerCustomer(app);
  await verifyIdentity(app, database, c, operator);
  const api = loansApi(app);
  expect((await api.identityStart(c.token)).result.state).toBe("start");
  const submitted = await api.identitySubmit(c.token, {
    realName: "Ada Lovelace",
    idNumber: "X1234567",
    photo: await uploadPhoto(app, c),
  });
  expect(submitted.status, submitted.message).toBe(200);
  const decided = await api.call("POST", `/api/operator/loans/identity-checks/${c.id}/decide`, operator.token, {
    decision: "passed",
  });
  expect(decided.status, decided.message).toBe(200);
  return c;
}

export async function balance(
  database: Database,
  userId: number,
  currency: string,
  kind: "spot" | "collateral" = "spot",
) {
  return (await getAccountBalance(database.db, { userId, kind, currency }))?.available ?? "0";
}
