import { describe, expect, it } from "vitest";
import type { Database } from "../../src/db";
import { migrate, readMigrations } from "../../src/db/migrate";
import { hashPassword } from "../../src/modules/users/service";
import { createEmptyDatabase, onPostgres } from "../helper";

const one = async <T>(db: Database, sql: string, params: unknown[] = []) => (await db.query<T>(sql, params))[0] as T;

describe(`migration 0016 on an existing database (${onPostgres ? "PostgreSQL" : "PGlite"})`, () => {
  it("carries operators over to admin staff and repoints what they reviewed", { timeout: 180_000 }, async () => {
    const db = await createEmptyDatabase();
    try {
      const all = readMigrations();
      await migrate(
        db,
        all.filter((m) => m.version < "0016"),
      );
      const hash = await hashPassword("Operator-pass-1");
      const op = await one<{ id: string }>(
        db,
        "INSERT INTO users (username, role, password_hash) VALUES ('Operator', 'operator', $1) RETURNING id",
        [hash],
      );
      const noPassword = await one<{ id: string }>(
        db,
        "INSERT INTO users (username, role) VALUES ('old-op', 'operator') RETURNING id",
      );
      const customer = await one<{ id: string }>(
        db,
        "INSERT INTO users (username, email) VALUES ('c1', 'c1@example.com') RETURNING id",
      );
      const upload = await one<{ id: string }>(
        db,
        `INSERT INTO uploads (name, owner_id, kind, mime, size_bytes, purpose)
         VALUES ('${"a".repeat(32)}.jpg', $1, 'image', 'image/jpeg', 10, 'kyc') RETURNING id`,
        [customer.id],
      );
      await db.query(
        `INSERT INTO kyc_submissions (user_id, level, status, document_type, country_code, front_upload_id, reviewed_by, reviewed_at)
         VALUES ($1, 'basic', 'passed', 'passport', 'TH', $2, $3, now())`,
        [customer.id, upload.id, op.id],
      );
      await db.exec(`INSERT INTO wallet_currencies (code, name, precision, networks, min_deposit, min_withdrawal, withdrawal_fee)
        VALUES ('USDT', 'Tether', 6, '["TRC20"]', 1, 10, 1) ON CONFLICT DO NOTHING`);
      await db.query(
        "INSERT INTO balance_adjustments (user_id, operator_id, currency, amount, reason) VALUES ($1, $2, 'USDT', 5, 'test')",
        [customer.id, noPassword.id],
      );

      await migrate(db, all);

      const staff = await db.query<{
        id: string;
        username: string;
        role: string;
        password_hash: string;
        disabled: boolean;
      }>("SELECT id, username, role, password_hash, disabled_at IS NOT NULL AS disabled FROM staff ORDER BY id");
      expect(staff.map((s) => [s.username, s.role, s.disabled])).toEqual([
        ["operator", "admin", false],
        [`legacy-${noPassword.id}`, "admin", true],
      ]);
      expect(staff[0]?.password_hash).toBe(hash);
      const kyc = await one<{ reviewed_by: string }>(db, "SELECT reviewed_by FROM kyc_submissions");
      expect(String(kyc.reviewed_by)).toBe(String(staff[0]?.id));
      const adj = await one<{ operator_id: string }>(db, "SELECT operator_id FROM balance_adjustments");
      expect(String(adj.operator_id)).toBe(String(staff[1]?.id));
    } finally {
      await db.close();
    }
  });
});
