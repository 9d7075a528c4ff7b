// Entry point: parse config, open and migrate the database, seed, listen. The app's
// modules (Fastify, every route) load while the database opens, and the start log
// says how long the process took from its own start to listening.
import { ConfigError, ConfigSchema, loadConfig } from "./config";
import { openDatabase } from "./db";
import { migrate } from "./db/migrate";
import { logStartup, StartupTimer } from "./startup-log";

/**
 * SANDBOX=false with MARKET_FEED=sim or replay is refused at the start once the symbol
 * table is read (market plugin). When another variable stops the start before that, the
 * refusal is said now too, naming the symbols a new database lists: fixing the variables
 * alone would not start it.
 */
async function explainSimulatedPrices(): Promise<void> {
  const parsed = ConfigSchema.pick({ SANDBOX: true, MARKET_FEED: true }).safeParse(process.env);
  if (!parsed.success || parsed.data.SANDBOX) return;
  const feed = parsed.data.MARKET_FEED;
  if (feed !== "sim" && feed !== "replay") return;
  const { SYMBOL_SEEDS } = await import("./modules/market/symbols");
  console.error(
    `  - MARKET_FEED=${feed}: with SANDBOX=false no tradable symbol may be ${feed === "sim" ? "simulated" : "replayed"}, and this feed prices every symbol that way: ${SYMBOL_SEEDS.map((s) => s.symbol).join(", ")}`,
  );
}

async function main() {
  const timer = new StartupTimer();
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      await explainSimulatedPrices();
      process.exit(2);
    }
    throw err;
  }
  // Loading the app's code (a few hundred modules) overlaps with PGlite compiling its wasm.
  const modules = Promise.all([import("./app"), import("./db/seed")]);
  modules.catch(() => {});
  const database = await timer.time("database", openDatabase(config));
  const applied = await timer.time("migrations", migrate(database));
  const [{ buildApp }, { seed }] = await timer.time("modules", modules);
  await timer.time("seed", seed(database, config));
  const app = await timer.time("routes", buildApp({ config, database }));
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

  await timer.time("ready", app.ready());
  await timer.time("listen", app.listen({ port: config.port, host: config.host }));
  logStartup(app.log, {
    host: config.host,
    port: config.port,
    database: database.kind === "pglite" ? `embedded database in ${config.dataDir}` : "PostgreSQL",
    marketFeed: config.marketFeed,
    sandbox: config.sandbox,
    paymentProvider: config.paymentProvider,
    elapsedMs: timer.sinceProcessStartMs(),
    cpuMs: timer.cpuMs(),
    phases: timer.phases,
  });
}

main().catch((err) => {
  // A configuration only the database could show wrong (SANDBOX=false with simulated
  // symbols tradable) stops the start like a bad variable: the list, not a stack trace.
  if (err instanceof ConfigError) {
    console.error(err.message);
    process.exit(2);
  }
  console.error(err);
  process.exit(1);
});
