// The security check: a self-hosted proof-of-work challenge (ALTCHA, altcha-lib v2). The
// app's widget solves it in the background (no image to read, nothing to type: usable
// with a screen reader) and sends the solution as the `captcha` field; bots pay for every
// try in CPU time, more as failures for the account or the client address pile up.
//
// Each challenge is made with a random secret counter (altcha-lib's deterministic mode):
// finding it takes on average half the counter's range in PBKDF2 derivations. The row of
// the challenge (keyed by its nonce) holds the HMAC secret it was signed with, so any node
// can check a solution, once, within CAPTCHA_TTL_MS; its signed data holds its level.
import { randomBytes, randomInt } from "node:crypto";
import type { AltchaChallenge } from "@candor/contract";
import { type Challenge, createChallenge, type Solution, verifySolution } from "altcha-lib";
import { deriveKey } from "altcha-lib/algorithms/pbkdf2";
import { and, eq, gt, isNull, lt, sql } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "../../db";
import { captchas } from "../../db/schema";
import { CAPTCHA_AFTER_FAILURES } from "./throttle";

export const CAPTCHA_TTL_MS = 5 * 60 * 1000;
export const CAPTCHA_ALGORITHM = "PBKDF2/SHA-256";
/** Levels 1…MAX: each doubles the expected work (level 6: 32× level 1). */
export const MAX_CAPTCHA_LEVEL = 6;
/** Failures per level step past the first CAPTCHA_AFTER_FAILURES. */
const FAILURES_PER_LEVEL = 3;

/** How much work a level-1 challenge is: PBKDF2 iterations per try, and the range of tries. */
export interface CaptchaWork {
  cost: number;
  baseTries: number;
}

/** The level a next attempt needs after `failures` (for its account or its client address). */
export function captchaLevel(failures: number): number {
  const past = Math.max(0, failures - CAPTCHA_AFTER_FAILURES);
  return Math.min(MAX_CAPTCHA_LEVEL, 1 + Math.floor(past / FAILURES_PER_LEVEL));
}

export interface CreatedCaptcha {
  /** The challenge's nonce (the seed's captchaKey). */
  captchaKey: string;
  /** ALTCHA challenge for the widget: {parameters, signature}. */
  challenge: AltchaChallenge;
  level: number;
  expiresInSeconds: number;
}

export async function createCaptcha(db: Db, work: CaptchaWork, level = 1): Promise<CreatedCaptcha> {
  const lvl = Math.min(MAX_CAPTCHA_LEVEL, Math.max(1, Math.floor(level)));
  const secret = randomBytes(32).toString("hex");
  const expiresAt = new Date(Date.now() + CAPTCHA_TTL_MS);
  const challenge = await createChallenge({
    algorithm: CAPTCHA_ALGORITHM,
    cost: work.cost,
    counter: randomInt(work.baseTries * 2 ** (lvl - 1)),
    deriveKey,
    expiresAt,
    data: { level: lvl },
    hmacSignatureSecret: secret,
    hmacKeySignatureSecret: secret,
  });
  const captchaKey = challenge.parameters.nonce;
  await db.insert(captchas).values({ key: captchaKey, answerHash: secret, expiresAt });
  // Old challenges are useless; sweep them now and then.
  if (Math.random() < 0.05) await db.delete(captchas).where(lt(captchas.expiresAt, sql`now() - interval '1 day'`));
  // Its data is the level set above.
  return { captchaKey, challenge: challenge as AltchaChallenge, level: lvl, expiresInSeconds: CAPTCHA_TTL_MS / 1000 };
}

const Hex = z.string().regex(/^[0-9a-f]{1,256}$/i);
const SubmittedPayload = z.object({
  challenge: z.object({
    parameters: z
      .object({
        algorithm: z.literal(CAPTCHA_ALGORITHM),
        nonce: Hex,
        salt: Hex,
        cost: z.number().int().positive(),
        keyLength: z.number().int().positive().max(64),
        keyPrefix: Hex,
        keySignature: Hex.optional(),
        expiresAt: z.number().optional(),
        data: z.object({ level: z.number().int().min(1).max(MAX_CAPTCHA_LEVEL) }).loose(),
      })
      .loose(),
    signature: Hex,
  }),
  solution: z.object({
    counter: z.number().int().min(0).max(0xffffffff),
    derivedKey: Hex,
    time: z.number().optional(),
  }),
});

/** The submitted widget payload (base64 JSON), or null when it is not one. */
function decode(payload: string): z.infer<typeof SubmittedPayload> | null {
  try {
    const parsed = SubmittedPayload.safeParse(JSON.parse(Buffer.from(payload, "base64").toString("utf8")));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/**
 * True when `payload` solves a challenge this server issued, of at least `minLevel`, not
 * expired and not used before. The challenge is used up either way.
 */
export async function verifyCaptcha(db: Db, payload: string, minLevel = 1): Promise<boolean> {
  const submitted = decode(payload);
  if (!submitted) return false;
  const [row] = await db
    .update(captchas)
    .set({ usedAt: sql`now()` })
    .where(
      and(
        eq(captchas.key, submitted.challenge.parameters.nonce),
        isNull(captchas.usedAt),
        gt(captchas.expiresAt, sql`now()`),
      ),
    )
    .returning({ secret: captchas.answerHash });
  if (!row) return false;
  const result = await verifySolution({
    challenge: submitted.challenge as Challenge,
    solution: submitted.solution as Solution,
    deriveKey,
    hmacSignatureSecret: row.secret,
    hmacKeySignatureSecret: row.secret,
  });
  return result.verified && submitted.challenge.parameters.data.level >= minLevel;
}
