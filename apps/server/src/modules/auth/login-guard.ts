// The brute-force guard around every credential check (password and code logins,
// forgot password): the security code after 3 failures for an account or a client
// address, a 15-minute lockout after 10. An attempt is claimed in both counters before
// anything is checked, so parallel guesses cannot slip past the limits.
import type { Db } from "../../db";
import type { MessageKey } from "../../i18n";
import { AppError } from "../../lib/errors";
import { verifyCaptcha } from "./captcha";
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
  captcha?: string | undefined;
  captchaKey?: string | undefined;
}

export interface GuardOptions {
  /** Demand the security code after failures (flows whose form has one). */
  captcha: boolean;
  /** Status of a failed check: 401 for logins, 400 where the caller stays logged out anyway. */
  failStatus: 400 | 401;
}

/** Count the attempt as a failure and throw it; never returns. */
export type Fail = (key: MessageKey, challenge?: Challenge) => Promise<never>;

const LOGIN: GuardOptions = { captcha: true, failStatus: 401 };

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
  if (!options.captcha || earlier < CAPTCHA_AFTER_FAILURES) return;
  let refusal: LoginError | null = null;
  if (!attempt.captcha || !attempt.captchaKey)
    refusal = new LoginError(400, "captchaRequired", { captchaRequired: true });
  else if (!(await verifyCaptcha(db, attempt.captchaKey, attempt.captcha))) {
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
    const captchaRequired =
      options.captcha && (account.failures >= CAPTCHA_AFTER_FAILURES || address.failures >= CAPTCHA_AFTER_FAILURES);
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
