// What the process says when it is ready: one line with where it listens, and — when
// payments are simulated — one loud line nobody can miss in the start log.

export const SANDBOX_BANNER = "SANDBOX MODE — payments are simulated, no real money moves";

interface StartupLog {
  info: (msg: string) => void;
  warn: (msg: string) => void;
}

export function logStartup(
  log: StartupLog,
  facts: {
    host: string;
    port: number;
    database: string;
    marketFeed: string;
    sandbox: boolean;
    paymentProvider: string;
    elapsedMs: number;
  },
): void {
  const host = facts.host === "0.0.0.0" ? "localhost" : facts.host;
  log.info(
    `Candor is ready on http://${host}:${facts.port} (${facts.database}, ${facts.marketFeed} prices, ` +
      `${facts.sandbox ? "sandbox payments" : `live payments via ${facts.paymentProvider}`}) in ${facts.elapsedMs} ms`,
  );
  if (facts.sandbox) log.warn(`*** ${SANDBOX_BANNER} ***`);
}
