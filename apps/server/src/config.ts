// Configuration, parsed once from the environment. A bad value stops the start with
// a list of everything that is wrong (see CONTRACT.md "Running").
import fs from "node:fs";
import path from "node:path";
import { z } from "zod";
import { REPO_ROOT } from "./paths";

const bool = z
  .enum(["true", "false", "1", "0", "yes", "no"])
  .transform((v) => v === "true" || v === "1" || v === "yes");

export const ConfigSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().min(1).default("127.0.0.1"),
  DATA_DIR: z.string().min(1).default("./data"),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, "must start with postgres:// or postgresql://")
    .optional(),
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, "must start with redis:// or rediss://")
    .optional(),
  /** Prefix of this deployment's Redis channels (several deployments or test runs on one Redis). */
  REDIS_PREFIX: z
    .string()
    .regex(/^[A-Za-z0-9:_-]{1,64}$/, "letters, digits and : _ - only")
    .default("candor:"),
  SANDBOX: bool.default(true),
  /** Sandbox only: the seeded operator's password at first start (browser tests log in as support). */
  /**
   * Who moves the money: "sandbox" (simulated, only with SANDBOX=true) or "manual" (operators
   * confirm deposits and pay out by hand). Default: sandbox when SANDBOX=true, else manual.
   */
  PAYMENT_PROVIDER: z.enum(["sandbox", "manual"]).optional(),
  /** A real provider's API base URL and key (a real provider: refused together with SANDBOX=true). */
  PAYMENT_PROVIDER_URL: z
    .string()
    .regex(/^https?:\/\//, "must start with http:// or https://")
    .optional(),
  PAYMENT_PROVIDER_KEY: z.string().min(1).optional(),
  MARKET_FEED: z.enum(["sim", "replay", "binance"]).default("sim"),
  /** Seed of the simulated market (same seed, same prices); unset = a new seed at each start. */
  MARKET_SEED: z.coerce.number().int().min(0).max(4_294_967_295).optional(),
  /** Simulated history written at first start: full (charts full at every interval), small (tests), none. */
  MARKET_HISTORY: z.enum(["full", "small", "none"]).default("full"),
  /** Start the price feed when the app is ready (tests turn it off and push ticks themselves). */
  MARKET_AUTOSTART: bool.default(true),
  /** How long recorded ticks are kept (settlement evidence is copied by the settling module). */
  MARKET_TICK_RETENTION_MINUTES: z.coerce.number().int().min(10).max(10_080).default(180),
  /** How often the settlement leader reconciles its futures index with the database (ms). */
  SETTLEMENT_RECONCILE_MS: z.coerce.number().int().min(50).max(60_000).default(1000),
  /** Lifetime of a spot limit order: older open orders are cancelled and their holds voided. */
  SPOT_ORDER_MAX_AGE_DAYS: z.coerce.number().int().min(1).max(365).default(30),
  /**
   * First-start default of the exposure limit (USDT value per currency) of the house and
   * treasury accounts; operators change it later (modules/risk). New risk past it gets 409.
   */
  EXPOSURE_LIMIT_USDT: z
    .string()
    .regex(/^\d+(\.\d+)?$/, "a positive decimal number, e.g. 5000000")
    .refine((v) => Number(v) > 0, "must be greater than 0")
    .default("5000000"),
  /**
   * How old the last tick may be for a trade to be priced at it, per asset class (ms);
   * older → 409 "price not available, try again". The sim feed ticks every 250–1000 ms,
   * a live crypto stream several times a second; FX and metals can sit a few seconds
   * without a new quote in quiet hours, so they get more room. A few seconds is still
   * far narrower than the moves a stale price would let a customer trade on.
   */
  QUOTE_MAX_AGE_CRYPTO_MS: z.coerce.number().int().min(500).max(300_000).default(5000),
  QUOTE_MAX_AGE_METAL_MS: z.coerce.number().int().min(500).max(300_000).default(10_000),
  QUOTE_MAX_AGE_FOREX_MS: z.coerce.number().int().min(500).max(300_000).default(10_000),
  /** MARKET_FEED=replay: CSV of candles (symbol,time,open,high,low,close,volume). */
  REPLAY_FILE: z.string().min(1).optional(),
  /** MARKET_FEED=replay: milliseconds between replayed ticks (4 ticks per candle). */
  REPLAY_TICK_MS: z.coerce.number().int().min(20).max(60_000).default(500),
  /** MARKET_FEED=binance: public market-data websocket base URL. */
  BINANCE_WS_URL: z
    .string()
    .regex(/^wss?:\/\//, "must start with ws:// or wss://")
    .default("wss://stream.binance.com:9443"),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  /**
   * Trust X-Forwarded-For from a reverse proxy: "false" (default, the client address
   * is the socket's), "true" (any proxy), or a comma-separated list of proxy addresses.
   * Per-address limits (login, codes) depend on it, so only enable it behind a proxy.
   */
  TRUST_PROXY: z.string().default("false"),
  /** Requests per minute per client address before 429. */
  RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(600),
  /** Where the built web app lives (vite build output). */
  WEB_DIST: z.string().optional(),
  /** Where the built operator console lives (served at /console/). */
  CONSOLE_DIST: z.string().optional(),
  /**
   * The seeded console admin's first password (used once, when the admin is created; not
   * printed). Unset: a random one, printed once. For automated installs and browser tests.
   */
  CONSOLE_ADMIN_PASSWORD: z
    .string()
    .min(10)
    .max(64)
    .refine((p) => /[A-Za-z]/.test(p) && /\d/.test(p), { message: "needs a letter and a digit" })
    .optional(),
  /** E-mail delivery, e.g. smtps://user:pass@mail.example.com:465; unset = outbox only. */
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\/[^\s/]+/, "must look like smtp://host:port or smtps://user:pass@host:port")
    .optional(),
  /** Sender of e-mails sent through SMTP_URL. */
  SMTP_FROM: z.string().min(3).default("Candor <no-reply@candor.local>"),
  /**
   * Countries (ISO 3166-1 alpha-2, comma-separated) whose residents are not offered
   * short-term options; "none" offers them everywhere. Default: EU/EEA, UK, Australia.
   */
  OPTIONS_BLOCKED_COUNTRIES: z
    .string()
    .regex(/^(none|[A-Za-z]{2}(\s*,\s*[A-Za-z]{2})*)$/, 'comma-separated country codes, e.g. "DE,FR", or "none"')
    .optional(),
  /** Share of a directly invited customer's trading fees paid to the inviter (0 switches rebates off). */
  REBATE_SHARE: z
    .string()
    .regex(/^(0(\.\d{1,8})?|1(\.0{1,8})?)$/, 'a fraction between 0 and 1, e.g. "0.2"')
    .default("0.2"),
  /** Countries (ISO alpha-2, comma-separated) of inviters who get no rebates; "none" = everywhere. Default GB. */
  REBATE_BLOCKED_COUNTRIES: z
    .string()
    .regex(/^(none|[A-Za-z]{2}(\s*,\s*[A-Za-z]{2})*)$/, 'comma-separated country codes, e.g. "GB", or "none"')
    .default("GB"),
});

/** EU (27) + EEA (IS, LI, NO) + GB + AU: where short-term options are banned for retail customers. */
export const DEFAULT_OPTIONS_BLOCKED_COUNTRIES = [
  "AT",
  "BE",
  "BG",
  "HR",
  "CY",
  "CZ",
  "DK",
  "EE",
  "FI",
  "FR",
  "DE",
  "GR",
  "HU",
  "IE",
  "IT",
  "LV",
  "LT",
  "LU",
  "MT",
  "NL",
  "PL",
  "PT",
  "RO",
  "SK",
  "SI",
  "ES",
  "SE",
  "IS",
  "LI",
  "NO",
  "GB",
  "AU",
];

export type Config = {
  port: number;
  trustProxy: boolean | string[];
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  redisUrl: string | undefined;
  /** REDIS_PREFIX (default "candor:"). */
  redisPrefix?: string;
  sandbox: boolean;
  paymentProvider: "sandbox" | "manual";
  paymentProviderUrl: string | undefined;
  paymentProviderKey: string | undefined;
  marketFeed: "sim" | "replay" | "binance";
  marketSeed: number | undefined;
  marketHistory: "full" | "small" | "none";
  marketAutostart: boolean;
  marketTickRetentionMinutes: number;
  settlementReconcileMs: number;
  exposureLimitUsdt: string;
  spotOrderMaxAgeDays: number;
  /** QUOTE_MAX_AGE_*_MS: the freshness a trade's quote needs, per asset class. */
  quoteMaxAgeMs: { crypto: number; metal: number; forex: number };
  replayFile: string | undefined;
  replayTickMs: number;
  binanceWsUrl: string;
  logLevel: string;
  rateLimitPerMinute: number;
  webDist: string;
  consoleDist: string;
  consoleAdminPassword: string | undefined;
  smtpUrl: string | undefined;
  smtpFrom: string;
  optionsBlockedCountries: string[];
  rebateShare: string;
  rebateBlockedCountries: string[];
};

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join("\n")}`);
    this.name = "ConfigError";
  }
}

/**
 * Sandbox mode and real money never mix: SANDBOX=true with a real payment provider (any
 * provider but the sandbox, or provider credentials) would show "no real money" while money
 * moves; the sandbox provider without SANDBOX would credit deposits nobody made.
 */
function paymentProviderProblems(
  sandbox: boolean,
  provider: "sandbox" | "manual",
  c: { PAYMENT_PROVIDER_URL?: string | undefined; PAYMENT_PROVIDER_KEY?: string | undefined },
): string[] {
  const problems: string[] = [];
  if (sandbox) {
    if (provider !== "sandbox") {
      problems.push(`PAYMENT_PROVIDER: "${provider}" moves real money; it cannot run with SANDBOX=true`);
    }
    if (c.PAYMENT_PROVIDER_URL)
      problems.push("PAYMENT_PROVIDER_URL: a real payment provider cannot run with SANDBOX=true");
    if (c.PAYMENT_PROVIDER_KEY)
      problems.push("PAYMENT_PROVIDER_KEY: a real payment provider cannot run with SANDBOX=true");
  } else if (provider === "sandbox") {
    problems.push('PAYMENT_PROVIDER: "sandbox" simulates payments; it needs SANDBOX=true');
  }
  return problems;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  // Empty strings count as unset, so `DATABASE_URL= npm start` means "embedded".
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ""));
  const parsed = ConfigSchema.safeParse(cleaned);
  if (!parsed.success) {
    throw new ConfigError(parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`));
  }
  const c = parsed.data;
  if (c.MARKET_FEED === "replay") {
    if (!c.REPLAY_FILE) throw new ConfigError(["REPLAY_FILE: required when MARKET_FEED=replay"]);
    if (!fs.existsSync(c.REPLAY_FILE)) throw new ConfigError([`REPLAY_FILE: no such file ${c.REPLAY_FILE}`]);
  }
  const paymentProvider = c.PAYMENT_PROVIDER ?? (c.SANDBOX ? "sandbox" : "manual");
  const paymentProblems = paymentProviderProblems(c.SANDBOX, paymentProvider, c);
  if (paymentProblems.length > 0) throw new ConfigError(paymentProblems);
  return {
    port: c.PORT,
    host: c.HOST,
    dataDir: path.resolve(c.DATA_DIR),
    databaseUrl: c.DATABASE_URL,
    redisUrl: c.REDIS_URL,
    redisPrefix: c.REDIS_PREFIX,
    sandbox: c.SANDBOX,
    paymentProvider,
    paymentProviderUrl: c.PAYMENT_PROVIDER_URL,
    paymentProviderKey: c.PAYMENT_PROVIDER_KEY,
    marketFeed: c.MARKET_FEED,
    marketSeed: c.MARKET_SEED,
    marketHistory: c.MARKET_HISTORY,
    marketAutostart: c.MARKET_AUTOSTART,
    marketTickRetentionMinutes: c.MARKET_TICK_RETENTION_MINUTES,
    settlementReconcileMs: c.SETTLEMENT_RECONCILE_MS,
    exposureLimitUsdt: c.EXPOSURE_LIMIT_USDT,
    spotOrderMaxAgeDays: c.SPOT_ORDER_MAX_AGE_DAYS,
    quoteMaxAgeMs: {
      crypto: c.QUOTE_MAX_AGE_CRYPTO_MS,
      metal: c.QUOTE_MAX_AGE_METAL_MS,
      forex: c.QUOTE_MAX_AGE_FOREX_MS,
    },
    replayFile: c.REPLAY_FILE ? path.resolve(c.REPLAY_FILE) : undefined,
    replayTickMs: c.REPLAY_TICK_MS,
    binanceWsUrl: c.BINANCE_WS_URL,
    logLevel: c.LOG_LEVEL,
    rateLimitPerMinute: c.RATE_LIMIT_PER_MINUTE,
    trustProxy:
      c.TRUST_PROXY === "true"
        ? true
        : c.TRUST_PROXY === "false" || c.TRUST_PROXY === ""
          ? false
          : c.TRUST_PROXY.split(",").map((a) => a.trim()),
    webDist: c.WEB_DIST ? path.resolve(c.WEB_DIST) : path.join(REPO_ROOT, "apps/web/dist"),
    consoleDist: c.CONSOLE_DIST ? path.resolve(c.CONSOLE_DIST) : path.join(REPO_ROOT, "apps/console/dist"),
    consoleAdminPassword: c.CONSOLE_ADMIN_PASSWORD,
    smtpUrl: c.SMTP_URL,
    smtpFrom: c.SMTP_FROM,
    optionsBlockedCountries:
      c.OPTIONS_BLOCKED_COUNTRIES === undefined
        ? DEFAULT_OPTIONS_BLOCKED_COUNTRIES
        : c.OPTIONS_BLOCKED_COUNTRIES === "none"
          ? []
          : c.OPTIONS_BLOCKED_COUNTRIES.split(",").map((code) => code.trim().toUpperCase()),
    rebateShare: c.REBATE_SHARE,
    rebateBlockedCountries:
      c.REBATE_BLOCKED_COUNTRIES === "none"
        ? []
        : c.REBATE_BLOCKED_COUNTRIES.split(",").map((code) => code.trim().toUpperCase()),
  };
}
