// The one factory for test customers and their money. Every test makes its people and moves
// money to them here, so a test reads as the scenario it specifies and all tests agree on what
// "a funded customer" is.
//
// People, made through the API as the product makes them:
//   registerCustomer  signed up (email and password) and logged in: { id, email, token, … }
//   loginCustomer     another session of an existing customer (a second token)
//   verifyIdentity    basic KYC passed: passport uploaded and submitted, an operator approves
//   bindAuthenticator a Google authenticator bound; returns its secret
//   walletCustomer    withdrawal password set and a USDT TRC20 payout wallet bound (past its hold)
//   fundedCustomer    registered with USDT on the spot account
//   createStaffMember a console account of a role, logged in with password and TOTP
//   createOperator    an admin staff member, for operator endpoints
//   bareCustomers     rows in users only (no session): for ledger and load tests
//
// Money, the one way: `fund` books what a confirmed deposit books (wallet/deposit-credit.ts):
// a ledger transfer of kind "deposit" from the platform's clearing account to the customer's
// spot account. So funded money is real money the platform owes the customer, and it counts as
// the customer's deposit wherever deposits count (rewards tasks, VIP). Demo money is granted as
// the demo account grants it (treasury VUSDT → demo, kind "demo_grant"). Money wanted in
// another account (earn, contest, frozen…) is deposited first and then moved there from spot.
// Money leaves with `takeOut`, what a completed withdrawal books (spot → clearing).
import { randomBytes, randomUUID } from "node:crypto";
import type { LedgerKind, StaffRole } from "@candor/contract";
import { generate } from "otplib";
import { expect } from "vitest";
import type { App } from "../src/app";
import type { Database } from "../src/db";
import { platformAccount, transfer, type UserAccountKind, userAccount } from "../src/modules/ledger/service";
import { createStaff } from "../src/modules/staff/accounts";
import { multipart, samples } from "./accounts/factory";

let counter = 0;
/** A unique, short, lower-case-safe token for names, addresses and keys. */
export const uniq = () => `${Date.now().toString(36)}${(counter++).toString(36)}${randomBytes(2).toString("hex")}`;

/** A fresh client address per call keeps the per-address counters (sign-ups, logins) apart. */
export const newIp = () => `10.${randomBytes(1)[0]}.${randomBytes(1)[0]}.${randomBytes(1)[0]}`;

export const PASSWORD = "Secret123";
export const WITHDRAWAL_PASSWORD = "Withdraw123";
export const STAFF_PASSWORD = "Staff-secret-123";

export const auth = (token: string) => ({ "x-access-token": token });

export interface Customer {
  id: number;
  username: string;
  email: string;
  password: string;
  token: string;
}

export interface WalletCustomer extends Customer {
  /** Bound USDT TRC20 wallet. */
  accountId: number;
}

export interface StaffMember {
  id: number;
  username: string;
  role: StaffRole;
  secret: string;
  token: string;
}

async function call(app: App, method: "GET" | "POST", url: string, token?: string, payload?: object, ip?: string) {
  const res = await app.inject({
    method,
    url,
    headers: token ? auth(token) : {},
    ...(ip ? { remoteAddress: ip } : {}),
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
  return { status: res.statusCode, body: res.body, result: res.statusCode === 200 ? res.json().result : undefined };
}

// ---- customers ----

/** A customer signed up with email and password (logged in: the sign-up answers a session). */
export async function registerCustomer(
  app: App,
  options: { email?: string; password?: string; inviteCode?: string; countryCode?: string; proved?: boolean } = {},
): Promise<Customer> {
  const email = options.email ?? `c${uniq()}@example.com`;
  const password = options.password ?? PASSWORD;
  const ip = newIp();
  // As the app does: the e-mail is proved with the code sent to it (purpose=register), so
  // the customer may deposit and withdraw; `proved: false` registers without it.
  let code: string | undefined;
  if (options.proved !== false) {
    const sent = await call(
      app,
      "GET",
      `/api/app/getEmailCaptcha?email=${encodeURIComponent(email)}&purpose=register`,
      undefined,
      undefined,
      ip,
    );
    if (sent.status !== 200) throw new Error(`register code failed: ${sent.body}`);
    const box = await app.inject({ method: "GET", url: `/dev/outbox?to=${encodeURIComponent(email)}` });
    code = box.json().result[0]?.code ?? undefined;
    if (!code) throw new Error(`no register code for ${email}`);
  }
  const res = await call(
    app,
    "POST",
    "/api/app/register",
    undefined,
    {
      type: "email",
      account: email,
      password,
      agree: true,
      ...(code ? { code } : {}),
      ...(options.inviteCode ? { inviteCode: options.inviteCode } : {}),
      ...(options.countryCode ? { countryCode: options.countryCode } : {}),
    },
    ip,
  );
  if (res.status !== 200) throw new Error(`register failed: ${res.body}`);
  const { token, userInfo } = res.result;
  return { id: userInfo.id, username: userInfo.username, email, password, token };
}

/** Logs an existing customer in again: a new session's token. */
export async function loginCustomer(app: App, account: string, password = PASSWORD): Promise<string> {
  const res = await call(app, "POST", "/api/app/login", undefined, { account, password }, newIp());
  expect(res.status, res.body).toBe(200);
  return res.result.token as string;
}

/** Passes basic identity verification through the real flow (upload, submit, operator approves). */
export async function verifyIdentity(
  app: App,
  database: Database,
  c: Customer,
  operator?: { token: string },
  extra: { realName?: string; documentNumber?: string } = {},
) {
  const op = operator ?? (await createOperator(app, database));
  const body = multipart(samples.jpeg);
  const uploaded = await app.inject({
    method: "POST",
    url: "/api/sys/common/upload",
    headers: { ...auth(c.token), ...body.headers },
    payload: body.payload,
  });
  expect(uploaded.statusCode).toBe(200);
  const submitted = await call(app, "POST", "/api/user/kyc/basic", c.token, {
    documentType: "passport",
    countryCode: "DE",
    frontImage: uploaded.json().result.url as string,
    ...extra,
  });
  expect(submitted.status).toBe(200);
  const approved = await call(app, "POST", "/api/operator/kyc/approve", op.token, { id: submitted.result.id });
  expect(approved.status).toBe(200);
}

/**
 * Sends a request with the authenticator code of the previous 30-second step (so the
 * current and next steps stay usable for the test's later codes). The server accepts one
 * step either side of its own: a step boundary crossed between making the code and the
 * server's check leaves that code two steps old, and the request is refused. Then it is
 * sent once more with the new previous step's code: the clock has already moved, nothing
 * waits. (A busy CI machine crossed a boundary there: google-authenticator.test, 400.)
 */
async function withPreviousStepCode<R>(
  secret: string,
  send: (googleCode: string) => Promise<R>,
  ok: (response: R) => boolean,
): Promise<R> {
  const step = () => Math.floor(Date.now() / 30_000);
  let at = step();
  let response = await send(await generate({ secret, epoch: (at - 1) * 30 }));
  if (!ok(response) && step() !== at) {
    at = step();
    response = await send(await generate({ secret, epoch: (at - 1) * 30 }));
  }
  return response;
}

/** Binds the key `generateGoogleKey` gave with a code of the previous step (the current and next stay usable); the answer. */
export function bindKey(app: App, token: string, secret: string, password = PASSWORD) {
  return withPreviousStepCode(
    secret,
    (googleCode) => call(app, "POST", "/api/user/appUser/bindGoogleAuth", token, { googleCode, password }),
    (r) => r.status === 200,
  );
}

/** Binds a Google authenticator (code of the previous step, so the current and next stay usable); its secret. */
export async function bindAuthenticator(app: App, token: string, password = PASSWORD): Promise<string> {
  const key = await call(app, "POST", "/api/user/appUser/generateGoogleKey", token);
  expect(key.status, key.body).toBe(200);
  const secret = key.result.secret as string;
  const bound = await bindKey(app, token, secret, password);
  expect(bound.status, bound.body).toBe(200);
  return secret;
}

/**
 * A registered customer with a withdrawal password and a bound USDT TRC20 wallet, usable at
 * once: the business clock is moved past the new-address hold (WITHDRAWAL_ADDRESS_COOLDOWN_HOURS)
 * unless `pastHold: false`.
 */
export async function walletCustomer(
  app: App,
  options: { withdrawalPassword?: boolean; pastHold?: boolean } = {},
): Promise<WalletCustomer> {
  const c = await registerCustomer(app);
  if (options.withdrawalPassword !== false) {
    const set = await call(app, "POST", "/api/user/appUser/changePassword", c.token, {
      kind: "withdrawal",
      oldPassword: PASSWORD,
      newPassword: WITHDRAWAL_PASSWORD,
    });
    expect(set.status).toBe(200);
  }
  const bound = await call(app, "POST", "/api/user/appUserWithdrawalInfoSet/addAccount", c.token, {
    type: "wallet",
    currency: "USDT",
    network: "TRC20",
    address: `T${uniq()
      .padEnd(33, "x")
      .slice(0, 33)
      .replace(/[^1-9A-HJ-NP-Za-km-z]/g, "z")}`,
  });
  expect(bound.status, bound.body).toBe(200);
  if (options.pastHold !== false) await passHold(app);
  return { ...c, accountId: bound.result.id };
}

/** Moves the sandbox clock past the new-address hold, so addresses added until now are usable. */
export async function passHold(app: App): Promise<void> {
  const hours = app.config.withdrawalAddressCooldownHours;
  if (hours === 0) return;
  const res = await app.inject({ method: "POST", url: "/dev/clock/advance", payload: { seconds: hours * 3600 + 1 } });
  expect(res.statusCode).toBe(200);
}

/** A registered customer with `usdt` available on the spot account (a deposit; "0": none). */
export async function fundedCustomer(
  app: App,
  database: Database,
  usdt = "10000",
  options: { countryCode?: string } = {},
): Promise<Customer> {
  const c = await registerCustomer(app, options);
  if (usdt !== "0") await fund(database, c.id, "USDT", usdt);
  return c;
}

/** Customers inserted directly as rows (no session: ledger and load tests); ids ascending. */
export async function bareCustomers(database: Database, count: number): Promise<number[]> {
  const prefix = `bare_${randomUUID().slice(0, 8)}`;
  const rows = await database.query<{ id: number | string }>(
    "INSERT INTO users (username) SELECT $1 || '_' || i FROM generate_series(1, $2::int) AS i RETURNING id",
    [prefix, count],
  );
  return rows.map((r) => Number(r.id)).sort((a, b) => a - b);
}

// ---- money ----

/**
 * Credits `amount` of `currency` to the customer's `kind` account (spot unless told) the way the
 * product does: a deposit (clearing → spot, kind "deposit"); demo money as the demo grant
 * (treasury → demo); any other kind deposited to spot first and then moved there.
 */
export async function fund(
  database: Database,
  userId: number,
  currency: string,
  amount: string,
  kind: UserAccountKind = "spot",
): Promise<void> {
  const key = `test-fund:${randomUUID()}`;
  if (kind === "demo") {
    await transfer(database.db, {
      currency,
      debit: platformAccount("treasury"),
      credit: userAccount(userId, "demo"),
      amount,
      key,
      kind: "demo_grant",
      reference: { type: "test", id: key },
    });
    return;
  }
  await transfer(database.db, {
    currency,
    debit: platformAccount("clearing"),
    credit: userAccount(userId, "spot"),
    amount,
    key,
    kind: "deposit",
    reference: { type: "test", id: key },
  });
  if (kind === "spot") return;
  await transfer(database.db, {
    currency,
    debit: userAccount(userId, "spot"),
    credit: userAccount(userId, kind),
    amount,
    key: `${key}:${kind}`,
    kind: "test_move" as LedgerKind, // a test-only reason code
    reference: { type: "test", id: key },
  });
}

/** Books what a completed withdrawal books (spot → clearing, kind "withdrawal"): the money left. */
export async function takeOut(database: Database, userId: number, currency: string, amount: string): Promise<void> {
  const key = `test-take-out:${randomUUID()}`;
  await transfer(database.db, {
    currency,
    debit: userAccount(userId, "spot"),
    credit: platformAccount("clearing"),
    amount,
    key,
    kind: "withdrawal",
    reference: { type: "test", id: key },
  });
}

// ---- staff ----

/** The code of the current 30 s step, or `steps` later (still accepted: one step of drift is allowed). */
export const totpCode = (secret: string, steps = 0) =>
  generate({ secret, epoch: Math.floor(Date.now() / 1000) + steps * 30 });

/** Step 1 of the console login; throws unless 200. */
export async function staffPasswordStep(app: App, username: string, password = STAFF_PASSWORD) {
  const res = await app.inject({
    method: "POST",
    url: "/api/staff/login",
    remoteAddress: newIp(),
    payload: { username, password },
  });
  if (res.statusCode !== 200) throw new Error(`staff login failed: ${res.body}`);
  return res.json().result as { ticket: string; totpEnrolled: boolean; totpSecret: string | null };
}

/** A staff account of `role`, logged in to the console (password, then TOTP enrolment code). */
export async function createStaffMember(app: App, database: Database, role: StaffRole): Promise<StaffMember> {
  const username = `st${uniq()}`.toLowerCase().slice(0, 32);
  const created = await createStaff(database.db, null, { username, displayName: "", role, password: STAFF_PASSWORD });
  const step1 = await staffPasswordStep(app, username);
  if (!step1.totpSecret) throw new Error("a new staff account must enrol its authenticator");
  const res = await app.inject({
    method: "POST",
    url: "/api/staff/login/totp",
    remoteAddress: newIp(),
    payload: { ticket: step1.ticket, code: await totpCode(step1.totpSecret) },
  });
  if (res.statusCode !== 200) throw new Error(`staff TOTP step failed: ${res.body}`);
  return { id: created.id, username, role, secret: step1.totpSecret, token: res.json().result.token };
}

/** An admin staff member logged in to the console (password + TOTP), for operator endpoints. */
export async function createOperator(app: App, database: Database): Promise<{ id: number; token: string }> {
  const admin = await createStaffMember(app, database, "admin");
  return { id: admin.id, token: admin.token };
}
