// A separate server process for the crash test: builds the app on the given PostgreSQL
// database, competes for settlement leadership, settles slowly (SETTLE_DELAY_MS per
// position) and waits to be killed. Not a test file; spawned by crash-recovery.test.ts.
import { buildApp } from "../../src/app";
import { loadConfig } from "../../src/config";
import { openPostgres } from "../../src/db";

const url = process.argv[2];
if (!url) throw new Error("usage: settle-child.ts <postgres url>");
const config = loadConfig({
  DATA_DIR: `/tmp/candor-settle-child-${process.pid}`,
  LOG_LEVEL: "silent",
  MARKET_AUTOSTART: "false",
  // No sample contests trading beside the positions this child settles (modules/samples).
  SANDBOX_SAMPLES: "false",
  DATABASE_URL: url,
});
const database = await openPostgres(url, 6);
const app = await buildApp({ config, database, logger: false });
app.futures.settler.delayMs = Number(process.env.SETTLE_DELAY_MS ?? "0");
await app.ready();
process.stdout.write(`ready leader=${app.settlement.isLeader}\n`);
setInterval(() => {}, 60_000);
