// Identity verification: basic (ID card front + back, or passport portrait page) and
// advanced (names, phone, address, emergency contact). Each level is not started →
// pending → passed, or rejected with a reason and then resubmitted. Operators review.

import type {
  KycAdvancedBody,
  KycBasicBody,
  KycRecord,
  KycState,
  KycStatus,
  OperatorKycRecord,
  Page,
} from "@candor/contract";
import { and, count, desc, eq, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Db } from "../../db";
import { isUniqueViolation } from "../../db/errors";
import { kycSubmissions, uploads, users } from "../../db/schema";
import { badRequest, conflict, notFound } from "../../lib/errors";
import { resolveCountry } from "../countries/service";
import { markPrivate, resolveOwnImage, uploadUrl } from "../uploads/service";
import { setVerifiedCountry } from "../users/service";

type Level = "basic" | "advanced";
type Submission = typeof kycSubmissions.$inferSelect;

async function latest(db: Db, userId: number, level: Level): Promise<Submission | null> {
  const [row] = await db
    .select()
    .from(kycSubmissions)
    .where(and(eq(kycSubmissions.userId, userId), eq(kycSubmissions.level, level)))
    .orderBy(desc(kycSubmissions.id))
    .limit(1);
  return row ?? null;
}

const statusOf = (row: Submission | null): KycStatus =>
  row ? (row.status === "passed" || row.status === "rejected" ? row.status : "pending") : "none";

export async function getKycLevelStatuses(db: Db, userId: number): Promise<{ basic: KycStatus; advanced: KycStatus }> {
  const [basic, advanced] = [await latest(db, userId, "basic"), await latest(db, userId, "advanced")];
  return { basic: statusOf(basic), advanced: statusOf(advanced) };
}

/** Basic verification state: what withdrawals (wallet) check. */
export async function getKycStatus(db: Db, userId: number): Promise<KycStatus> {
  return statusOf(await latest(db, userId, "basic"));
}

/** 0 = not verified, 1 = basic passed, 2 = basic and advanced passed (for tiered limits). */
export async function getKycLevel(db: Db, userId: number): Promise<0 | 1 | 2> {
  const s = await getKycLevelStatuses(db, userId);
  if (s.basic !== "passed") return 0;
  return s.advanced === "passed" ? 2 : 1;
}

/**
 * Name and document number from the customer's approved verification, to prefill forms that
 * ask for them again (the loan identity check, issue 35 §10): the basic level's name and
 * number, the advanced level's given name and surname when basic has no name. Null fields
 * when nothing approved carries them.
 */
export async function approvedIdentity(
  db: Db,
  userId: number,
): Promise<{ realName: string | null; idNumber: string | null }> {
  const basic = await latest(db, userId, "basic");
  if (basic?.status !== "passed") return { realName: null, idNumber: null };
  const advanced = await latest(db, userId, "advanced");
  const fromAdvanced =
    advanced?.status === "passed" && advanced.details
      ? `${advanced.details.givenName} ${advanced.details.surname}`.trim()
      : null;
  return {
    realName: basic.realName?.trim() || fromAdvanced || null,
    idNumber: basic.documentNumber?.trim() || null,
  };
}

const levelState = (row: Submission | null) => ({
  id: row?.id ?? null,
  status: statusOf(row),
  rejectReason: row?.status === "rejected" ? row.rejectReason : null,
  submittedAt: row?.createdAt.toISOString() ?? null,
  reviewedAt: row?.reviewedAt?.toISOString() ?? null,
});

const canSubmit = (status: KycStatus) => status === "none" || status === "rejected";

export async function getKycState(db: Db, userId: number): Promise<KycState> {
  const basic = await latest(db, userId, "basic");
  const advanced = await latest(db, userId, "advanced");
  const documentType =
    basic?.documentType === "id_card" || basic?.documentType === "passport" ? basic.documentType : null;
  return {
    status: statusOf(basic),
    basic: { ...levelState(basic), documentType },
    advanced: levelState(advanced),
    canSubmitBasic: canSubmit(statusOf(basic)),
    canSubmitAdvanced: statusOf(basic) === "passed" && canSubmit(statusOf(advanced)),
  };
}

/** Every verification I submitted (both levels), newest first: the seed's `appAuth/listMy`. */
export async function listMySubmissions(db: Db, userId: number): Promise<KycRecord[]> {
  const rows = await db
    .select()
    .from(kycSubmissions)
    .where(eq(kycSubmissions.userId, userId))
    .orderBy(desc(kycSubmissions.id))
    .limit(100);
  return rows.map((row) => ({
    id: row.id,
    level: row.level === "advanced" ? "advanced" : "basic",
    status: row.status === "passed" || row.status === "rejected" ? row.status : "pending",
    documentType: row.documentType === "id_card" || row.documentType === "passport" ? row.documentType : null,
    countryCode: row.countryCode,
    rejectReason: row.status === "rejected" ? row.rejectReason : null,
    submittedAt: row.createdAt.toISOString(),
    reviewedAt: row.reviewedAt?.toISOString() ?? null,
  }));
}

function assertCanSubmit(status: KycStatus): void {
  if (status === "pending") throw conflict("kycPending");
  if (status === "passed") throw conflict("kycAlreadyPassed");
}

async function insertPending(
  db: Db,
  values: typeof kycSubmissions.$inferInsert,
): Promise<{ id: number; status: "pending" }> {
  try {
    const [row] = await db.insert(kycSubmissions).values(values).returning({ id: kycSubmissions.id });
    if (!row) throw new Error("insert returned nothing");
    return { id: row.id, status: "pending" };
  } catch (err) {
    // Two submissions at once: the partial unique index lets one through.
    if (isUniqueViolation(err)) throw conflict("kycPending");
    throw err;
  }
}

export async function submitBasic(
  db: Db,
  userId: number,
  input: KycBasicBody,
): Promise<{ id: number; status: "pending" }> {
  assertCanSubmit(await getKycStatus(db, userId));
  const country = await resolveCountry(db, input.countryCode);
  if (input.documentType === "id_card" && !input.backImage) throw badRequest("kycBackRequired");
  const frontId = (await resolveOwnImage(db, userId, input.frontImage, "frontImage")).id;
  const backId =
    input.documentType === "id_card" && input.backImage
      ? (await resolveOwnImage(db, userId, input.backImage, "backImage")).id
      : null;
  await markPrivate(db, backId ? [frontId, backId] : [frontId]);
  return insertPending(db, {
    userId,
    level: "basic",
    documentType: input.documentType,
    countryCode: country.countryCode,
    realName: input.realName || null,
    documentNumber: input.documentNumber || null,
    frontUploadId: frontId,
    backUploadId: backId,
  });
}

export async function submitAdvanced(
  db: Db,
  userId: number,
  input: KycAdvancedBody,
): Promise<{ id: number; status: "pending" }> {
  if ((await getKycStatus(db, userId)) !== "passed") throw conflict("kycBasicFirst");
  assertCanSubmit(statusOf(await latest(db, userId, "advanced")));
  return insertPending(db, { userId, level: "advanced", details: input });
}

// ---------------------------------------------------------------- operator review

const front = alias(uploads, "front_upload");
const back = alias(uploads, "back_upload");

export async function listSubmissions(
  db: Db,
  query: { status: "pending" | "rejected" | "passed"; level?: Level | undefined; pageNo: number; pageSize: number },
): Promise<Page<OperatorKycRecord>> {
  const where = and(
    eq(kycSubmissions.status, query.status),
    query.level ? eq(kycSubmissions.level, query.level) : undefined,
  );
  const [total] = await db.select({ n: count() }).from(kycSubmissions).where(where);
  const rows = await db
    .select({ s: kycSubmissions, username: users.username, frontName: front.name, backName: back.name })
    .from(kycSubmissions)
    .innerJoin(users, eq(users.id, kycSubmissions.userId))
    .leftJoin(front, eq(front.id, kycSubmissions.frontUploadId))
    .leftJoin(back, eq(back.id, kycSubmissions.backUploadId))
    .where(where)
    // Oldest first while waiting (fair queue), newest first in the history.
    .orderBy(query.status === "pending" ? kycSubmissions.id : desc(kycSubmissions.id))
    .limit(query.pageSize)
    .offset((query.pageNo - 1) * query.pageSize);
  return {
    records: rows.map(({ s, username, frontName, backName }) => ({
      id: s.id,
      userId: s.userId,
      username,
      level: s.level === "advanced" ? "advanced" : "basic",
      status: s.status === "passed" || s.status === "rejected" ? s.status : "pending",
      documentType: s.documentType === "id_card" || s.documentType === "passport" ? s.documentType : null,
      countryCode: s.countryCode,
      realName: s.realName,
      documentNumber: s.documentNumber,
      frontImageUrl: frontName ? uploadUrl(frontName) : null,
      backImageUrl: backName ? uploadUrl(backName) : null,
      details: s.details ?? null,
      rejectReason: s.rejectReason,
      createdAt: s.createdAt.toISOString(),
      reviewedAt: s.reviewedAt?.toISOString() ?? null,
    })),
    total: Number(total?.n ?? 0),
    pageNo: query.pageNo,
    pageSize: query.pageSize,
  };
}

async function review(
  db: Db,
  operatorId: number,
  id: number,
  outcome: { status: "passed" } | { status: "rejected"; reason: string },
): Promise<{ id: number; status: "passed" | "rejected"; userId: number; level: "basic" | "advanced" }> {
  // The review and the verified country change together or not at all.
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(kycSubmissions)
      .set({
        status: outcome.status,
        rejectReason: outcome.status === "rejected" ? outcome.reason : null,
        reviewedBy: operatorId,
        reviewedAt: new Date(),
      })
      .where(and(eq(kycSubmissions.id, id), eq(kycSubmissions.status, "pending")))
      .returning();
    if (!row) {
      const [exists] = await tx.select({ id: kycSubmissions.id }).from(kycSubmissions).where(eq(kycSubmissions.id, id));
      throw exists ? conflict("kycNotPending") : notFound();
    }
    if (row.status === "passed" && row.level === "basic" && row.countryCode) {
      await setVerifiedCountry(tx, row.userId, row.countryCode);
    }
    return {
      id: row.id,
      status: outcome.status,
      userId: row.userId,
      level: row.level === "advanced" ? "advanced" : "basic",
    };
  });
}

/** Who a submission belongs to and its level, for the review's announcement. */
export async function submissionOwner(db: Db, id: number): Promise<{ userId: number; level: string } | null> {
  const [row] = await db
    .select({ userId: kycSubmissions.userId, level: kycSubmissions.level })
    .from(kycSubmissions)
    .where(eq(kycSubmissions.id, id));
  return row ?? null;
}

export const approveSubmission = (db: Db, operatorId: number, id: number) =>
  review(db, operatorId, id, { status: "passed" });

export const rejectSubmission = (db: Db, operatorId: number, id: number, reason: string) =>
  review(db, operatorId, id, { status: "rejected", reason });

/** The review queue at a glance (operator dashboard). */
export async function kycQueueStats(db: Db): Promise<{ pending: number; oldestAt: string | null }> {
  const [row] = await db
    .select({ n: count(), oldest: sql<string | null>`min(${kycSubmissions.createdAt})` })
    .from(kycSubmissions)
    .where(eq(kycSubmissions.status, "pending"));
  return { pending: Number(row?.n ?? 0), oldestAt: row?.oldest ? new Date(row.oldest).toISOString() : null };
}

/** One submission's review state (the audit log's "before" of a review), or null. */
export async function getSubmissionReview(
  db: Db,
  id: number,
): Promise<{ id: number; userId: number; status: string; rejectReason: string | null } | null> {
  const [row] = await db
    .select({
      id: kycSubmissions.id,
      userId: kycSubmissions.userId,
      status: kycSubmissions.status,
      rejectReason: kycSubmissions.rejectReason,
    })
    .from(kycSubmissions)
    .where(eq(kycSubmissions.id, id));
  return row ?? null;
}

// Data rights (modules/privacy): what this module holds about a customer.
export { eraseKycPersonalData, kycUserData } from "./data-rights";
