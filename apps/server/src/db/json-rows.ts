// Rows of one table as plain JSON objects, for a customer's data export (modules/privacy): the
// database turns each row into JSON (`to_jsonb`) and secret columns are dropped by name. Each
// module calls it on its own tables from its service.ts (`…UserData(db, userId)`).
import { type SQL, sql } from "drizzle-orm";
import type { Db } from "./index";

export type JsonRow = Record<string, unknown>;

/** `SELECT to_jsonb(t) - omit FROM table t WHERE …` (refer to the table as `t`), oldest first. */
export async function jsonRows(db: Db, table: string, where: SQL, omit: readonly string[] = []): Promise<JsonRow[]> {
  const dropped = sql`ARRAY[${sql.join(
    omit.map((c) => sql`${c}`),
    sql`, `,
  )}]::text[]`;
  const result = await db.execute(
    sql`SELECT to_jsonb(t) - ${omit.length > 0 ? dropped : sql`ARRAY[]::text[]`} AS row
        FROM ${sql.identifier(table)} t WHERE ${where} ORDER BY 1`,
  );
  return (result as unknown as { rows: { row: JsonRow | string }[] }).rows.map((r) =>
    typeof r.row === "string" ? (JSON.parse(r.row) as JsonRow) : r.row,
  );
}

/** Counts rows of one table matching `where` (refer to the table as `t`). */
export async function countRows(db: Db, table: string, where: SQL): Promise<number> {
  const result = await db.execute(sql`SELECT count(*)::int AS n FROM ${sql.identifier(table)} t WHERE ${where}`);
  return Number((result as unknown as { rows: { n: number | string }[] }).rows[0]?.n ?? 0);
}
