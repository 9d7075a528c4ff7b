import { sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  bigint,
  bigserial,
  boolean,
  date,
  integer,
  pgTable,
  text,
  timestamp,
} from "drizzle-orm/pg-core";

export const users = pgTable("users", {
  id: bigserial("id", { mode: "number" }).primaryKey(),
  username: text("username").notNull().unique(),
  role: text("role").notNull().default("customer"),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().default(sql`now()`),
  // Added by 0002_accounts.
  email: text("email").unique(),
  /** E.164, e.g. "+15551234567". */
  phone: text("phone").unique(),
  phoneNational: text("phone_national"),
  /** ISO 3166-1 alpha-2: registration country, replaced by the verified one after KYC. */
  countryCode: text("country_code"),
  passwordHash: text("password_hash"),
  withdrawalPasswordHash: text("withdrawal_password_hash"),
  inviteCode: text("invite_code")
    .notNull()
    .unique()
    .default(sql`upper(substr(md5(random()::text || clock_timestamp()::text), 1, 8))`),
  inviterId: bigint("inviter_id", { mode: "number" }).references((): AnyPgColumn => users.id),
  guestDeviceId: text("guest_device_id").unique(),
  vipLevel: integer("vip_level").notNull().default(0),
  surname: text("surname"),
  firstName: text("first_name"),
  gender: text("gender"),
  birthday: date("birthday", { mode: "string" }),
  address: text("address"),
  contactPhone: text("contact_phone"),
  googlePendingSecret: text("google_pending_secret"),
  googleSecret: text("google_secret"),
  googleLastStep: bigint("google_last_step", { mode: "number" }),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().default(sql`now()`),
  /** 0039: the e-mail or phone came back with a code; until then no deposits or withdrawals. */
  contactVerified: boolean("contact_verified").notNull().default(false),
});
