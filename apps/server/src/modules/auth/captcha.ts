// SVG "security code" challenges. The answer is kept only as a hash and each
// challenge is good for one try within a few minutes.
import { createHash, randomBytes } from "node:crypto";
import { and, eq, gt, isNull, lt, sql } from "drizzle-orm";
import svgCaptcha from "svg-captcha";
import type { Db } from "../../db";
import { captchas } from "../../db/schema";

export const CAPTCHA_TTL_MS = 5 * 60 * 1000;

const hashAnswer = (key: string, answer: string) =>
  createHash("sha256").update(`${key}:${answer.trim().toLowerCase()}`).digest("hex");

export interface CreatedCaptcha {
  captchaKey: string;
  svg: string;
  expiresInSeconds: number;
  /** The answer: never sent to the client (tests read it here). */
  text: string;
}

export async function createCaptcha(db: Db): Promise<CreatedCaptcha> {
  const { text, data } = svgCaptcha.create({ size: 4, noise: 2, ignoreChars: "0oO1iIlL", color: true });
  const captchaKey = randomBytes(16).toString("hex");
  await db.insert(captchas).values({
    key: captchaKey,
    answerHash: hashAnswer(captchaKey, text),
    expiresAt: new Date(Date.now() + CAPTCHA_TTL_MS),
  });
  // Old challenges are useless; sweep them now and then.
  if (Math.random() < 0.05) await db.delete(captchas).where(lt(captchas.expiresAt, sql`now() - interval '1 day'`));
  return { captchaKey, svg: data, expiresInSeconds: CAPTCHA_TTL_MS / 1000, text };
}

/** True when the answer is right; the challenge is used up either way. */
export async function verifyCaptcha(db: Db, captchaKey: string, answer: string): Promise<boolean> {
  const [row] = await db
    .update(captchas)
    .set({ usedAt: sql`now()` })
    .where(and(eq(captchas.key, captchaKey), isNull(captchas.usedAt), gt(captchas.expiresAt, sql`now()`)))
    .returning({ answerHash: captchas.answerHash });
  return row !== undefined && row.answerHash === hashAnswer(captchaKey, answer);
}
