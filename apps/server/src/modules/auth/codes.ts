// One-time codes sent by e-mail or SMS: 6 digits, valid 10 minutes, single use, only
// the newest one per address and purpose counts, a few wrong tries burn it. Sending
// is limited per destination and per client address.
import { randomInt, timingSafeEqual } from "node:crypto";
import type { CodePurpose, CodeSent, Lang } from "@candor/contract";
import { and, count, desc, eq, gt, isNull, lt, sql } from "drizzle-orm";
import type { Db } from "../../db";
import { oneTimeCodes } from "../../db/schema";
import { t } from "../../i18n";
import { AppError } from "../../lib/errors";
import { codeHash } from "../../lib/secrets";
import type { Notifier } from "../notifier/service";

export const CODE_TTL_MS = 10 * 60 * 1000;
/** At most one code per minute to a destination (per purpose) and from a client address… */
export const CODE_RESEND_INTERVAL_MS = 60 * 1000;
/** …and at most this many per hour. */
export const CODE_MAX_PER_HOUR = 10;
/** Tries per code (a right one counts too): the sixth is refused without a look. */
export const CODE_MAX_ATTEMPTS = 5;

const MESSAGES = {
  login: { subject: "codeSubjectLogin", text: "codeTextLogin" },
  reset: { subject: "codeSubjectReset", text: "codeTextReset" },
  register: { subject: "codeSubjectVerify", text: "codeTextVerify" },
  verify: { subject: "codeSubjectVerify", text: "codeTextVerify" },
} as const satisfies Record<CodePurpose, { subject: string; text: string }>;

/** Keyed (HMAC with the server secret): a leaked table does not give the codes away. */
const hashCode = (code: string) => codeHash(code);

export interface CodeRequest {
  channel: "email" | "sms";
  /** Lower-case e-mail or E.164 phone. */
  destination: string;
  purpose: CodePurpose;
  /** The account behind the destination (null for a registration code). */
  userId: number | null;
  /** Whether the code is delivered (the answer is the same either way: no account enumeration). */
  deliver: boolean;
  clientIp: string;
  lang: Lang;
}

async function assertSendAllowed(db: Db, request: CodeRequest): Promise<void> {
  const since = (ms: number) => sql`now() - ${sql.raw(`interval '${ms} milliseconds'`)}`;
  const toDestination = eq(oneTimeCodes.destination, request.destination);
  const fromClient = eq(oneTimeCodes.clientIp, request.clientIp);
  // One a minute per destination and purpose (a sign-up code, then a login code at once, is
  // one person's normal path) and per client address; the hourly cap counts every purpose.
  for (const [where, minute] of [
    [toDestination, and(toDestination, eq(oneTimeCodes.purpose, request.purpose))],
    [fromClient, fromClient],
  ] as const) {
    const [last] = await db
      .select({ createdAt: oneTimeCodes.createdAt, now: sql<Date>`now()` })
      .from(oneTimeCodes)
      .where(and(minute, gt(oneTimeCodes.createdAt, since(CODE_RESEND_INTERVAL_MS))))
      .orderBy(desc(oneTimeCodes.createdAt))
      .limit(1);
    if (last) {
      const waitMs = last.createdAt.getTime() + CODE_RESEND_INTERVAL_MS - new Date(last.now).getTime();
      throw new AppError(429, "codeTooSoon", { seconds: Math.max(1, Math.ceil(waitMs / 1000)) });
    }
    const [hour] = await db
      .select({ n: count() })
      .from(oneTimeCodes)
      .where(and(where, gt(oneTimeCodes.createdAt, since(60 * 60 * 1000))));
    if (Number(hour?.n ?? 0) >= CODE_MAX_PER_HOUR) throw new AppError(429, "codeTooMany");
  }
}

export async function sendCode(db: Db, notifier: Notifier, request: CodeRequest): Promise<CodeSent> {
  await assertSendAllowed(db, request);
  const code = String(randomInt(0, 1_000_000)).padStart(6, "0");
  // Only the newest code counts.
  await db
    .update(oneTimeCodes)
    .set({ usedAt: sql`now()` })
    .where(
      and(
        eq(oneTimeCodes.destination, request.destination),
        eq(oneTimeCodes.purpose, request.purpose),
        isNull(oneTimeCodes.usedAt),
      ),
    );
  await db.insert(oneTimeCodes).values({
    channel: request.channel,
    destination: request.destination,
    purpose: request.purpose,
    codeHash: hashCode(code).toString("hex"),
    userId: request.userId,
    clientIp: request.clientIp,
    expiresAt: new Date(Date.now() + CODE_TTL_MS),
  });
  if (request.deliver) {
    const minutes = CODE_TTL_MS / 60_000;
    const words = MESSAGES[request.purpose];
    await notifier.send({
      channel: request.channel,
      to: request.destination,
      subject: t(request.lang, words.subject),
      text: t(request.lang, words.text, { code, minutes }),
      code,
    });
  }
  return { expiresInSeconds: CODE_TTL_MS / 1000, resendInSeconds: CODE_RESEND_INTERVAL_MS / 1000 };
}

/**
 * Check a code without using it up (the caller consumes it once every other check
 * passed). Every check claims one of the code's tries first, in one conditional
 * update, and only a claimed try is compared: parallel guesses cannot exceed the cap.
 * Returns the code's id or null.
 */
export async function checkCode(
  db: Db,
  destination: string,
  purpose: CodePurpose,
  code: string,
): Promise<{ id: number; userId: number | null } | null> {
  const live = and(isNull(oneTimeCodes.usedAt), gt(oneTimeCodes.expiresAt, sql`now()`));
  // Only the newest code counts (sending a new one marks the older ones used).
  const [newest] = await db
    .select({ id: oneTimeCodes.id })
    .from(oneTimeCodes)
    .where(and(eq(oneTimeCodes.destination, destination), eq(oneTimeCodes.purpose, purpose), live))
    .orderBy(desc(oneTimeCodes.id))
    .limit(1);
  if (!newest) return null;
  const [claimed] = await db
    .update(oneTimeCodes)
    .set({ attempts: sql`${oneTimeCodes.attempts} + 1` })
    .where(and(eq(oneTimeCodes.id, newest.id), lt(oneTimeCodes.attempts, CODE_MAX_ATTEMPTS), live))
    .returning({ id: oneTimeCodes.id, userId: oneTimeCodes.userId, codeHash: oneTimeCodes.codeHash });
  if (!claimed) return null;
  const wellFormed = /^\d{6}$/.test(code);
  const given = wellFormed ? hashCode(code) : Buffer.alloc(32);
  if (!timingSafeEqual(given, Buffer.from(claimed.codeHash, "hex")) || !wellFormed) return null;
  return { id: claimed.id, userId: claimed.userId };
}

/** Use a code up; false when another request used it first. */
export async function consumeCode(db: Db, id: number): Promise<boolean> {
  const rows = await db
    .update(oneTimeCodes)
    .set({ usedAt: sql`now()` })
    .where(and(eq(oneTimeCodes.id, id), isNull(oneTimeCodes.usedAt)))
    .returning({ id: oneTimeCodes.id });
  return rows.length === 1;
}
