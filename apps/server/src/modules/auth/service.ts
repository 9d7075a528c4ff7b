// Registration and every way to log in (password, e-mail / SMS code, Google
// authenticator as second factor, guest), forgot password, and the brute-force
// defence around them (login-guard.ts): the security check after 3 failures for an account
// or a client address, harder with more, a 15-minute lockout of the address after 10, and
// one answer (401) for an unknown account and a wrong password.
import { randomInt } from "node:crypto";
import type {
  AuthResult,
  CodePurpose,
  CodeSent,
  ForgotPasswordBody,
  GuestLoginResult,
  Lang,
  LoginBody,
  RegisterBody,
} from "@candor/contract";
import type { Db } from "../../db";
import { AppError, badRequest } from "../../lib/errors";
import { createSession, revokeAllSessions } from "../../lib/sessions";
import { resolveCountry } from "../countries/service";
import type { Notifier } from "../notifier/service";
import {
  assertPasswordRule,
  createUser,
  findGuestByDevice,
  findUserByEmail,
  findUserByInviteCode,
  findUserByLogin,
  findUserByPhone,
  generatePassword,
  markContactVerified,
  normaliseEmail,
  normalisePhone,
  resetLoginPassword,
  type UserRow,
  usernameTaken,
  verifyPassword,
} from "../users/service";
import { captchaLevel, verifyCaptcha } from "./captcha";
import { checkCode, consumeCode, sendCode } from "./codes";
import { verifyGoogleCode } from "./google";
import { type Attempt, type Fail, guarded, LoginError } from "./login-guard";
import { CAPTCHA_AFTER_FAILURES, countUse, getFailureState, usesSoFar } from "./throttle";

/** Who is asking: the client address (brute-force counters), device label and language. */
export interface ClientContext {
  ip: string;
  device: string;
  lang: Lang;
}

const accountSubject = (user: UserRow | null, normalised: string) => (user ? `user:${user.id}` : `login:${normalised}`);

async function session(db: Db, user: UserRow, ctx: ClientContext): Promise<AuthResult> {
  const token = await createSession(db, user.id, ctx.device);
  return { token, userInfo: { id: user.id, username: user.username } };
}

// ---------------------------------------------------------------- second factor

/** Second factor when bound: a missing code asks for it, a wrong or replayed one is a failure. */
async function checkSecondFactor(db: Db, user: UserRow, fail: Fail, googleCode: string | undefined) {
  if (!user.googleSecret) return;
  if (!googleCode) throw new LoginError(401, "googleCodeRequired", { googleRequired: true });
  if (!(await verifyGoogleCode(db, user.id, googleCode))) await fail("googleCodeWrong", { googleRequired: true });
}

// ---------------------------------------------------------------- register and logins

export async function register(
  db: Db,
  input: RegisterBody,
  ctx: ClientContext,
  freeSignups: number,
): Promise<AuthResult> {
  if (input.agree !== true) throw badRequest("mustAgree");
  assertPasswordRule(input.password);
  await signupCheck(db, "signup-address", ctx.ip, input.captcha, freeSignups);
  let email: string | null = null;
  let phone: Awaited<ReturnType<typeof normalisePhone>> | null = null;
  let countryCode: string | null = null;
  if (input.type === "email") {
    email = normaliseEmail(input.account);
    if (input.countryCode) countryCode = (await resolveCountry(db, input.countryCode)).countryCode;
  } else {
    if (!input.countryCode) throw badRequest("requiredField", { field: "countryCode" });
    phone = await normalisePhone(db, input.account, input.countryCode);
    countryCode = phone.country.countryCode;
  }
  let inviterId: number | null = null;
  if (input.inviteCode) {
    const inviter = await findUserByInviteCode(db, input.inviteCode);
    if (!inviter) throw badRequest("inviteCodeUnknown");
    inviterId = inviter.id;
  }
  // A code sent with purpose=register proves the address; a wrong one creates nothing.
  let proved = false;
  if (input.code !== undefined) {
    const destination = email ?? phone?.e164 ?? "";
    const code = await checkCode(db, destination, "register", input.code);
    if (!code || code.userId !== null || !(await consumeCode(db, code.id))) throw badRequest("codeWrong");
    proved = true;
  }
  const user = await createUser(db, {
    username: email ?? phone?.e164 ?? "",
    password: input.password,
    email,
    phone,
    countryCode,
    inviterId,
    contactVerified: proved,
  });
  return session(db, user, ctx);
}

export async function loginWithPassword(db: Db, input: LoginBody, ctx: ClientContext): Promise<AuthResult> {
  const { user, normalised } = await findUserByLogin(db, input.account, input.countryCode);
  const attempt: Attempt = {
    subject: accountSubject(user, normalised),
    ip: ctx.ip,
    captcha: input.captcha,
  };
  return guarded(db, attempt, async (fail) => {
    // Always one argon2 verification, found or not: same answer, same time.
    const ok = await verifyPassword(user?.passwordHash, input.password);
    if (!user || !ok) return fail("accountOrPasswordWrong");
    await checkSecondFactor(db, user, fail, input.googleCode);
    return session(db, user, ctx);
  });
}

/** The destination a code goes to: lower-case e-mail or E.164 phone. */
export async function codeDestination(
  db: Db,
  channel: "email" | "sms",
  account: string,
  countryCode?: string,
): Promise<{ destination: string; user: UserRow | null }> {
  if (channel === "email") {
    const destination = normaliseEmail(account);
    return { destination, user: await findUserByEmail(db, destination) };
  }
  if (!countryCode) throw badRequest("requiredField", { field: "countryCode" });
  const { e164 } = await normalisePhone(db, account, countryCode);
  return { destination: e164, user: await findUserByPhone(db, e164) };
}

/**
 * Send a one-time code. The answer is the same whether or not an account exists (a
 * code is only delivered when it does), and sending is rate limited either way.
 */
export async function requestCode(
  db: Db,
  notifier: Notifier,
  input: { channel: "email" | "sms"; account: string; countryCode?: string; purpose: CodePurpose },
  ctx: ClientContext,
): Promise<CodeSent> {
  const { destination, user } = await codeDestination(db, input.channel, input.account, input.countryCode);
  // Who gets a code: login and reset an account's address; register an address without one;
  // verify an account's own address it has not proved yet.
  const deliver =
    input.purpose === "register"
      ? user === null
      : input.purpose === "verify"
        ? user !== null && !user.contactVerified
        : user !== null;
  return sendCode(db, notifier, {
    channel: input.channel,
    destination,
    purpose: input.purpose,
    userId: input.purpose === "register" ? null : (user?.id ?? null),
    deliver,
    clientIp: ctx.ip,
    lang: ctx.lang,
  });
}

export interface CodeLoginInput {
  channel: "email" | "sms";
  account: string;
  countryCode?: string;
  code: string;
  captcha?: string | undefined;
  googleCode?: string | undefined;
}

export async function loginWithCode(db: Db, input: CodeLoginInput, ctx: ClientContext): Promise<AuthResult> {
  const { destination, user } = await codeDestination(db, input.channel, input.account, input.countryCode);
  const attempt: Attempt = {
    subject: accountSubject(user, destination),
    ip: ctx.ip,
    captcha: input.captcha,
  };
  return guarded(db, attempt, async (fail) => {
    const code = await checkCode(db, destination, "login", input.code);
    if (!user || !code || code.userId !== user.id) return fail("codeWrong");
    // The second factor is checked before the code is used up, so asking for it costs no code.
    await checkSecondFactor(db, user, fail, input.googleCode);
    if (!(await consumeCode(db, code.id))) return fail("codeWrong");
    // The code came back from the account's address: that proves it.
    if (!user.contactVerified) await markContactVerified(db, user.id);
    return session(db, user, ctx);
  });
}

/**
 * Forgot password: a reset code proves the mailbox / phone; every session ends. Every try
 * needs the security check; wrong codes count against the account and the address like
 * failed logins (harder checks for both, the address locked after 10 — never the account),
 * on top of the few tries that burn one code.
 */
export async function resetPasswordByCode(
  db: Db,
  input: ForgotPasswordBody,
  ctx: ClientContext,
): Promise<{ userId: number }> {
  assertPasswordRule(input.newPassword, "newPassword");
  const channel = input.type === "email" ? "email" : "sms";
  const { destination, user } = await codeDestination(db, channel, input.account, input.countryCode);
  const attempt: Attempt = { subject: accountSubject(user, destination), ip: ctx.ip, captcha: input.captcha };
  // A locked address is refused (429), a missing or wrong check answered (400), before the code is looked at.
  return guarded(
    db,
    attempt,
    async (fail) => {
      const code = await checkCode(db, destination, "reset", input.code);
      if (!user || !code || code.userId !== user.id || !(await consumeCode(db, code.id))) return fail("codeWrong");
      await resetLoginPassword(db, user.id, input.newPassword);
      if (!user.contactVerified) await markContactVerified(db, user.id);
      await revokeAllSessions(db, user.id);
      return { userId: user.id };
    },
    { captcha: "always", failStatus: 400 },
  );
}

const GUEST_USERNAME_TRIES = 5;

/** Guest account for a device: a generated password shown once; one guest per device. */
export async function guestLogin(db: Db, deviceId: string, ctx: ClientContext): Promise<GuestLoginResult> {
  if (await findGuestByDevice(db, deviceId)) throw new AppError(409, "guestExists");
  let username = "";
  for (let i = 0; i < GUEST_USERNAME_TRIES && !username; i++) {
    const candidate = `guest${String(randomInt(100_000_000)).padStart(8, "0")}`;
    if (!(await usernameTaken(db, candidate))) username = candidate;
  }
  if (!username) throw new AppError(503, "unavailable");
  const initialPassword = generatePassword();
  const user = await createUser(db, { username, password: initialPassword, guestDeviceId: deviceId });
  return { ...(await session(db, user, ctx)), initialPassword };
}

/** Account lookups (checkAccount, checkGoogleAuth) per client address and per account, per window. */
export const LOOKUPS_PER_ADDRESS = 30;
export const LOOKUPS_PER_ACCOUNT = 10;

/**
 * The account a public lookup asks about, counted against the client address and the
 * account (429 past LOOKUPS_PER_ADDRESS / LOOKUPS_PER_ACCOUNT in 15 minutes): the seed's
 * login screen asks whether an account exists, a script walking a list of e-mails may not.
 */
export async function lookupAccount(db: Db, account: string, countryCode: string | undefined, ctx: ClientContext) {
  await countUse(db, "lookup-address", ctx.ip, LOOKUPS_PER_ADDRESS);
  const found = await findUserByLogin(db, account, countryCode);
  await countUse(
    db,
    "lookup-account",
    found.user ? `user:${found.user.id}` : `login:${found.normalised}`,
    LOOKUPS_PER_ACCOUNT,
  );
  return found;
}

/** Does the account exist, and does its next login from this address need the security code? */
export async function checkAccount(
  db: Db,
  account: string,
  countryCode: string | undefined,
  ctx: ClientContext,
): Promise<{ exists: boolean; captchaRequired: boolean }> {
  const { user, normalised } = await lookupAccount(db, account, countryCode, ctx);
  const states = [
    await getFailureState(db, "account", accountSubject(user, normalised)),
    await getFailureState(db, "address", ctx.ip),
  ];
  const captchaRequired = states.some((s) => s.lockedUntil !== null || s.failures >= CAPTCHA_AFTER_FAILURES);
  return { exists: user !== null, captchaRequired };
}

/** The authenticator step-up for money movement (withdrawals, new payout addresses). */
export { assertSecondFactor, isGoogleBound as isCustomerGoogleBound } from "./google";

/** Public sign-ups counted per client address: registrations and guest chats. */
export type SignupScope = "signup-address" | "guest-chat-address";
/** Past this many uses per address in 15 minutes, nothing more is created (429). */
const SIGNUP_HARD_CAP = 1000;

/** The check level a sign-up needs after `uses` from its address (`free` need none). */
const signupLevel = (uses: number, free: number) => captchaLevel(uses - free + CAPTCHA_AFTER_FAILURES);

/**
 * A registration or a guest chat from a client address: the first `free` in 15 minutes
 * need no security check (the original client's flow has none), later ones a solved check
 * that grows harder with the count. Missing or wrong → 400 with X-Captcha-Required.
 */
export async function signupCheck(
  db: Db,
  scope: SignupScope,
  ip: string,
  captcha: string | undefined,
  free: number,
): Promise<void> {
  const uses = await usesSoFar(db, scope, ip);
  if (uses >= free) {
    if (!captcha) throw new LoginError(400, "captchaRequired", { captchaRequired: true });
    if (!(await verifyCaptcha(db, captcha, signupLevel(uses, free))))
      throw new LoginError(400, "captchaWrong", { captchaRequired: true });
  }
  await countUse(db, scope, ip, SIGNUP_HARD_CAP);
}

/**
 * The level of the next security check for an account (login, forgot password) or, without
 * one, for the client address alone (registration, guest chat): from the failures of both.
 */
export async function captchaLevelFor(
  db: Db,
  account: string | undefined,
  countryCode: string | undefined,
  ctx: ClientContext,
  free: number,
): Promise<number> {
  // The console's logins count under their own subjects (staff/accounts.ts).
  if (account?.startsWith("staff:")) {
    const states = [
      await getFailureState(db, "account", `staff:${account.slice(6).trim().toLowerCase()}`),
      await getFailureState(db, "address", `staff:${ctx.ip}`),
    ];
    return captchaLevel(Math.max(...states.map((state) => state.failures)));
  }
  let failures = (await getFailureState(db, "address", ctx.ip)).failures;
  for (const scope of ["signup-address", "guest-chat-address"] as const) {
    const uses = await usesSoFar(db, scope, ctx.ip);
    if (uses >= free) failures = Math.max(failures, uses - free + CAPTCHA_AFTER_FAILURES);
  }
  if (account) {
    const { user, normalised } = await findUserByLogin(db, account, countryCode);
    failures = Math.max(failures, (await getFailureState(db, "account", accountSubject(user, normalised))).failures);
  }
  return captchaLevel(failures);
}

/** Customer sessions as the operator console shows them. */
// For other modules (support chat): who a token belongs to, and who was recently active.
export {
  activeUsersSince,
  hashToken,
  listSessions as listCustomerSessions,
  resolveSession,
  revokeAllSessions as revokeAllCustomerSessions,
  revokeUserSession as revokeCustomerSession,
  type SessionUser,
} from "../../lib/sessions";
export { addContact, verifyContact } from "./contact-proof";
// Data rights (modules/privacy): what this module holds about a customer.
export { authUserData, removeExternalLogins } from "./data-rights";
/** The login brute-force guard, for other credential checks (the staff console login). */
export { guarded as guardedLogin, LoginError } from "./login-guard";
export { assertLoginPassword, changePassword, verifyWithdrawalPassword } from "./password-checks";
