// Data-rights tables (migrations/0049_data_rights.sql).
import { sql } from "drizzle-orm";
import { bigint, bigserial, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { users } from "../users/schema";

const at = (name: string) => timestamp(name, { withTimezone: true });

export const dataExports = pgTable("data_exports", {
  id: bigserial("id", { mode: "number" }).primaryKey(),
  userId: bigint("user_id", { mode: "number" })
    .notNull()
    .references(() => users.id),
  status: text("status").$type<"preparing" | "ready" | "expired">().notNull().default("preparing"),
  fileName: text("file_name"),
  sizeBytes: bigint("size_bytes", { mode: "number" }),
  createdAt: at("created_at").notNull().default(sql`business_now()`),
  readyAt: at("ready_at"),
  expiresAt: at("expires_at"),
});

export const accountClosures = pgTable("account_closures", {
  userId: bigint("user_id", { mode: "number" })
    .primaryKey()
    .references(() => users.id),
  closedAt: at("closed_at").notNull().default(sql`business_now()`),
  kycEraseAfter: at("kyc_erase_after").notNull(),
  kycErasedAt: at("kyc_erased_at"),
  ledgerKeepUntil: at("ledger_keep_until").notNull(),
});
