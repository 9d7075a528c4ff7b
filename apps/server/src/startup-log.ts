// What the process says when it is ready: one line with where it listens and how long
// the start took (from the process's own start, so module loading counts) and in which
// phases, and — when payments are simulated — one loud line nobody can miss.

export const SANDBOX_BANNER = "SANDBOX MODE — payments are simulated, no real money moves";

interface StartupLog {
  info: (msg: string) => void;
  warn: (msg: string) => void;
}

/** Wall time of each start phase; phases are awaited one after another. */
export class StartupTimer {
  readonly phases: Record<string, number> = {};
  private mark = performance.now();

  constructor() {
    // Node's own boot and loading this file, before any of our code ran.
    this.phases.boot = Math.round(this.mark);
  }

  async time<T>(name: string, work: PromiseLike<T>): Promise<T> {
    const value = await work;
    const now = performance.now();
    this.phases[name] = Math.round(now - this.mark);
    this.mark = now;
    return value;
  }

  /** performance.now() counts from the process's start. */
  sinceProcessStartMs(): number {
    return Math.round(performance.now());
  }

  /** CPU time the process used so far (all threads): on a busy machine, the figure that compares. */
  cpuMs(): number {
    const { user, system } = process.cpuUsage();
    return Math.round((user + system) / 1000);
  }
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
    cpuMs?: number;
    phases?: Record<string, number>;
  },
): void {
  const host = facts.host === "0.0.0.0" ? "localhost" : facts.host;
  const phases = facts.phases
    ? ` (${Object.entries(facts.phases)
        .map(([name, ms]) => `${name} ${ms}`)
        .join(", ")})`
    : "";
  log.info(
    `Candor is ready on http://${host}:${facts.port} (${facts.database}, ${facts.marketFeed} prices, ` +
      `${facts.sandbox ? "sandbox payments" : `live payments via ${facts.paymentProvider}`}) — ready in ${facts.elapsedMs} ms` +
      `${facts.cpuMs === undefined ? "" : `, ${facts.cpuMs} ms CPU`}${phases}`,
  );
  if (facts.sandbox) log.warn(`*** ${SANDBOX_BANNER} ***`);
}
