// Data rights (modules/privacy): a customer's uploaded files (identity documents, chat
// attachments, avatar) read for the data export, and files removed after a closed account's
// retention period.
import fsp from "node:fs/promises";
import path from "node:path";
import { sql } from "drizzle-orm";
import type { Db } from "../../db";
import { type JsonRow, jsonRows } from "../../db/json-rows";

const uploadsDir = (dataDir: string) => path.join(dataDir, "uploads");

export interface ExportFile {
  name: string;
  purpose: string;
  mime: string;
  bytes: Uint8Array;
}

/** The upload rows of these names or owned by the customer (client address left out). */
export const uploadRowsOf = (db: Db, userId: number, names: readonly string[] = []): Promise<JsonRow[]> =>
  jsonRows(
    db,
    "uploads",
    names.length > 0
      ? sql`(t.owner_id = ${userId} OR t.name IN (${sql.join(
          names.map((n) => sql`${n}`),
          sql`, `,
        )}))`
      : sql`t.owner_id = ${userId}`,
    ["client_ip", "device_id", "guest_id"],
  );

/** The files of the customer (and of these names, e.g. an agent's attachments in their chat) that are still on disk. */
export async function readUserFiles(
  db: Db,
  dataDir: string,
  userId: number,
  names: readonly string[] = [],
): Promise<ExportFile[]> {
  const out: ExportFile[] = [];
  for (const row of await uploadRowsOf(db, userId, names)) {
    const name = String(row.name);
    try {
      const bytes = await fsp.readFile(path.join(uploadsDir(dataDir), path.basename(name)));
      out.push({ name, purpose: String(row.purpose), mime: String(row.mime), bytes });
    } catch {
      // removed already (e.g. a chat file past its retention period): the JSON still lists it
    }
  }
  return out;
}

/** Deletes the files of these upload ids from disk (their rows stay, so references do not dangle). */
export async function removeUploadFiles(db: Db, dataDir: string, ids: readonly number[]): Promise<number> {
  if (ids.length === 0) return 0;
  const rows = await jsonRows(
    db,
    "uploads",
    sql`t.id IN (${sql.join(
      ids.map((id) => sql`${id}`),
      sql`, `,
    )})`,
  );
  let removed = 0;
  for (const row of rows) {
    await fsp.rm(path.join(uploadsDir(dataDir), path.basename(String(row.name))), { force: true });
    removed++;
  }
  return removed;
}
