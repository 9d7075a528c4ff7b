// Staff of the operator console (migration 0016): accounts, login tickets between the
// password and the TOTP step, sessions, and the append-only hash-chained audit log.
import { sql } from "drizzle-orm";
import { type AnyPgColumn, bigint, bigserial, integer, jsonb, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { users } from "../users/schema";

export const staff = pgTable("staff", {
  id: bigserial("id", { mode: "number" }).primaryKey(),
  username: text("username").notNull().unique(),
  displayName: text("display_name").notNull().default(""),
  role: text("role").notNull(),
  passwordHash: text("password_hash").notNull(),
  totpPendingSecret: text("totp_pending_secret"),
  totpSecret: text("totp_secret"),
  totpLastStep: bigint("totp_last_step", { mode: "number" }),
  disabledAt: timestamp("disabled_at", { withTimezone: true }),
  createdBy: bigint("created_by", { mode: "number" }).references((): AnyPgColumn => staff.id),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().default(sql`now()`),
  legacyUserId: bigint("legacy_user_id", { mode: "number" })
    .unique()
    .references(() => users.id),
  /** Second step locked until then after 5 wrong codes in 15 minutes (migration 0031). */
  totpLockedUntil: timestamp("totp_locked_until", { withTimezone: true }),
});

/** Wrong (and in-flight) authenticator codes per staff account (migration 0031). */
export const staffTotpFailures = pgTable("staff_totp_failures", {
  id: bigserial("id", { mode: "number" }).primaryKey(),
  staffId: bigint("staff_id", { mode: "number" })
    .notNull()
    .references(() => staff.id),
  at: timestamp("at", { withTimezone: true }).notNull(),
});

export const staffLoginTickets = pgTable("staff_login_tickets", {
  id: bigserial("id", { mode: "number" }).primaryKey(),
  staffId: bigint("staff_id", { mode: "number" })
    .notNull()
    .references(() => staff.id),
  ticketHash: text("ticket_hash").notNull().unique(),
  attempts: integer("attempts").notNull().default(0),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().default(sql`now()`),
  expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  usedAt: timestamp("used_at", { withTimezone: true }),
});

export const staffSessions = pgTable("staff_sessions", {
  id: bigserial("id", { mode: "number" }).primaryKey(),
  staffId: bigint("staff_id", { mode: "number" })
    .notNull()
    .references(() => staff.id),
  tokenHash: text("token_hash").notNull().unique(),
  device: text("device").notNull().default(""),
  ip: text("ip").notNull().default(""),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().default(sql`now()`),
  lastSeenAt: timestamp("last_seen_at", { withTimezone: true }).notNull().default(sql`now()`),
  expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  revokedAt: timestamp("revoked_at", { withTimezone: true }),
  revokedBy: bigint("revoked_by", { mode: "number" }).references(() => staff.id),
});

export const staffAuditLog = pgTable("staff_audit_log", {
  id: bigint("id", { mode: "number" }).primaryKey(),
  staffId: bigint("staff_id", { mode: "number" }).references(() => staff.id),
  username: text("username").notNull(),
  role: text("role").notNull(),
  action: text("action").notNull(),
  targetType: text("target_type").notNull().default(""),
  targetId: text("target_id").notNull().default(""),
  before: jsonb("before"),
  after: jsonb("after"),
  ip: text("ip").notNull().default(""),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
  prevHash: text("prev_hash").notNull(),
  hash: text("hash").notNull().unique(),
});
