// Migrations and seed are repeatable, and the drizzle schema matches the migrated tables.
import { getTableColumns, getTableName, is } from "drizzle-orm";
import { PgTable } from "drizzle-orm/pg-core";
import { describe, expect, it } from "vitest";
import { migrate, readMigrations } from "../src/db/migrate";
import * as schema from "../src/db/schema";
import { seed } from "../src/db/seed";
import { getSysSet, setSetting } from "../src/modules/settings/service";
import { createTestDatabase } from "./helper";

const database = await createTestDatabase();

const typeOf: Record<string, string> = {
  PgText: "text",
  PgBigSerial53: "bigint",
  PgBigInt53: "bigint",
  PgBigInt64: "bigint",
  PgInteger: "integer",
  PgSerial: "integer",
  PgBoolean: "boolean",
  PgJsonb: "jsonb",
  PgTimestamp: "timestamp with time zone",
  PgNumeric: "numeric",
  PgDate: "date",
  PgDateString: "date",
  PgUUID: "uuid",
  PgSmallInt: "smallint",
  PgDoublePrecision: "double precision",
  PgArray: "ARRAY",
};

describe("migrations", () => {
  it("are numbered uniquely and all applied", async () => {
    const files = readMigrations();
    const rows = await database.query<{ version: string }>("SELECT version FROM schema_migrations ORDER BY version");
    expect(rows.map((r) => r.version)).toEqual(files.map((f) => f.version));
  });

  it("apply nothing the second time", async () => {
    expect(await migrate(database)).toEqual([]);
  });

  it("roll back a failing migration completely", async () => {
    const bad = [
      { version: "9999", name: "broken", sql: "CREATE TABLE half_done (id int); SELECT no_such_function();" },
    ];
    await expect(migrate(database, bad)).rejects.toThrow(/9999_broken/);
    const tables = await database.query("SELECT 1 FROM information_schema.tables WHERE table_name = 'half_done'");
    expect(tables).toEqual([]);
  });

  it("match the drizzle schema column by column", async () => {
    for (const table of Object.values(schema)) {
      if (!is(table, PgTable)) continue;
      const name = getTableName(table);
      const cols = await database.query<{ column_name: string; data_type: string; is_nullable: string }>(
        "SELECT column_name, data_type, is_nullable FROM information_schema.columns WHERE table_name = $1",
        [name],
      );
      expect(cols.length, `table ${name} exists`).toBeGreaterThan(0);
      const byName = new Map(cols.map((c) => [c.column_name, c]));
      for (const col of Object.values(getTableColumns(table))) {
        const actual = byName.get(col.name);
        expect(actual, `${name}.${col.name} exists`).toBeDefined();
        // A custom column (bytea: kept statements) names its own SQL type.
        const expected = col.columnType === "PgCustomColumn" ? col.getSQLType() : typeOf[col.columnType];
        expect(expected, `known column type ${col.columnType}`).toBeDefined();
        expect(actual?.data_type, `${name}.${col.name} type`).toBe(expected);
        expect(actual?.is_nullable, `${name}.${col.name} nullability`).toBe(col.notNull ? "NO" : "YES");
      }
    }
  });
});

describe("seed", () => {
  it("is idempotent and keeps what an operator changed", async () => {
    await setSetting(database.db, "sys_set", { isPcLimite: false }, true);
    await seed(database, { sandbox: true });
    await seed(database, { sandbox: true });
    expect(await getSysSet(database.db)).toEqual({ isPcLimite: false });
    const rows = await database.query<{ n: number | string }>(
      "SELECT count(*) AS n FROM settings WHERE key = 'sys_set'",
    );
    expect(Number(rows[0]?.n)).toBe(1);
  });
});
