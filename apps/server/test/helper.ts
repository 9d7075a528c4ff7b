// Test helpers: each test file gets its own clean, migrated and seeded database
// (a clone of the template built in global-setup) and an app built on it. Customers, staff
// and their money are made in factory.ts.

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

export const TEST_AUDIT_KEY = "test-audit-key-0123456789abcdef0123456789";

/** An empty database (no migrations, no seed) for migration tests; dropped by its close(). */
export async function createEmptyDatabase(): Promise<Database> {
  const baseUrl = process.env.DATABASE_URL;
  if (!baseUrl) return openPglite();
  const name = `candor_t_${process.pid}_${randomBytes(4).toString("hex")}`;
  const admin = await openPostgres(adminUrl(baseUrl), 1);
  await admin.exec(`CREATE DATABASE ${name}`);
  const database = await openPostgres(databaseUrlFor(baseUrl, name), 2);
  return {
    ...database,
    close: async () => {
      await database.close();
      await admin.exec(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.close();
    },
  };
}

export function testConfig(overrides: Partial<Config> = {}): Config {
  return {
    ...loadConfig({ DATA_DIR: `/tmp/candor-test-${process.pid}`, LOG_LEVEL: "silent" }),
    // Each app's audit checkpoint apart (every test file has its own database); one key for all.
    auditKey: TEST_AUDIT_KEY,
    auditDir: `/tmp/candor-test-${process.pid}/audit-${randomBytes(6).toString("hex")}`,
    databaseUrl: process.env.DATABASE_URL,
    rateLimitPerMinute: 100_000,
    // No sample IEO projects and contests (modules/samples) unless a test asks for them: tests count
    // what they create (test/system/sandbox-samples-on-a-fresh-start.test.ts asks).
    sandboxSamples: false,
    // The security check's proof of work stays cheap in tests (solveCaptcha solves it in
    // milliseconds); levels still double the range of tries.
    captchaWork: { cost: 1, baseTries: 20 },
    // Tests register many customers from one address; the sign-up check is tested with the
    // production allowance (test/security/signup-needs-a-check.test.ts).
    freeSignupsPerAddress: 100_000,
    // No live feed in tests: prices move only when a test calls app.market.ingest().
    marketAutostart: false,
    marketSeed: 1,
    // A test's ticks must not go stale while a loaded CI machine runs the next steps; the
    // freshness rule itself is tested with the production limits
    // (test/market/trades-need-a-fresh-price.test.ts).
    quoteMaxAgeMs: { crypto: 60_000, metal: 60_000, forex: 60_000 },
    // Outside the sandbox the server secret and the public address are required (config.ts).
    ...(overrides.sandbox === false
      ? {
          serverSecret: "candor-test-secret-0123456789abcdef",
          publicUrl: "https://app.candor.test",
          smsProvider: "http" as const,
          smsHttpUrl: "http://127.0.0.1:9/sms",
        }
      : {}),
    ...overrides,
  };
}

/**
 * Config that starts the sandbox business clock at a stated instant, for a test that depends on
 * the business date (weekday, month end, midnight UTC): tests never depend on the day they run.
 * The instant must not lie before real time: the seed and the database stamp records at real
 * time (content publication, creation times, order ages), and business time never runs behind
 * them, so a date-dependent test names its weekday and UTC time and starts at their next
 * occurrence (`nextUtc`, `MIDWEEK`) rather than at a date in the past.
 *   const ctx = await setupApp(startClockAt(MIDWEEK));
 */
export function startClockAt(iso: string, overrides: Partial<Config> = {}): Partial<Config> {
  const ms = Date.parse(iso);
  if (!/Z$/.test(iso) || !Number.isFinite(ms)) throw new Error(`startClockAt: not a UTC instant: ${iso}`);
  if (ms < Date.now()) throw new Error(`startClockAt: ${iso} is before real time; use nextUtc(weekday, time)`);
  return { ...overrides, clockStartAt: ms };
}

const WEEKDAYS = ["sunday", "monday", "tuesday", "wednesday", "thursday", "friday", "saturday"] as const;

/**
 * The next instant (at least a minute from now) that falls on `weekday` at `time` UTC, as an
 * ISO string: `nextUtc("wednesday", "10:00")`. `day` also pins the day of the month (1–28, or
 * "last" for a month's last day), e.g. `nextUtc("any", "23:59:30", "last")` for a month end.
 */
export function nextUtc(weekday: (typeof WEEKDAYS)[number] | "any", time: string, day?: number | "last"): string {
  const [h = 0, m = 0, sec = 0] = time.split(":").map(Number);
  const from = Date.now() + 60_000;
  const d = new Date(from);
  for (let i = 0; i < 3 * 366; i++) {
    const at = Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate() + i, h, m, sec);
    const date = new Date(at);
    const last = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 0)).getUTCDate();
    if (at < from) continue;
    if (weekday !== "any" && WEEKDAYS[date.getUTCDay()] !== weekday) continue;
    if (day === "last" ? date.getUTCDate() !== last : day !== undefined && date.getUTCDate() !== day) continue;
    return date.toISOString();
  }
  throw new Error(`nextUtc: no ${weekday} ${day ?? ""} within three years`);
}

/** The next Wednesday, 10:00 UTC: the instant date-dependent tests start at unless they say otherwise. */
export const MIDWEEK = nextUtc("wednesday", "10:00");

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
