// Versioned SQL migrations (migrations/NNNN_name.sql), applied in order at start,
// each in its own transaction and recorded in schema_migrations. On PostgreSQL an
// advisory lock makes concurrent starts of several nodes safe.
import fs from "node:fs";
import path from "node:path";
import { SERVER_ROOT } from "../paths";
import type { Database } from "./index";

export const MIGRATIONS_DIR = path.join(SERVER_ROOT, "migrations");
const MIGRATION_LOCK = 4_242_001;

export interface Migration {
  version: string;
  name: string;
  sql: string;
}

export function readMigrations(dir = MIGRATIONS_DIR): Migration[] {
  const files = fs
    .readdirSync(dir)
    .filter((f) => /^\d{4}_[a-z0-9_]+\.sql$/.test(f))
    .sort();
  const seen = new Set<string>();
  return files.map((file) => {
    const version = file.slice(0, 4);
    if (seen.has(version)) throw new Error(`two migrations share version ${version}`);
    seen.add(version);
    return { version, name: file.slice(5, -4), sql: fs.readFileSync(path.join(dir, file), "utf8") };
  });
}

export async function migrate(database: Database, migrations = readMigrations()): Promise<string[]> {
  return database.withLock(MIGRATION_LOCK, async (conn) => {
    await conn.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (
      version text PRIMARY KEY, name text NOT NULL, applied_at timestamptz NOT NULL DEFAULT now())`);
    const done = new Set(
      (await conn.query<{ version: string }>("SELECT version FROM schema_migrations")).map((r) => r.version),
    );
    const applied: string[] = [];
    for (const m of migrations) {
      if (done.has(m.version)) continue;
      await conn.exec("BEGIN");
      try {
        await conn.exec(m.sql);
        await conn.query("INSERT INTO schema_migrations (version, name) VALUES ($1, $2)", [m.version, m.name]);
        await conn.exec("COMMIT");
      } catch (err) {
        await conn.exec("ROLLBACK");
        throw new Error(`migration ${m.version}_${m.name} failed: ${(err as Error).message}`, { cause: err });
      }
      applied.push(`${m.version}_${m.name}`);
    }
    return applied;
  });
}
