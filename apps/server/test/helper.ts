// Test helpers: each test file gets its own clean, migrated and seeded database
// (a clone of the template built in global-setup) and an app built on it.

import { randomBytes } from "node:crypto";
import fs from "node:fs";
import { afterAll, inject } from "vitest";
import { type App, buildApp } from "../src/app";
import { type Config, loadConfig } from "../src/config";
import { type Database, openPglite, openPostgres } from "../src/db";
import { adminUrl, databaseUrlFor } from "./pg-urls";

export const onPostgres = Boolean(process.env.DATABASE_URL);

/** A fresh database for this test file; dropped when the file ends. */
export async function createTestDatabase(): Promise<Database> {
  const baseUrl = process.env.DATABASE_URL;
  if (baseUrl) {
    const name = `candor_t_${process.pid}_${randomBytes(4).toString("hex")}`;
    const admin = await openPostgres(adminUrl(baseUrl), 1);
    await admin.exec(`CREATE DATABASE ${name} TEMPLATE ${inject("pgTemplate")}`);
    const database = await openPostgres(databaseUrlFor(baseUrl, name), 10);
    const close = database.close;
    return {
      ...database,
      close: async () => {
        await close();
        await admin.exec(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        await admin.close();
      },
    };
  }
  const file = inject("pgliteTemplate");
  return openPglite({ loadDataDir: new Blob([fs.readFileSync(file)]) });
}

export function testConfig(overrides: Partial<Config> = {}): Config {
  return {
    ...loadConfig({ DATA_DIR: `/tmp/candor-test-${process.pid}`, LOG_LEVEL: "silent" }),
    databaseUrl: process.env.DATABASE_URL,
    rateLimitPerMinute: 100_000,
    // No live feed in tests: prices move only when a test calls app.market.ingest().
    marketAutostart: false,
    marketSeed: 1,
    // A test's ticks must not go stale while a loaded CI machine runs the next steps; the
    // freshness rule itself is tested with the production limits
    // (test/market/trades-need-a-fresh-price.test.ts).
    quoteMaxAgeMs: { crypto: 60_000, metal: 60_000, forex: 60_000 },
    ...overrides,
  };
}

export interface TestContext {
  app: App;
  database: Database;
  config: Config;
}

/**
 * Builds an app on a fresh database once for the calling test file and closes both
 * after the file. Use inside `describe`/top level: `const ctx = await setupApp()`.
 */
export async function setupApp(overrides: Partial<Config> = {}): Promise<TestContext> {
  const database = await createTestDatabase();
  const config = testConfig(overrides);
  const app = await buildApp({ config, database, logger: false });
  await app.ready();
  afterAll(async () => {
    await app.close();
    await database.close();
  });
  return { app, database, config };
}
