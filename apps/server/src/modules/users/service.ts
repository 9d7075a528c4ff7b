// Customers and operators: identities (e-mail, phone, username), passwords, profile,
// country and invite codes. Other modules use these functions, never the users table.

import { randomInt } from "node:crypto";
import type { PersonalInfo, UpdatePersonalInfoBody } from "@candor/contract";
import { and, count, desc, eq, ilike, inArray, or, sql } from "drizzle-orm";
import type { Db } from "../../db";
import { isUniqueViolation } from "../../db/errors";
import { users } from "../../db/schema";
import { badRequest, conflict, notFound } from "../../lib/errors";
import { type CountryRow, resolveCountry } from "../countries/service";
import { hashPassword } from "./passwords";
import { getUserById, type UserRow } from "./rows";

export { assertContactVerified, markContactVerified, setProvedContact } from "./contact";
export {
  activateGoogleSecret,
  checkLoginPassword,
  claimGoogleStep,
  clearGoogleSecret,
  type GoogleState,
  getGoogleState,
  resetLoginPassword,
  setGooglePendingSecret,
  setPassword,
} from "./credentials";
export { getUserById, type UserRow } from "./rows";

// ---------------------------------------------------------------- identities

const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Lower-case, trimmed e-mail; 400 when it does not look like one. */
export function normaliseEmail(input: string): string {
  const email = input.trim().toLowerCase();
  if (email.length > 254 || !EMAIL_RE.test(email)) throw badRequest("invalidEmail");
  return email;
}

export interface NormalisedPhone {
  /** "+15551234567" */
  e164: string;
  /** "5551234567" */
  national: string;
  country: CountryRow;
}

/**
 * A phone number typed with a country picker: national digits (spaces, dashes and a
 * leading trunk 0 allowed) or the full international form starting with the country's
 * calling code.
 */
export async function normalisePhone(db: Db, input: string, countryCode: string): Promise<NormalisedPhone> {
  const country = await resolveCountry(db, countryCode);
  const raw = input.trim();
  if (!/^\+?[0-9 ()-]+$/.test(raw)) throw badRequest("invalidPhone");
  let digits = raw.replace(/\D/g, "");
  if (raw.startsWith("+")) {
    if (!digits.startsWith(country.phoneCode)) throw badRequest("invalidPhone");
    digits = digits.slice(country.phoneCode.length);
  }
  const national = digits.replace(/^0+/, "");
  if (national.length < 4 || national.length + country.phoneCode.length > 15) throw badRequest("invalidPhone");
  return { e164: `+${country.phoneCode}${national}`, national, country };
}

/** Usernames of the given users (names shown in support chat). */
export async function usernamesByIds(db: Db, userIds: number[]): Promise<Map<number, string>> {
  if (userIds.length === 0) return new Map();
  const rows = await db
    .select({ id: users.id, username: users.username })
    .from(users)
    .where(inArray(users.id, userIds));
  return new Map(rows.map((r) => [Number(r.id), r.username]));
}

/** A customer's name and e-mail as staff see them beside a record (loan applications). */
export async function customerContact(db: Db, userId: number): Promise<{ username: string; email: string | null }> {
  const [row] = await db
    .select({ username: users.username, email: users.email })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return { username: row?.username ?? "", email: row?.email ?? null };
}

export async function findUserByEmail(db: Db, email: string): Promise<UserRow | null> {
  const [u] = await db.select().from(users).where(eq(users.email, email)).limit(1);
  return u ?? null;
}

export async function findUserByPhone(db: Db, e164: string): Promise<UserRow | null> {
  const [u] = await db.select().from(users).where(eq(users.phone, e164)).limit(1);
  return u ?? null;
}

/**
 * The account a login form names: an e-mail, a phone number (E.164, national digits
 * with `countryCode`, or national digits that match exactly one customer) or a username.
 * Returns the normalised identifier too (brute-force counters key on it).
 */
export async function findUserByLogin(
  db: Db,
  account: string,
  countryCode?: string,
): Promise<{ user: UserRow | null; normalised: string }> {
  const value = account.trim();
  if (value.includes("@")) {
    const email = value.toLowerCase();
    return { user: await findUserByEmail(db, email), normalised: email };
  }
  if (/^\+?[0-9 ()-]{4,24}$/.test(value)) {
    if (countryCode) {
      const phone = await normalisePhone(db, value, countryCode);
      return { user: await findUserByPhone(db, phone.e164), normalised: phone.e164 };
    }
    const digits = value.replace(/\D/g, "");
    const byE164 = await findUserByPhone(db, `+${digits}`);
    if (byE164 || value.startsWith("+")) return { user: byE164, normalised: `+${digits}` };
    const national = digits.replace(/^0+/, "");
    const matches = await db.select().from(users).where(eq(users.phoneNational, national)).limit(2);
    if (matches.length === 1 && matches[0]) return { user: matches[0], normalised: matches[0].phone ?? national };
  }
  const username = value;
  const [u] = await db.select().from(users).where(eq(users.username, username)).limit(1);
  return { user: u ?? null, normalised: `name:${username.toLowerCase()}` };
}

// ---------------------------------------------------------------- creation

const INVITE_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789";

function newInviteCode(): string {
  let code = "";
  for (let i = 0; i < 8; i++) code += INVITE_ALPHABET.charAt(randomInt(INVITE_ALPHABET.length));
  return code;
}

const uniqueConstraint = (err: unknown): string => {
  const e = err as { constraint?: string; detail?: string; cause?: { constraint?: string; detail?: string } };
  return `${e.constraint ?? e.cause?.constraint ?? ""} ${e.detail ?? e.cause?.detail ?? ""}`;
};

export interface NewUser {
  username: string;
  /** Null for an account that logs in only with a wallet or a third-party provider. */
  password: string | null;
  role?: "customer";
  email?: string | null;
  phone?: NormalisedPhone | null;
  countryCode?: string | null;
  inviterId?: number | null;
  guestDeviceId?: string | null;
  /** The e-mail or phone came back with a code (or a provider vouched for the e-mail). */
  contactVerified?: boolean;
}

/**
 * Create an account with a unique invite code. A taken e-mail, phone, username or
 * guest device is a 409 `accountExists` (`guestExists` for the device).
 */
export async function createUser(db: Db, input: NewUser): Promise<UserRow> {
  const passwordHash = input.password === null ? null : await hashPassword(input.password);
  for (let attempt = 0; ; attempt++) {
    try {
      const [row] = await db
        .insert(users)
        .values({
          username: input.username,
          role: input.role ?? "customer",
          email: input.email ?? null,
          phone: input.phone?.e164 ?? null,
          phoneNational: input.phone?.national ?? null,
          countryCode: input.countryCode ?? input.phone?.country.countryCode ?? null,
          passwordHash,
          inviteCode: newInviteCode(),
          inviterId: input.inviterId ?? null,
          guestDeviceId: input.guestDeviceId ?? null,
          contactVerified: input.contactVerified ?? false,
        })
        .returning();
      if (!row) throw new Error("insert returned nothing");
      return row;
    } catch (err) {
      if (!isUniqueViolation(err)) throw err;
      const which = uniqueConstraint(err);
      if (which.includes("invite_code") && attempt < 5) continue;
      if (which.includes("guest_device_id")) throw conflict("guestExists");
      throw conflict("accountExists");
    }
  }
}

export async function findUserByInviteCode(db: Db, inviteCode: string): Promise<UserRow | null> {
  const [u] = await db.select().from(users).where(eq(users.inviteCode, inviteCode.trim().toUpperCase())).limit(1);
  return u ?? null;
}

export async function findGuestByDevice(db: Db, deviceId: string): Promise<UserRow | null> {
  const [u] = await db.select().from(users).where(eq(users.guestDeviceId, deviceId)).limit(1);
  return u ?? null;
}

export async function usernameTaken(db: Db, username: string): Promise<boolean> {
  const [u] = await db.select({ id: users.id }).from(users).where(eq(users.username, username)).limit(1);
  return u !== undefined;
}

// ---------------------------------------------------------------- profile

/**
 * The customer's country (ISO 3166-1 alpha-2) for product gating: the verified one
 * once basic KYC passed, before that the one given at registration or in personal
 * info. Null when never given.
 */
export async function getUserCountry(db: Db, userId: number): Promise<string | null> {
  const [u] = await db.select({ countryCode: users.countryCode }).from(users).where(eq(users.id, userId)).limit(1);
  return u?.countryCode ?? null;
}

/** Used by KYC approval: the verified country replaces the declared one. */
export async function setVerifiedCountry(db: Db, userId: number, countryCode: string): Promise<void> {
  await db
    .update(users)
    .set({ countryCode: countryCode.toUpperCase(), updatedAt: sql`now()` })
    .where(eq(users.id, userId));
}

/** The inviter recorded at registration (referral module). */
export async function getInviterId(db: Db, userId: number): Promise<number | null> {
  const [u] = await db.select({ inviterId: users.inviterId }).from(users).where(eq(users.id, userId)).limit(1);
  return u?.inviterId ?? null;
}

/** VIP level is computed elsewhere (rewards); this stores it. */
export async function setVipLevel(db: Db, userId: number, vipLevel: number): Promise<void> {
  await db.update(users).set({ vipLevel, updatedAt: sql`now()` }).where(eq(users.id, userId));
}

export async function getPersonalInfo(db: Db, userId: number): Promise<PersonalInfo> {
  const u = await getUserById(db, userId);
  if (!u) throw notFound();
  return {
    surname: u.surname,
    firstName: u.firstName,
    gender: u.gender === "male" || u.gender === "female" || u.gender === "other" ? u.gender : null,
    birthday: u.birthday,
    countryCode: u.countryCode,
    address: u.address,
    phone: u.contactPhone,
  };
}

const emptyToNull = (v: string | null | undefined) => (v === undefined ? undefined : v === null || v === "" ? null : v);

/**
 * Partial update: absent fields stay, null or "" clears. The country cannot change once
 * KYC has verified it (`countryVerified`, from the caller: the profile module).
 */
export async function updatePersonalInfo(
  db: Db,
  userId: number,
  input: UpdatePersonalInfoBody,
  countryVerified: boolean,
): Promise<PersonalInfo> {
  const patch: Partial<typeof users.$inferInsert> = {};
  if (input.surname !== undefined) patch.surname = emptyToNull(input.surname);
  if (input.firstName !== undefined) patch.firstName = emptyToNull(input.firstName);
  if (input.gender !== undefined) patch.gender = input.gender;
  if (input.address !== undefined) patch.address = emptyToNull(input.address);
  if (input.phone !== undefined) patch.contactPhone = emptyToNull(input.phone);
  if (input.birthday !== undefined) {
    if (input.birthday !== null) {
      const d = new Date(`${input.birthday}T00:00:00Z`);
      const valid = !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === input.birthday;
      if (!valid || d.getTime() > Date.now() || d.getUTCFullYear() < 1900) {
        throw badRequest("invalidField", { field: "birthday" });
      }
    }
    patch.birthday = input.birthday;
  }
  if (input.countryCode !== undefined) {
    const current = await getUserCountry(db, userId);
    const wanted = input.countryCode === null ? null : (await resolveCountry(db, input.countryCode)).countryCode;
    if (wanted !== current) {
      if (countryVerified) throw conflict("countryFixedByKyc");
      patch.countryCode = wanted;
    }
  }
  if (Object.keys(patch).length > 0) {
    await db
      .update(users)
      .set({ ...patch, updatedAt: sql`now()` })
      .where(eq(users.id, userId));
  }
  return getPersonalInfo(db, userId);
}

/** Password hashing for other account kinds (staff). */
export { assertPasswordRule, generatePassword, hashPassword, verifyPassword } from "./passwords";

/** Customers for the operator console: newest first, searched by id, username, e-mail or phone. */
export async function listCustomers(
  db: Db,
  query: { search?: string | undefined; pageNo: number; pageSize: number },
): Promise<{ records: UserRow[]; total: number }> {
  const search = query.search?.trim();
  const like = search ? `%${search}%` : undefined;
  const where = and(
    eq(users.role, "customer"),
    like
      ? or(
          ilike(users.username, like),
          ilike(users.email, like),
          ilike(users.phone, like),
          /^\d{1,15}$/.test(search ?? "") ? eq(users.id, Number(search)) : undefined,
        )
      : undefined,
  );
  const [total] = await db.select({ n: count() }).from(users).where(where);
  const records = await db
    .select()
    .from(users)
    .where(where)
    .orderBy(desc(users.id))
    .limit(query.pageSize)
    .offset((query.pageNo - 1) * query.pageSize);
  return { records, total: Number(total?.n ?? 0) };
}

/** Customers invited directly by `inviterId` (rewards: team stats), oldest first. */
export async function listInvitees(
  db: Db,
  inviterId: number,
): Promise<{ id: number; username: string; createdAt: Date }[]> {
  return db
    .select({ id: users.id, username: users.username, createdAt: users.createdAt })
    .from(users)
    .where(eq(users.inviterId, inviterId))
    .orderBy(users.id);
}

/** A username as an inviter may see it: a few characters, never the whole e-mail or phone. */
export function maskUsername(username: string): string {
  const at = username.indexOf("@");
  const name = at > 0 ? username.slice(0, at) : username;
  return name.length <= 2 ? `${name.charAt(0)}*` : `${name.slice(0, 2)}***${name.slice(-1)}`;
}

// Data rights (modules/privacy): what this module holds about a customer.
export { anonymiseUser, userProfileData } from "./data-rights";
