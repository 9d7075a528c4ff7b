// Data rights (modules/privacy): the customer's identity submissions as plain JSON, and their
// personal fields erased once the KYC retention period after closing has passed.
import { sql } from "drizzle-orm";
import type { Db } from "../../db";
import { type JsonRow, jsonRows } from "../../db/json-rows";

export const kycUserData = (db: Db, userId: number): Promise<JsonRow[]> =>
  jsonRows(db, "kyc_submissions", sql`t.user_id = ${userId}`);

/**
 * Erases the personal fields of a closed customer's submissions (name, document number, the
 * advanced level's details); answers the document files' upload ids, which the caller removes.
 * The submission rows stay (level, status, dates) as the record that checks were made.
 */
export async function eraseKycPersonalData(db: Db, userId: number): Promise<number[]> {
  const result = await db.execute(
    sql`SELECT front_upload_id, back_upload_id FROM kyc_submissions WHERE user_id = ${userId}`,
  );
  const found = (result as unknown as { rows: { front_upload_id: unknown; back_upload_id: unknown }[] }).rows;
  await db.execute(sql`UPDATE kyc_submissions SET real_name = NULL, document_number = NULL,
      details = CASE WHEN details IS NULL THEN NULL ELSE '{"erased": true}'::jsonb END
    WHERE user_id = ${userId}`);
  return found
    .flatMap((r) => [r.front_upload_id, r.back_upload_id])
    .filter((v) => v !== null)
    .map(Number);
}
