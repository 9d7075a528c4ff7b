// A fresh database per ledger test file, like test/helper.ts's createTestDatabase, but on
// PostgreSQL it waits for the pool's connections to be gone before dropping the database.
// (pg's Pool.end() resolves before its clients have disconnected; dropping WITH (FORCE)
// right away kills them and each emits an unhandled 57P01 error — frequent here, where
// the ledger tests keep the whole pool busy.)
import { randomBytes } from "node:crypto";
import { inject } from "vitest";
import { type Database, openPostgres } from "../../src/db";
import { createTestDatabase } from "../helper";
import { adminUrl, databaseUrlFor } from "../pg-urls";

export async function ledgerTestDatabase(poolSize = 10): Promise<Database> {
  const baseUrl = process.env.DATABASE_URL;
  if (!baseUrl) return createTestDatabase();
  const name = `candor_t_${process.pid}_${randomBytes(4).toString("hex")}`;
  const admin = await openPostgres(adminUrl(baseUrl), 1);
  await admin.exec(`CREATE DATABASE ${name} TEMPLATE ${inject("pgTemplate")}`);
  const database = await openPostgres(databaseUrlFor(baseUrl, name), poolSize);
  return {
    ...database,
    close: async () => {
      await database.close();
      for (let i = 0; i < 100; i++) {
        const [row] = await admin.query<{ n: string | number }>(
          "SELECT count(*) AS n FROM pg_stat_activity WHERE datname = $1",
          [name],
        );
        if (Number(row?.n ?? 0) === 0) break;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      await admin.exec(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.close();
    },
  };
}
