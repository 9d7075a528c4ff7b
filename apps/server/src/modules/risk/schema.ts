// The risk module's tables (migrations/0028): the open worst case per account and currency,
// and one reservation per open trade. Only this module reads or writes them.
import { sql } from "drizzle-orm";
import { bigint, integer, numeric, pgTable, primaryKey, text, timestamp } from "drizzle-orm/pg-core";

const money = (name: string) => numeric(name, { precision: 36, scale: 18 });
const time = (name: string) => timestamp(name, { withTimezone: true });

export const riskOpenExposure = pgTable(
  "risk_open_exposure",
  {
    account: text("account").$type<"house" | "treasury">().notNull(),
    currency: text("currency").notNull(),
    /** The sum of the reservations of the trades open now. */
    worstCase: money("worst_case").notNull().default("0"),
    openCount: integer("open_count").notNull().default(0),
    updatedAt: time("updated_at").notNull().default(sql`now()`),
  },
  (t) => [primaryKey({ columns: [t.account, t.currency] })],
);

export const riskReservations = pgTable(
  "risk_reservations",
  {
    refType: text("ref_type").$type<"futures_position" | "option">().notNull(),
    refId: bigint("ref_id", { mode: "number" }).notNull(),
    account: text("account").$type<"house" | "treasury">().notNull(),
    currency: text("currency").notNull(),
    amount: money("amount").notNull(),
    createdAt: time("created_at").notNull().default(sql`now()`),
  },
  (t) => [primaryKey({ columns: [t.refType, t.refId] })],
);
