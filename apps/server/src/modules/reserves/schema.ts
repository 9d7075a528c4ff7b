// Proof of reserves tables (migrations/0043_proof_of_reserves.sql). Private to modules/reserves.
import type { ProofAddress, ProofAmount, ProofTotal } from "@candor/contract";
import {
  bigint,
  bigserial,
  date,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
} from "drizzle-orm/pg-core";
import { staff } from "../staff/schema";
import { users } from "../users/schema";

export const reserveProofs = pgTable("reserve_proofs", {
  id: bigserial("id", { mode: "number" }).primaryKey(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
  businessDate: date("business_date", { mode: "string" }).unique(),
  madeBy: bigint("made_by", { mode: "number" }).references(() => staff.id),
  root: text("root").notNull(),
  block: bigint("block", { mode: "number" }),
  reserveSource: text("reserve_source").$type<"chain" | "none">().notNull(),
  network: jsonb("network").$type<{ name: string; chainId: number } | null>(),
  totals: jsonb("totals").$type<ProofTotal[]>().notNull(),
  addresses: jsonb("addresses").$type<ProofAddress[]>().notNull().default([]),
  leaves: integer("leaves").notNull(),
});

export const reserveProofLeaves = pgTable(
  "reserve_proof_leaves",
  {
    proofId: bigint("proof_id", { mode: "number" })
      .notNull()
      .references(() => reserveProofs.id, { onDelete: "cascade" }),
    userId: bigint("user_id", { mode: "number" })
      .notNull()
      .references(() => users.id),
    idx: integer("idx").notNull(),
    salt: text("salt").notNull(),
    hash: text("hash").notNull(),
    balances: jsonb("balances").$type<ProofAmount[]>().notNull(),
  },
  (t) => [primaryKey({ columns: [t.proofId, t.userId] })],
);

export const reserveProofNodes = pgTable(
  "reserve_proof_nodes",
  {
    proofId: bigint("proof_id", { mode: "number" })
      .notNull()
      .references(() => reserveProofs.id, { onDelete: "cascade" }),
    level: smallint("level").notNull(),
    idx: integer("idx").notNull(),
    hash: text("hash").notNull(),
    sum: jsonb("sum").$type<ProofAmount[]>().notNull(),
  },
  (t) => [primaryKey({ columns: [t.proofId, t.level, t.idx] })],
);
