// Kept monthly statements (migrations/0048_statements.sql).
import { sql } from "drizzle-orm";
import { bigint, customType, pgTable, primaryKey, text, timestamp } from "drizzle-orm/pg-core";
import { users } from "../users/schema";

/** PostgreSQL bytea: a Buffer on both drivers (PGlite answers a Uint8Array). */
const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => "bytea",
  fromDriver: (value) => Buffer.from(value),
  toDriver: (value) => value,
});

export const accountStatements = pgTable(
  "account_statements",
  {
    userId: bigint("user_id", { mode: "number" })
      .notNull()
      .references(() => users.id),
    month: text("month").notNull(),
    lang: text("lang").notNull(),
    pdf: bytea("pdf").notNull(),
    sha256: text("sha256").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().default(sql`business_now()`),
  },
  (t) => [primaryKey({ columns: [t.userId, t.month, t.lang] })],
);
