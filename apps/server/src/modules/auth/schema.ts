import { sql } from "drizzle-orm";
import { bigint, bigserial, integer, pgTable, primaryKey, text, timestamp } from "drizzle-orm/pg-core";
import { users } from "../users/schema";

/** Sessions: only a SHA-256 hash of the random token is stored. */
export const sessions = pgTable("sessions", {
  id: bigserial("id", { mode: "number" }).primaryKey(),
  userId: bigint("user_id", { mode: "number" })
    .notNull()
    .references(() => users.id),
  tokenHash: text("token_hash").notNull().unique(),
  device: text("device").notNull().default(""),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().default(sql`now()`),
  lastSeenAt: timestamp("last_seen_at", { withTimezone: true }).notNull().default(sql`now()`),
  expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  revokedAt: timestamp("revoked_at", { withTimezone: true }),
});

/** E-mail / SMS one-time codes; only a hash of the code is kept. */
export const oneTimeCodes = pgTable("one_time_codes", {
  id: bigserial("id", { mode: "number" }).primaryKey(),
  channel: text("channel").notNull(),
  destination: text("destination").notNull(),
  purpose: text("purpose").notNull(),
  codeHash: text("code_hash").notNull(),
  userId: bigint("user_id", { mode: "number" }).references(() => users.id),
  clientIp: text("client_ip").notNull().default(""),
  attempts: integer("attempts").notNull().default(0),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().default(sql`now()`),
  expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  usedAt: timestamp("used_at", { withTimezone: true }),
});

/** Failed attempts per (scope, subject): login account, client address, withdrawal password… */
export const authFailures = pgTable(
  "auth_failures",
  {
    scope: text("scope").notNull(),
    subject: text("subject").notNull(),
    failures: integer("failures").notNull().default(0),
    /** Attempts admitted and still being checked (they count against the cap too). */
    pending: integer("pending").notNull().default(0),
    /** Last failure (or the first attempt of a fresh count): failures are forgotten a window later. */
    lastFailedAt: timestamp("last_failed_at", { withTimezone: true }).notNull().default(sql`now()`),
    lockedUntil: timestamp("locked_until", { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.scope, t.subject] })],
);

/** SVG security-code challenges (answer hashed, single use). */
export const captchas = pgTable("captchas", {
  key: text("key").primaryKey(),
  answerHash: text("answer_hash").notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().default(sql`now()`),
  expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  usedAt: timestamp("used_at", { withTimezone: true }),
});
