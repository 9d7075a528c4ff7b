// Drizzle table definitions, one file per module (each module owns its tables; other
// modules go through its service). This barrel is the typed query layer over the SQL
// migrations in ../../migrations; a test checks every column here against the
// migrated database (schema drift check).
import { sql } from "drizzle-orm";
import { pgTable, text, timestamp } from "drizzle-orm/pg-core";

export const schemaMigrations = pgTable("schema_migrations", {
  version: text("version").primaryKey(),
  name: text("name").notNull(),
  appliedAt: timestamp("applied_at", { withTimezone: true }).notNull().default(sql`now()`),
});

export * from "../modules/alerts/schema";
export * from "../modules/auth/schema";
export * from "../modules/chat/schema";
export * from "../modules/clock/schema";
export * from "../modules/content/schema";
export * from "../modules/contracts/schema";
export * from "../modules/countries/schema";
export * from "../modules/demo/schema";
export * from "../modules/disclosure/schema";
export * from "../modules/earn/schema";
export * from "../modules/exchange/schema";
export * from "../modules/kyc/schema";
export * from "../modules/ledger/schema";
export * from "../modules/loans/schema";
export * from "../modules/market/schema";
export * from "../modules/notifier/schema";
export * from "../modules/options/schema";
export * from "../modules/privacy/schema";
export * from "../modules/reserves/schema";
export * from "../modules/risk/schema";
export * from "../modules/samples/schema";
export * from "../modules/settings/schema";
export * from "../modules/settlement/schema";
export * from "../modules/short-links/schema";
export * from "../modules/spot/schema";
export * from "../modules/staff/schema";
export * from "../modules/statements/schema";
export * from "../modules/uploads/schema";
export * from "../modules/users/schema";
export * from "../modules/wallet/schema";
