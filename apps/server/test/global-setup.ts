// Runs once per server test run: builds a migrated, seeded template database that
// every test file clones (PGlite: a data-dir dump; PostgreSQL: CREATE DATABASE … TEMPLATE).
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { openPglite, openPostgres } from "../src/db";
import { migrate } from "../src/db/migrate";
import { seed } from "../src/db/seed";
import { adminUrl, databaseUrlFor } from "./pg-urls";

declare module "vitest" {
  export interface ProvidedContext {
    pgliteTemplate: string;
    pgTemplate: string;
  }
}

/** Test databases of runs whose process is gone (killed, crashed) are dropped. */
async function dropAbandonedDatabases(admin: Awaited<ReturnType<typeof openPostgres>>) {
  const rows = await admin.query<{ datname: string }>(
    "SELECT datname FROM pg_database WHERE datname LIKE 'candor\\_t\\_%' OR datname LIKE 'candor\\_tpl\\_%'",
  );
  for (const { datname } of rows) {
    const pid = Number(datname.match(/^candor_(?:t|tpl)_(\d+)/)?.[1]);
    if (!Number.isInteger(pid) || pid === process.pid) continue;
    let alive = true;
    try {
      process.kill(pid, 0);
    } catch {
      alive = false;
    }
    if (!alive) await admin.exec(`DROP DATABASE IF EXISTS ${datname} WITH (FORCE)`);
  }
}

export default async function setup(project: TestProject) {
  const baseUrl = process.env.DATABASE_URL;
  if (baseUrl) {
    const name = `candor_tpl_${process.pid}`;
    const admin = await openPostgres(adminUrl(baseUrl), 1);
    await dropAbandonedDatabases(admin);
    await admin.exec(`DROP DATABASE IF EXISTS ${name}`);
    await admin.exec(`CREATE DATABASE ${name}`);
    const db = await openPostgres(databaseUrlFor(baseUrl, name), 2);
    await migrate(db);
    await seed(db, { sandbox: true });
    await db.close();
    project.provide("pgTemplate", name);
    project.provide("pgliteTemplate", "");
    return async () => {
      // Drop the template and any test database a crashed file left behind.
      const leftovers = await admin.query<{ datname: string }>(
        "SELECT datname FROM pg_database WHERE datname LIKE $1 OR datname = $2",
        [`candor_t_${process.pid}_%`, name],
      );
      for (const { datname } of leftovers) await admin.exec(`DROP DATABASE IF EXISTS ${datname} WITH (FORCE)`);
      await admin.close();
    };
  }
  const db = await openPglite();
  await migrate(db);
  await seed(db, { sandbox: true });
  if (!db.dump) throw new Error("PGlite database cannot be dumped");
  const dump = await db.dump();
  await db.close();
  const file = path.join(os.tmpdir(), `candor-pglite-template-${process.pid}.tar`);
  fs.writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  project.provide("pgliteTemplate", file);
  project.provide("pgTemplate", "");
  return () => fs.rmSync(file, { force: true });
}
