import { afterAll } from "vitest";
import { type App, buildApp } from "../../src/app";
import type { Database } from "../../src/db";
import { migrate, readMigrations } from "../../src/db/migrate";
import { seed } from "../../src/db/seed";
import { createEmptyDatabase, testConfig } from "../helper";

/** Migrates to just before `version`, runs `before` (old rows), migrates the rest and starts an app. */
export async function upgradedApp(
  version: string,
  before: (database: Database) => Promise<void>,
): Promise<{ app: App; database: Database }> {
  const database = await createEmptyDatabase();
  const all = readMigrations();
  await migrate(
    database,
    all.filter((m) => m.version < version),
  );
  await before(database);
  await migrate(database, all);
  await seed(database, { sandbox: true });
  const app = await buildApp({ config: testConfig(), database, logger: false });
  await app.ready();
  afterAll(async () => {
    await app.close();
    await database.close();
  });
  return { app, database };
}
