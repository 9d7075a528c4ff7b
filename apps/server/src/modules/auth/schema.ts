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

// ---------------------------------------------------------------- wallet and OpenID Connect login (0037)

/** Sign-In with Ethereum nonces: hashed, the issued message's hash, single use. */
export const walletNonces = pgTable("wallet_nonces", {
  nonceHash: text("nonce_hash").primaryKey(),
  address: text("address").notNull(),
  purpose: text("purpose").notNull(),
  userId: bigint("user_id", { mode: "number" }).references(() => users.id),
  messageHash: text("message_hash").notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().default(sql`now()`),
  expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  usedAt: timestamp("used_at", { withTimezone: true }),
});

/** Wallet addresses (lower case) linked to accounts. */
export const userWallets = pgTable("user_wallets", {
  address: text("address").primaryKey(),
  userId: bigint("user_id", { mode: "number" })
    .notNull()
    .references(() => users.id),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().default(sql`now()`),
});

/** OpenID Connect authorization requests in flight (state hashed; verifier and nonce sealed). */
export const oidcRequests = pgTable("oidc_requests", {
  stateHash: text("state_hash").primaryKey(),
  provider: text("provider").notNull(),
  codeVerifier: text("code_verifier").notNull(),
  nonce: text("nonce").notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().default(sql`now()`),
  expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  usedAt: timestamp("used_at", { withTimezone: true }),
});

/** An account's identity at an OpenID provider. */
export const oidcIdentities = pgTable(
  "oidc_identities",
  {
    provider: text("provider").notNull(),
    subject: text("subject").notNull(),
    userId: bigint("user_id", { mode: "number" })
      .notNull()
      .references(() => users.id),
    email: text("email"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().default(sql`now()`),
  },
  (t) => [primaryKey({ columns: [t.provider, t.subject] })],
);

/** One-time codes that hand an OIDC login from the callback to the app. */
export const oidcHandoffs = pgTable("oidc_handoffs", {
  codeHash: text("code_hash").primaryKey(),
  userId: bigint("user_id", { mode: "number" })
    .notNull()
    .references(() => users.id),
  expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  usedAt: timestamp("used_at", { withTimezone: true }),
});
