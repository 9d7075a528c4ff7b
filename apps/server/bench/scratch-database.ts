// The database a benchmark runs on: embedded PGlite, or (with DATABASE_URL) a scratch
// PostgreSQL database beside the configured one, dropped when the bench ends.
import { randomBytes } from "node:crypto";
import { type Database, openPglite, openPostgres } from "../src/db";
import { adminUrl, databaseUrlFor } from "../test/pg-urls";

export interface BenchDatabase {
  database: Database;
  label: string;
  cleanup: () => Promise<void>;
}

export async function openBenchDatabase(prefix: string, poolSize: number): Promise<BenchDatabase> {
  const url = process.env.DATABASE_URL;
  if (!url) {
    const database = await openPglite();
    return { database, label: "PGlite (in memory, single connection)", cleanup: () => database.close() };
  }
  const name = `${prefix}_${process.pid}_${randomBytes(3).toString("hex")}`;
  const admin = await openPostgres(adminUrl(url), 1);
  await admin.exec(`CREATE DATABASE ${name}`);
  const database = await openPostgres(databaseUrlFor(url, name), poolSize);
  const [version] = await database.query<{ v: string }>("SELECT current_setting('server_version') AS v");
  return {
    database,
    label: `PostgreSQL ${version?.v ?? "?"} (scratch database ${name}, pool ${poolSize})`,
    cleanup: async () => {
      await database.close();
      await new Promise((resolve) => setTimeout(resolve, 200));
      await admin.exec(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.close();
    },
  };
}
