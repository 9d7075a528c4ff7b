// The sandbox samples' marker table (migrations/0040_sandbox_samples.sql). Only the samples module reads it.
import { sql } from "drizzle-orm";
import { bigint, pgTable, text, timestamp } from "drizzle-orm/pg-core";

export const sandboxSamples = pgTable("sandbox_samples", {
  key: text("key").primaryKey(),
  /** The sample's id (an IEO project or a contest) once made; null while being made. */
  refId: bigint("ref_id", { mode: "number" }),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().default(sql`now()`),
});
