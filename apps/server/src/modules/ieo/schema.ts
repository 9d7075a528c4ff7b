// IEO tables (migrations/0022_ieo.sql). Only the ieo module reads them.
import { sql } from "drizzle-orm";
import { bigint, bigserial, jsonb, numeric, pgTable, primaryKey, text, timestamp } from "drizzle-orm/pg-core";
import { users } from "../users/schema";

const money = (name: string) => numeric(name, { precision: 36, scale: 18 });
const ts = (name: string) => timestamp(name, { withTimezone: true });

export type IeoOrderStatusValue = "applied" | "won" | "lost" | "paid" | "expired" | "delivered";

export const ieoProjects = pgTable("ieo_projects", {
  id: bigserial("id", { mode: "number" }).primaryKey(),
  name: jsonb("name").$type<Record<string, string>>().notNull(),
  description: jsonb("description").$type<Record<string, string>>().notNull().default({}),
  riskText: jsonb("risk_text").$type<Record<string, string>>().notNull().default({}),
  symbol: text("symbol").notNull(),
  estimatedPrice: money("estimated_price").notNull(),
  drawPrice: money("draw_price"),
  totalQuantity: bigint("total_quantity", { mode: "number" }).notNull(),
  maxPerCustomer: bigint("max_per_customer", { mode: "number" }).notNull(),
  applyStart: ts("apply_start").notNull(),
  applyEnd: ts("apply_end").notNull(),
  drawAt: ts("draw_at").notNull(),
  payEnd: ts("pay_end").notNull(),
  listAt: ts("list_at").notNull(),
  seed: text("seed").notNull(),
  seedHash: text("seed_hash").notNull(),
  /** Real time when applications closed (the beacon is the first BTCUSDT tick after it). */
  applicationsClosedAt: ts("applications_closed_at"),
  entriesDigest: text("entries_digest"),
  drawBeacon: text("draw_beacon"),
  drawBeaconTick: jsonb("draw_beacon_tick").$type<{ symbol: string; ts: string; price: string }>(),
  drawnAt: ts("drawn_at"),
  expiredAt: ts("expired_at"),
  listedAt: ts("listed_at"),
  createdAt: ts("created_at").notNull().default(sql`now()`),
  updatedAt: ts("updated_at").notNull().default(sql`now()`),
});
export type IeoProjectRow = typeof ieoProjects.$inferSelect;

export const ieoOrders = pgTable("ieo_orders", {
  id: bigserial("id", { mode: "number" }).primaryKey(),
  projectId: bigint("project_id", { mode: "number" })
    .notNull()
    .references(() => ieoProjects.id),
  userId: bigint("user_id", { mode: "number" })
    .notNull()
    .references(() => users.id),
  quantity: bigint("quantity", { mode: "number" }).notNull(),
  wonQuantity: bigint("won_quantity", { mode: "number" }).notNull().default(0),
  amount: money("amount").notNull().default("0"),
  status: text("status").$type<IeoOrderStatusValue>().notNull(),
  requestId: text("request_id"),
  paidAt: ts("paid_at"),
  deliveredAt: ts("delivered_at"),
  createdAt: ts("created_at").notNull().default(sql`now()`),
  updatedAt: ts("updated_at").notNull().default(sql`now()`),
});
export type IeoOrderRow = typeof ieoOrders.$inferSelect;

export const ieoApplicants = pgTable(
  "ieo_applicants",
  {
    projectId: bigint("project_id", { mode: "number" })
      .notNull()
      .references(() => ieoProjects.id),
    userId: bigint("user_id", { mode: "number" })
      .notNull()
      .references(() => users.id),
    applied: bigint("applied", { mode: "number" }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.projectId, t.userId] })],
);
