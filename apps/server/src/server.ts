// Entry point: parse config, open and migrate the database, seed, listen.
import { buildApp } from "./app";
import { ConfigError, loadConfig } from "./config";
import { openDatabase } from "./db";
import { migrate } from "./db/migrate";
import { seed } from "./db/seed";
import { logStartup } from "./startup-log";

async function main() {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(2);
    }
    throw err;
  }
  const started = Date.now();
  const database = await openDatabase(config);
  const applied = await migrate(database);
  await seed(database, config);
  const app = await buildApp({ config, database });
  if (applied.length > 0) app.log.info({ applied }, "migrations applied");

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, "shutting down");
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.on("SIGINT", () => void shutdown("SIGINT"));
  process.on("SIGTERM", () => void shutdown("SIGTERM"));

  await app.listen({ port: config.port, host: config.host });
  logStartup(app.log, {
    host: config.host,
    port: config.port,
    database: database.kind === "pglite" ? `embedded database in ${config.dataDir}` : "PostgreSQL",
    marketFeed: config.marketFeed,
    sandbox: config.sandbox,
    paymentProvider: config.paymentProvider,
    elapsedMs: Date.now() - started,
  });
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
