import { sql } from "drizzle-orm";
import { bigint, bigserial, jsonb, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { staff } from "../staff/schema";
import { uploads } from "../uploads/schema";
import { users } from "../users/schema";

/** Advanced verification answers (validated by the contract schema before storing). */
export interface KycAdvancedDetails {
  surname: string;
  givenName: string;
  phone: string;
  address: string;
  emergencyContact: { surname: string; name: string; relationship: string; phone: string; address: string };
}

export const kycSubmissions = pgTable("kyc_submissions", {
  id: bigserial("id", { mode: "number" }).primaryKey(),
  userId: bigint("user_id", { mode: "number" })
    .notNull()
    .references(() => users.id),
  level: text("level").notNull(),
  status: text("status").notNull().default("pending"),
  documentType: text("document_type"),
  countryCode: text("country_code"),
  realName: text("real_name"),
  documentNumber: text("document_number"),
  frontUploadId: bigint("front_upload_id", { mode: "number" }).references(() => uploads.id),
  backUploadId: bigint("back_upload_id", { mode: "number" }).references(() => uploads.id),
  details: jsonb("details").$type<KycAdvancedDetails>(),
  rejectReason: text("reject_reason"),
  reviewedBy: bigint("reviewed_by", { mode: "number" }).references(() => staff.id),
  reviewedAt: timestamp("reviewed_at", { withTimezone: true }),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().default(sql`now()`),
});
