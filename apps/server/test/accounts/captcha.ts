// Test helper: a solved security check, as the app's ALTCHA widget would send it — a
// challenge from GET /api/app/captchaChallenge (for the account and the client address,
// so its level is what the next attempt needs), solved with altcha-lib's solveChallenge.
// Test configs keep the work tiny (test/helper.ts captchaWork), so this takes milliseconds.
import type { AltchaChallenge } from "@candor/contract";
import { type Challenge, solveChallenge } from "altcha-lib";
import { deriveKey } from "altcha-lib/algorithms/pbkdf2";
import type { App } from "../../src/app";

/** The widget's payload for a solved challenge: base64 JSON of {challenge, solution}. */
export async function solveCaptcha(challenge: AltchaChallenge): Promise<string> {
  const solution = await solveChallenge({ challenge: challenge as Challenge, deriveKey, timeout: 20_000 });
  if (!solution) throw new Error("could not solve the security check");
  return Buffer.from(JSON.stringify({ challenge, solution })).toString("base64");
}

/** A challenge for the next attempt from `ip` (for `account`, when given). */
export async function fetchChallenge(
  app: App,
  options: { account?: string; ip?: string } = {},
): Promise<{ captchaKey: string; challenge: AltchaChallenge; level: number }> {
  const query = options.account ? `?account=${encodeURIComponent(options.account)}` : "";
  const res = await app.inject({
    method: "GET",
    url: `/api/app/captchaChallenge${query}`,
    ...(options.ip ? { remoteAddress: options.ip } : {}),
  });
  if (res.statusCode !== 200) throw new Error(`captchaChallenge failed: ${res.body}`);
  return res.json().result;
}

/** `{captcha, captchaKey}` to spread into a login / reset / registration body. */
export async function solvedCaptcha(
  app: App,
  options: { account?: string; ip?: string } = {},
): Promise<{ captcha: string; captchaKey: string }> {
  const { captchaKey, challenge } = await fetchChallenge(app, options);
  return { captcha: await solveCaptcha(challenge), captchaKey };
}
