// The brute-force guard around every credential check (password and code logins,
// forgot password): the security check (proof of work, captcha.ts) after 3 failures for an
// account or a client address — always for forgot password — growing harder with more
// failures; a 15-minute lockout of the client address after 10. A login account is never
// locked: anyone can fail for it, and its owner always gets in with the right password and
// a solved check. An attempt is claimed in both counters before anything is checked, so
// parallel guesses cannot slip past the security check.
import type { Db } from "../../db";
import type { MessageKey } from "../../i18n";
import { AppError } from "../../lib/errors";
import { captchaLevel, verifyCaptcha } from "./captcha";
import {
  CAPTCHA_AFTER_FAILURES,
  type Claim,
  claimAttempt,
  clearFailures,
  failClaim,
  lockedError,
  releaseClaim,
} from "./throttle";

type Challenge = { captchaRequired?: boolean; googleRequired?: boolean };

/** A login failure that also tells the client what the next attempt needs. */
export class LoginError extends AppError {
  constructor(
    status: 400 | 401,
    key: MessageKey,
    readonly challenge: Challenge,
  ) {
    super(status, key);
  }
}

export interface Attempt {
  /** Counter of the account (`user:<id>`, or `login:<what was typed>` when unknown). */
  subject: string;
  ip: string;
  /** The solved security check (the widget's payload). */
  captcha?: string | undefined;
}

export interface GuardOptions {
  /** Demand the security check after failures, or on every attempt (forgot password). */
  captcha: "afterFailures" | "always";
  /** Status of a failed check: 401 for logins, 400 where the caller stays logged out anyway. */
  failStatus: 400 | 401;
}

/** Count the attempt as a failure and throw it; never returns. */
export type Fail = (key: MessageKey, challenge?: Challenge) => Promise<never>;

const LOGIN: GuardOptions = { captcha: "afterFailures", failStatus: 401 };

const needsCaptcha = (options: GuardOptions, failures: number) =>
  options.captcha === "always" || failures >= CAPTCHA_AFTER_FAILURES;

const lockedClaim = (claim: Claim) => (claim.admitted ? null : lockedError(claim.lockedUntil));

async function releaseBoth(db: Db, attempt: Attempt): Promise<void> {
  await releaseClaim(db, "account", attempt.subject);
  await releaseClaim(db, "address", attempt.ip);
}

/** Claim the attempt for the account and the address; refuse while locked, then check the security code. */
async function beginAttempt(db: Db, attempt: Attempt, options: GuardOptions): Promise<void> {
  const account = await claimAttempt(db, "account", attempt.subject);
  const accountLocked = lockedClaim(account);
  if (accountLocked) throw accountLocked;
  const address = await claimAttempt(db, "address", attempt.ip);
  const addressLocked = lockedClaim(address);
  if (addressLocked) {
    await releaseClaim(db, "account", attempt.subject);
    throw addressLocked;
  }
  const earlier = Math.max(account.admitted ? account.failures : 0, address.admitted ? address.failures : 0);
  if (!needsCaptcha(options, earlier)) return;
  let refusal: LoginError | null = null;
  if (!attempt.captcha) refusal = new LoginError(400, "captchaRequired", { captchaRequired: true });
  else if (!(await verifyCaptcha(db, attempt.captcha, captchaLevel(earlier)))) {
    refusal = new LoginError(400, "captchaWrong", { captchaRequired: true });
  }
  if (refusal) {
    await releaseBoth(db, attempt);
    throw refusal;
  }
}

/**
 * Run one credential check under the guard. `check` reports a wrong credential
 * through `fail` (counted for the account and the address); when it returns, the
 * account's count is cleared. Anything else that ends it (a second factor asked for,
 * an error) releases the attempt uncounted.
 */
export async function guarded<T>(
  db: Db,
  attempt: Attempt,
  check: (fail: Fail) => Promise<T>,
  options: GuardOptions = LOGIN,
): Promise<T> {
  await beginAttempt(db, attempt, options);
  let settled = false;
  const fail: Fail = async (key, challenge = {}) => {
    settled = true;
    const account = await failClaim(db, "account", attempt.subject);
    const address = await failClaim(db, "address", attempt.ip);
    const captchaRequired = needsCaptcha(options, Math.max(account.failures, address.failures));
    throw new LoginError(options.failStatus, key, { ...challenge, captchaRequired });
  };
  try {
    const result = await check(fail);
    settled = true;
    await clearFailures(db, "account", attempt.subject);
    await releaseClaim(db, "address", attempt.ip);
    return result;
  } finally {
    if (!settled) await releaseBoth(db, attempt);
  }
}
