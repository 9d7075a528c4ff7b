// Configuration, parsed once from the environment. A bad value stops the start with
// a list of everything that is wrong (see docs/contract.md "Running").
import fs from "node:fs";
import path from "node:path";
import type { PriceVenue } from "@candor/contract";
import { z } from "zod";
import { type EvmChainConfig, parseChainEvm } from "./chain-config";
import { type OidcProviderConfig, parseOidcProviders } from "./login-config";
import { REPO_ROOT } from "./paths";

/** The venues MARKET_FEED=index can combine (modules/market/sources). */
export const INDEX_VENUES = ["binance", "okx", "coinbase", "kraken"] as const satisfies readonly PriceVenue[];
export type IndexVenue = (typeof INDEX_VENUES)[number];

const wsUrl = z.string().regex(/^wss?:\/\//, "must start with ws:// or wss://");
const percent = z
  .string()
  .regex(/^\d+(\.\d+)?$/, "a percentage such as 1 or 0.5")
  .refine((v) => Number(v) > 0 && Number(v) <= 100, "above 0 and at most 100");

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
  /**
   * Sandbox only: the instant the business clock starts at on a database whose clock was never
   * moved (ISO-8601 UTC, e.g. "2027-03-03T10:00:00Z"; not before real time), so a demo or a
   * browser test sees the same weekday and month day whatever day it runs on.
   */
  SANDBOX_CLOCK_START: z
    .string()
    .refine((v) => /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?Z$/.test(v) && Number.isFinite(Date.parse(v)), {
      message: 'an ISO-8601 UTC instant such as "2026-03-04T10:00:00Z"',
    })
    .optional(),
  /**
   * Sandbox only: a fresh database gets sample IEO projects and trading contests in every state,
   * with sample customers as applicants and entrants (modules/samples). Never with SANDBOX=false.
   */
  SANDBOX_SAMPLES: bool.default(true),
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
  /** sim (random walk), replay (REPLAY_FILE), binance (one venue), index (the median of INDEX_SOURCES). */
  MARKET_FEED: z.enum(["sim", "replay", "binance", "index"]).default("sim"),
  /**
   * Seed of the simulated market (same seed, same prices: tests, sandbox demos); sandbox only.
   * Unset = the simulator draws from the CSPRNG and no one can know a price before its tick
   * (issue 32 §1). The seed is never logged.
   */
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
  /** Hours (business clock) before a new withdrawal address can be used; 0 switches the hold off. */
  WITHDRAWAL_ADDRESS_COOLDOWN_HOURS: z.coerce.number().int().min(0).max(720).default(24),
  LOSS_RATE_MIN_SAMPLE: z.coerce.number().int().min(1).max(1_000_000).default(100),
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
  /**
   * MARKET_FEED=index: the venues whose prices make the index, comma-separated (binance, okx,
   * coinbase, kraken; oanda joins by itself when OANDA_ACCOUNT_ID and OANDA_API_KEY are set).
   */
  INDEX_SOURCES: z
    .string()
    .default("binance,okx,coinbase,kraken")
    .refine((v) => v.split(",").every((s) => (INDEX_VENUES as readonly string[]).includes(s.trim())), {
      message: `a comma-separated list of ${INDEX_VENUES.join(", ")}`,
    }),
  /** MARKET_FEED=index: OKX v5 public websocket. */
  OKX_WS_URL: wsUrl.default("wss://ws.okx.com:8443/ws/v5/public"),
  /** MARKET_FEED=index: Coinbase Exchange market-data websocket. */
  COINBASE_WS_URL: wsUrl.default("wss://ws-feed.exchange.coinbase.com"),
  /** MARKET_FEED=index: Kraken spot websocket v2. */
  KRAKEN_WS_URL: wsUrl.default("wss://ws.kraken.com/v2"),
  /** MARKET_FEED=index: OANDA v20 streaming base (practice: https://stream-fxpractice.oanda.com). */
  OANDA_STREAM_URL: z
    .string()
    .regex(/^https?:\/\//, "must start with http:// or https://")
    .default("https://stream-fxtrade.oanda.com"),
  /** MARKET_FEED=index: the OANDA account whose price stream prices metals and forex (with OANDA_API_KEY). */
  OANDA_ACCOUNT_ID: z.string().min(1).optional(),
  /** MARKET_FEED=index: OANDA personal access token (secret, never logged). */
  OANDA_API_KEY: z.string().min(1).optional(),
  /** MARKET_FEED=index: a venue's price older than this (ms since receipt) is stale and left out. */
  INDEX_MAX_AGE_MS: z.coerce.number().int().min(100).max(300_000).default(5000),
  /** MARKET_FEED=index: a venue further than this percentage from the median is an outlier. */
  INDEX_BAND_PCT: percent.default("1"),
  /** MARKET_FEED=index: fewer agreeing venues than this and the symbol is halted (new trades refused). */
  INDEX_MIN_SOURCES: z.coerce.number().int().min(1).max(5).default(2),
  /** MARKET_FEED=index: an index move larger than this percentage within a second waits for a second reading. */
  INDEX_JUMP_PCT: percent.default("5"),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  /**
   * Which reverse proxies' X-Forwarded-For to believe (Fastify's `trustProxy`): "false"
   * (default; the client address is the socket's), a number of proxy hops in front of the
   * server ("1": the address the one proxy saw), or a comma-separated list of the proxies'
   * addresses / CIDR ranges ("10.0.0.0/8, 127.0.0.1"; also "loopback", "linklocal",
   * "uniquelocal"). "true" (believe any header) is refused: a client could name any address
   * and escape every per-address limit. Per-address limits (logins, codes) depend on it.
   */
  TRUST_PROXY: z
    .string()
    .default("false")
    .refine((v) => parseTrustProxy(v) !== null, {
      message:
        'the number of proxy hops (e.g. "1") or the proxies\' addresses / CIDR ranges (e.g. "10.0.0.0/8"); "true" would believe any X-Forwarded-For',
    }),
  /** Security check (proof of work): PBKDF2 iterations per try. */
  CAPTCHA_COST: z.coerce.number().int().min(1).max(1_000_000).default(5000),
  /** Security check: the range of tries of a level-1 challenge (each level doubles it, up to 32×). */
  CAPTCHA_BASE_TRIES: z.coerce.number().int().min(1).max(1_000_000).default(1000),
  /** Registrations (and guest chats) per client address in 15 minutes without the security check. */
  FREE_SIGNUPS_PER_ADDRESS: z.coerce.number().int().min(0).max(1_000_000).default(3),
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
  /**
   * The staff audit log's HMAC key (32 characters or more; keep it outside the database and
   * the same on every node). Required with SANDBOX=false; in sandbox, when unset, a key is
   * generated into AUDIT_DIR/audit.key (owner-only permissions) at first start.
   */
  AUDIT_KEY: z.string().min(32, "at least 32 characters (e.g. openssl rand -hex 32)").optional(),
  /**
   * Web Push (price alerts, modules/alerts): the VAPID key pair (base64url, as
   * `npx web-push generate-vapid-keys` prints them) and the contact (mailto: or https:).
   * All three or none: without them Web Push is off (SANDBOX=false); in sandbox, when unset,
   * a pair is generated into DATA_DIR/vapid.json at first start.
   */
  VAPID_PUBLIC_KEY: z.string().min(40).optional(),
  VAPID_PRIVATE_KEY: z.string().min(20).optional(),
  VAPID_SUBJECT: z
    .string()
    .regex(/^(mailto:|https:\/\/)/, "mailto: or https:// URL")
    .optional(),
  /**
   * Four-eyes: a staff ledger adjustment or withdrawal approval worth more than this (USDT)
   * needs a second finance/admin member's approval (`/api/operator/approvals/*`).
   */
  FOUR_EYES_LIMIT_USDT: z
    .string()
    .regex(/^\d+(\.\d+)?$/, "a decimal number of USDT, e.g. 10000")
    .default("10000"),
  /** Where the audit log's signed checkpoint (and the sandbox key) live; default DATA_DIR/audit. */
  AUDIT_DIR: z.string().min(1).optional(),
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
  /**
   * The server's secret (at least 32 characters): keys the hashes of SMS/e-mail codes, the
   * encryption of authenticator secrets and the signatures of private file URLs. Required
   * with SANDBOX=false; in sandbox, unset = a generated one kept in DATA_DIR/server-secret (0600).
   */
  SERVER_SECRET: z.string().min(32, "at least 32 characters").optional(),
  /**
   * The public address of the web app (e.g. https://app.candor.example), for absolute links in
   * share pages and e-mails (the "this was not me" link); never taken from the request's Host.
   * Required with SANDBOX=false.
   */
  PUBLIC_URL: z
    .string()
    .regex(/^https?:\/\/[^\s/?#]+\/?$/, "an origin such as https://app.candor.example (no path)")
    .optional(),
  /** Days after a support conversation is closed before its files are removed. */
  CHAT_FILE_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(90),
  RETENTION_YEARS_LEDGER: z.coerce.number().int().min(1).max(30).default(10),
  RETENTION_YEARS_KYC: z.coerce.number().int().min(1).max(30).default(5),
  /** How SMS codes leave: "log" (sandbox only: the outbox and the log) or "http" (SMS_HTTP_URL). */
  SMS_PROVIDER: z.enum(["log", "http"]).optional(),
  /** SMS_PROVIDER=http: the provider's endpoint; a JSON POST {to, text} with SMS_HTTP_KEY as bearer token. */
  SMS_HTTP_URL: z
    .string()
    .regex(/^https?:\/\//, "must start with http:// or https://")
    .optional(),
  SMS_HTTP_KEY: z.string().min(1).optional(),
  /** Offer "Continue with wallet" (Sign-In with Ethereum, EIP-4361; docs/contract.md "Accounts"). */
  WALLET_LOGIN: bool.default(false),
  /** The chain id written in Sign-In with Ethereum messages (1 = Ethereum mainnet). */
  SIWE_CHAIN_ID: z.coerce.number().int().min(1).default(1),
  /**
   * OpenID Connect providers for third-party login: a JSON array of {id, name, issuer,
   * clientId, clientSecret}, or `id|name|issuer|clientId|clientSecret` separated by `;`
   * (login-config.ts). Each provider's redirect URI is PUBLIC_URL/api/app/oidc/<id>/callback.
   */
  OIDC_PROVIDERS: z.string().optional(),
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

const IPV4 = /^(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}$/;
const IPV6 = /^[0-9a-f:.]*:[0-9a-f:.]*$/i;
const PROXY_NAMES = new Set(["loopback", "linklocal", "uniquelocal"]);

function isProxyAddress(entry: string): boolean {
  if (PROXY_NAMES.has(entry)) return true;
  const [address = "", bits, ...rest] = entry.split("/");
  if (rest.length > 0) return false;
  const v4 = IPV4.test(address);
  if (!v4 && !IPV6.test(address)) return false;
  if (bits === undefined) return true;
  const max = v4 ? 32 : 128;
  return /^\d{1,3}$/.test(bits) && Number(bits) <= max;
}

/** TRUST_PROXY → Fastify's trustProxy: false, a hop count, or proxy addresses / CIDRs; null = invalid. */
export function parseTrustProxy(value: string): false | number | string[] | null {
  const v = value.trim();
  if (v === "" || v === "false" || v === "0") return false;
  if (/^\d{1,2}$/.test(v)) return Number(v);
  const entries = v.split(",").map((a) => a.trim());
  return entries.every(isProxyAddress) ? entries : null;
}

export type Config = {
  port: number;
  /** TRUST_PROXY: false, the number of trusted proxy hops, or the trusted proxies' addresses / CIDRs. */
  trustProxy: false | number | string[];
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  redisUrl: string | undefined;
  /** REDIS_PREFIX (default "candor:"). */
  redisPrefix?: string;
  sandbox: boolean;
  /** SANDBOX_CLOCK_START in ms: where a new database's business clock starts (sandbox only). */
  clockStartAt?: number | undefined;
  /** SANDBOX_SAMPLES: sample IEO projects and contests on a fresh sandbox database (ignored outside sandbox). */
  sandboxSamples: boolean;
  paymentProvider: "sandbox" | "manual";
  paymentProviderUrl: string | undefined;
  paymentProviderKey: string | undefined;
  marketFeed: "sim" | "replay" | "binance" | "index";
  marketSeed: number | undefined;
  marketHistory: "full" | "small" | "none";
  marketAutostart: boolean;
  marketTickRetentionMinutes: number;
  settlementReconcileMs: number;
  exposureLimitUsdt: string;
  spotOrderMaxAgeDays: number;
  /** WITHDRAWAL_ADDRESS_COOLDOWN_HOURS: hold on a new withdrawal address (0 = off). */
  withdrawalAddressCooldownHours: number;
  /** LOSS_RATE_MIN_SAMPLE: fewer customers with a closed trade → no published loss figure (the general warning). */
  lossRateMinSample: number;
  /** QUOTE_MAX_AGE_*_MS: the freshness a trade's quote needs, per asset class. */
  quoteMaxAgeMs: { crypto: number; metal: number; forex: number };
  replayFile: string | undefined;
  replayTickMs: number;
  binanceWsUrl: string;
  /** MARKET_FEED=index: the venues, their URLs, OANDA's credentials and the index rule. */
  index: IndexConfig;
  logLevel: string;
  rateLimitPerMinute: number;
  /** CAPTCHA_COST, CAPTCHA_BASE_TRIES: the work of a level-1 security check. */
  captchaWork: { cost: number; baseTries: number };
  /** FREE_SIGNUPS_PER_ADDRESS: registrations / guest chats per address and 15 minutes without the check. */
  freeSignupsPerAddress: number;
  webDist: string;
  consoleDist: string;
  consoleAdminPassword: string | undefined;
  smtpUrl: string | undefined;
  smtpFrom: string;
  optionsBlockedCountries: string[];
  rebateShare: string;
  rebateBlockedCountries: string[];
  /** FOUR_EYES_LIMIT_USDT (default 10000): above it staff money movements need a second person. */
  fourEyesLimitUsdt?: string | undefined;
  /** AUDIT_KEY (unset: sandbox generates one into auditDir). */
  auditKey?: string | undefined;
  /** VAPID_* (Web Push); unset in sandbox = generated into DATA_DIR/vapid.json (modules/alerts/push.ts). */
  vapid?: { publicKey: string; privateKey: string; subject: string } | undefined;
  /** AUDIT_DIR: the audit log's signed checkpoint and sandbox key (default DATA_DIR/audit). */
  auditDir?: string | undefined;
  /** SERVER_SECRET; unset in sandbox = generated into DATA_DIR (lib/secrets.ts). */
  serverSecret?: string | undefined;
  /** PUBLIC_URL without a trailing slash; unset in sandbox = http://HOST:PORT. */
  publicUrl?: string | undefined;
  chatFileRetentionDays: number;
  /** Data rights: ledger rows of a closed account are kept this long (law). */
  retentionYearsLedger: number;
  /** Data rights: KYC data of a closed account is kept this long after closing, then erased. */
  retentionYearsKyc: number;
  smsProvider: "log" | "http";
  smsHttpUrl?: string | undefined;
  smsHttpKey?: string | undefined;
  /** PUBLIC_URL was given (not the sandbox default): SIWE messages name its host, else the request's. */
  publicUrlGiven?: boolean;
  /** WALLET_LOGIN and SIWE_CHAIN_ID. */
  walletLogin?: boolean;
  siweChainId?: number;
  /** OIDC_PROVIDERS, parsed (login-config.ts). */
  oidcProviders?: OidcProviderConfig[];
  /** CHAIN_EVM_*: on-chain deposits on one EVM network (chain-config.ts); undefined = none. */
  chainEvm?: EvmChainConfig | undefined;
};

export interface IndexConfig {
  sources: IndexVenue[];
  urls: { binance: string; okx: string; coinbase: string; kraken: string; oanda: string };
  /** Both set: metals and forex are priced by OANDA; otherwise they are simulated (sandbox) or not tradable. */
  oanda: { accountId: string; apiKey: string } | null;
  maxAgeMs: number;
  bandPct: string;
  minSources: number;
  jumpPct: string;
}

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

/** Sandbox without PUBLIC_URL: this server's own address (a wildcard host reads as localhost). */
function sandboxPublicUrl(host: string, port: number): string {
  const name = host === "0.0.0.0" || host === "::" ? "localhost" : host.includes(":") ? `[${host}]` : host;
  return `http://${name}:${port}`;
}

/** The web app's public origin for absolute links (PUBLIC_URL); never the request's Host. */
export const publicOrigin = (config: Pick<Config, "publicUrl" | "port">): string =>
  config.publicUrl ?? `http://localhost:${config.port}`;

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
  const smsProvider = c.SMS_PROVIDER ?? (c.SMS_HTTP_URL ? "http" : "log");
  const secretProblems: string[] = [];
  if (!c.SANDBOX) {
    if (!c.AUDIT_KEY) {
      secretProblems.push(
        "AUDIT_KEY: required with SANDBOX=false (the staff audit log's HMAC key, e.g. openssl rand -hex 32)",
      );
    }
    if (!c.SERVER_SECRET) secretProblems.push("SERVER_SECRET: required when SANDBOX=false");
    const vapidSet = [c.VAPID_PUBLIC_KEY, c.VAPID_PRIVATE_KEY, c.VAPID_SUBJECT].filter(Boolean).length;
    if (vapidSet > 0 && vapidSet < 3)
      secretProblems.push("VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY, VAPID_SUBJECT: all three, or none (Web Push off)");
    if (!c.PUBLIC_URL) secretProblems.push("PUBLIC_URL: required when SANDBOX=false");
    if (smsProvider === "log")
      secretProblems.push('SMS_PROVIDER: "log" sends no SMS; set SMS_PROVIDER=http and SMS_HTTP_URL');
  }
  if (smsProvider === "http" && !c.SMS_HTTP_URL) secretProblems.push("SMS_HTTP_URL: required when SMS_PROVIDER=http");
  const oidc = parseOidcProviders(c.OIDC_PROVIDERS);
  secretProblems.push(...oidc.problems);
  if (secretProblems.length > 0) throw new ConfigError(secretProblems);
  if (c.MARKET_SEED !== undefined && !c.SANDBOX) {
    throw new ConfigError([
      "MARKET_SEED: a seeded simulator's prices can be known before they tick; it runs only with SANDBOX=true",
    ]);
  }
  if (Boolean(c.OANDA_ACCOUNT_ID) !== Boolean(c.OANDA_API_KEY)) {
    throw new ConfigError(["OANDA_ACCOUNT_ID, OANDA_API_KEY: set both (OANDA prices metals and forex) or neither"]);
  }
  if (c.SANDBOX_CLOCK_START && !c.SANDBOX) {
    throw new ConfigError(["SANDBOX_CLOCK_START: the business clock is set only in sandbox (SANDBOX=true)"]);
  }
  const chain = parseChainEvm(cleaned);
  if (chain.problems.length > 0) throw new ConfigError(chain.problems);
  return {
    port: c.PORT,
    host: c.HOST,
    dataDir: path.resolve(c.DATA_DIR),
    databaseUrl: c.DATABASE_URL,
    redisUrl: c.REDIS_URL,
    redisPrefix: c.REDIS_PREFIX,
    sandbox: c.SANDBOX,
    clockStartAt: c.SANDBOX_CLOCK_START ? Date.parse(c.SANDBOX_CLOCK_START) : undefined,
    sandboxSamples: c.SANDBOX && c.SANDBOX_SAMPLES,
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
    withdrawalAddressCooldownHours: c.WITHDRAWAL_ADDRESS_COOLDOWN_HOURS,
    lossRateMinSample: c.LOSS_RATE_MIN_SAMPLE,
    quoteMaxAgeMs: {
      crypto: c.QUOTE_MAX_AGE_CRYPTO_MS,
      metal: c.QUOTE_MAX_AGE_METAL_MS,
      forex: c.QUOTE_MAX_AGE_FOREX_MS,
    },
    replayFile: c.REPLAY_FILE ? path.resolve(c.REPLAY_FILE) : undefined,
    replayTickMs: c.REPLAY_TICK_MS,
    binanceWsUrl: c.BINANCE_WS_URL,
    index: {
      sources: [...new Set(c.INDEX_SOURCES.split(",").map((s) => s.trim() as IndexVenue))],
      urls: {
        binance: c.BINANCE_WS_URL,
        okx: c.OKX_WS_URL,
        coinbase: c.COINBASE_WS_URL,
        kraken: c.KRAKEN_WS_URL,
        oanda: c.OANDA_STREAM_URL,
      },
      oanda: c.OANDA_ACCOUNT_ID && c.OANDA_API_KEY ? { accountId: c.OANDA_ACCOUNT_ID, apiKey: c.OANDA_API_KEY } : null,
      maxAgeMs: c.INDEX_MAX_AGE_MS,
      bandPct: c.INDEX_BAND_PCT,
      minSources: c.INDEX_MIN_SOURCES,
      jumpPct: c.INDEX_JUMP_PCT,
    },
    logLevel: c.LOG_LEVEL,
    rateLimitPerMinute: c.RATE_LIMIT_PER_MINUTE,
    captchaWork: { cost: c.CAPTCHA_COST, baseTries: c.CAPTCHA_BASE_TRIES },
    freeSignupsPerAddress: c.FREE_SIGNUPS_PER_ADDRESS,
    trustProxy: parseTrustProxy(c.TRUST_PROXY) ?? false,
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
    fourEyesLimitUsdt: c.FOUR_EYES_LIMIT_USDT,
    auditKey: c.AUDIT_KEY,
    vapid:
      c.VAPID_PUBLIC_KEY && c.VAPID_PRIVATE_KEY && c.VAPID_SUBJECT
        ? { publicKey: c.VAPID_PUBLIC_KEY, privateKey: c.VAPID_PRIVATE_KEY, subject: c.VAPID_SUBJECT }
        : undefined,
    auditDir: path.resolve(c.AUDIT_DIR ?? path.join(c.DATA_DIR, "audit")),
    rebateShare: c.REBATE_SHARE,
    rebateBlockedCountries:
      c.REBATE_BLOCKED_COUNTRIES === "none"
        ? []
        : c.REBATE_BLOCKED_COUNTRIES.split(",").map((code) => code.trim().toUpperCase()),
    serverSecret: c.SERVER_SECRET,
    publicUrl: c.PUBLIC_URL?.replace(/\/$/, "") ?? sandboxPublicUrl(c.HOST, c.PORT),
    chatFileRetentionDays: c.CHAT_FILE_RETENTION_DAYS,
    retentionYearsLedger: c.RETENTION_YEARS_LEDGER,
    retentionYearsKyc: c.RETENTION_YEARS_KYC,
    smsProvider,
    smsHttpUrl: c.SMS_HTTP_URL,
    smsHttpKey: c.SMS_HTTP_KEY,
    publicUrlGiven: c.PUBLIC_URL !== undefined,
    walletLogin: c.WALLET_LOGIN,
    siweChainId: c.SIWE_CHAIN_ID,
    oidcProviders: oidc.providers,
    chainEvm: chain.chain,
  };
}
