// Writes packages/contract/openapi.json from the route schemas; a test fails when it drifts.
import fs from "node:fs";
import path from "node:path";
import { buildApp } from "../src/app";
import { loadConfig } from "../src/config";
import { openPglite } from "../src/db";
import { migrate } from "../src/db/migrate";
import { seed } from "../src/db/seed";

const database = await openPglite();
await migrate(database);
await seed(database, { sandbox: true });
const app = await buildApp({
  config: { ...loadConfig({ LOG_LEVEL: "silent", SANDBOX_SAMPLES: "false" }) },
  database,
  logger: false,
});
await app.ready();
const out = path.resolve(import.meta.dirname, "../../../packages/contract/openapi.json");
fs.writeFileSync(out, `${JSON.stringify(app.swagger(), null, 2)}\n`);
await app.close();
await database.close();
console.log(`wrote ${path.relative(process.cwd(), out)}`);
