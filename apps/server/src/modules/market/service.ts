// Market service: symbols, the live price of each, candles, recorded ticks and the
// feed's lifecycle. Other modules use it through `app.market`:
//   quote(symbol)              current price, bid, ask, for display (throws 404 unknown / 503 no price yet)
//   tradeQuote(symbol, now)    the quote a trade is priced at: 409 marketPriceStale when the last
//                              tick is older than the asset class's limit (QUOTE_MAX_AGE_*_MS)
//   symbol(symbol)             precision, spread, maxLeverage, assetClass, hours (throws 404)
//   updateSpread(symbol, s)    an operator's new spread: quotes follow at once here and on other nodes
//   tradableSymbol(symbol)     the same, but 404 for a disabled symbol too: only for NEW trades
// A disabled symbol (market_symbols.enabled = false, then loadSymbols()) is still "known":
// its feed, ticks, quotes and recorded ticks keep flowing, so open positions and orders on
// it can be closed and settled; only tradableSymbol() and the public lists leave it out.
//   isMarketOpen(symbol, at)   trading hours
//   firstTickAtOrAfter(s, t)   the first recorded tick at or after t (option settlement)
//   ticksBetween(s, from, to)  recorded ticks (evidence)
//   usdtRate(currency)         value of 1 unit in USDT (USDT → 1, BTC → BTCUSDT price)
//   onTick(handler)            every tick, from the event bus
//   addSymbol(seed)            list a new symbol (e.g. an IEO token): stored, loaded on every node,
//                              priced by the simulated feed from its reference price
import type { KlineMessage, MarketSymbol, PriceDistribution, SymbolPrice } from "@candor/contract";
import {
  type Candle,
  changeDistribution,
  changePercent,
  Decimal,
  dec,
  isDecimal,
  isMarketOpen,
  type KlineInterval,
  quoteFromMid,
  type TradingHours,
} from "@candor/domain";
import type { FastifyBaseLogger } from "fastify";
import type { Config } from "../../config";
import type { Database } from "../../db";
import { AppError, notFound } from "../../lib/errors";
import type { EventBus, Unsubscribe } from "../../lib/event-bus";
import type { AppEvents } from "../../plugins/bus";
import { CandleStore, type Stats24h } from "./candle-store";
import type { FeedTickInput, MarketFeed } from "./feeds";
import { ensureHistory, HISTORY_SIZES, type HistoryReport } from "./history";
import { TickStore } from "./tick-store";
import type { AssetClass, FeedSource, MarketTick, SymbolInfo } from "./types";

export type { MarketTick, SymbolInfo } from "./types";

const CANDLE_FLUSH_MS = 2000;
const TICK_FLUSH_MS = 1000;
const PRUNE_MS = 10 * 60_000;
const STATS_TTL_MS = 5000;

export interface MarketServiceDeps {
  database: Database;
  bus: EventBus<AppEvents>;
  config: Config;
  log: FastifyBaseLogger;
  feed: MarketFeed;
  seed: number;
}

export interface IngestInput {
  symbol: string;
  price: string | number;
  /** Server time of the tick; default now. */
  ts?: number;
  volume?: string | number;
  source?: FeedSource;
}

interface SymbolRow {
  symbol: string;
  base: string;
  quote: string;
  asset_class: AssetClass;
  price_precision: number;
  qty_precision: number;
  spread: string;
  max_leverage: number;
  trading_hours: TradingHours | string;
  reference_price: string;
  volatility: string;
  daily_volume: string;
  sort_order: number;
  enabled: boolean;
  sim_only?: boolean;
}

/** A symbol to list at run time (see addSymbol). */
export interface NewSymbol {
  symbol: string;
  base: string;
  quote: string;
  assetClass: AssetClass;
  pricePrecision: number;
  qtyPrecision: number;
  spread: string;
  maxLeverage: number;
  tradingHours: TradingHours;
  referencePrice: string;
  volatility: string;
  dailyVolume: string;
  simOnly?: boolean;
}

/** The part of a symbol-list row that changes only with ticks and stored figures. */
type PriceRow = Omit<MarketSymbol, "simulated" | "marketOpen" | "tradingHours">;

export class MarketService {
  readonly candles: CandleStore;
  readonly ticks: TickStore;
  readonly feed: MarketFeed;
  readonly seed: number;
  private symbols = new Map<string, SymbolInfo>();
  private readonly last = new Map<string, MarketTick>();
  private readonly priceRows = new Map<
    string,
    { tick: MarketTick | undefined; stored: Stats24h | undefined; info: SymbolInfo; row: PriceRow }
  >();
  /** The last symbol list per asset class ("" for all) and what it was made of (see list). */
  private readonly lists = new Map<string, { minute: number; parts: unknown[]; rows: readonly MarketSymbol[] }>();
  private readonly bidAsks = new Map<
    string,
    { tick: MarketTick; info: SymbolInfo; quote: Readonly<{ bid: string; ask: string }> }
  >();
  private timers: NodeJS.Timeout[] = [];
  private offBus: Unsubscribe[] = [];
  private feedRunning = false;
  /**
   * Several nodes (REDIS_URL): a node that does not lead the feed only follows the leader's
   * ticks from the bus (prices, live candles, recent ticks in memory) and writes nothing.
   */
  private follower = false;
  private loaded = false;
  /** Symbol reloads run one after another, so the last one started is the one that stays. */
  private symbolsLoad: Promise<void> = Promise.resolve();
  private statsCache: { at: number; stats: Promise<Map<string, Stats24h>> } | null = null;
  lastHistory: HistoryReport | null = null;

  constructor(private readonly deps: MarketServiceDeps) {
    this.candles = new CandleStore(deps.database);
    this.ticks = new TickStore(deps.database);
    this.feed = deps.feed;
    this.seed = deps.seed;
  }

  // ---- lifecycle ----

  /** Load symbols, last prices and current candles; start consuming ticks from the bus. */
  async load(): Promise<void> {
    // The OpenAPI generator builds the app on an empty, unmigrated database: nothing to load.
    const [table] = await this.deps.database.query<{ t: string | null }>("SELECT to_regclass('market_symbols') AS t");
    if (!table?.t) {
      this.deps.log.warn("market tables missing (database not migrated): market data disabled");
      return;
    }
    this.loaded = true;
    await this.loadSymbols();
    if ("cover" in this.feed && typeof this.feed.cover === "function") this.feed.cover([...this.symbols.values()]);
    await this.loadState();
    if (this.offBus.length === 0) {
      this.offBus.push(
        this.deps.bus.subscribe("market.tick", (tick) => {
          this.last.set(tick.symbol, tick);
          this.candles.apply(tick, !this.follower);
          this.ticks.record(tick, !this.follower);
        }),
        // Another node (or this one) changed a symbol's settings: re-read the table.
        this.deps.bus.subscribe("market.symbols", () => {
          this.loadSymbols().catch((err) => this.deps.log.error({ err }, "market: reloading symbols failed"));
        }),
        // Another node listed a symbol: load it (and price it when this node runs the feed).
        this.deps.bus.subscribe("market.symbol_added", ({ symbol }) => {
          void this.attachSymbol(symbol).catch((err) =>
            this.deps.log.error({ err, symbol }, "market: could not load a listed symbol"),
          );
        }),
      );
    }
  }

  /** Re-read the symbol table (e.g. after an operator enabled or disabled a symbol). */
  loadSymbols(): Promise<void> {
    const next = this.symbolsLoad.catch(() => undefined).then(() => this.readSymbols());
    this.symbolsLoad = next;
    return next;
  }

  private async readSymbols(): Promise<void> {
    const rows = await this.deps.database.query<SymbolRow>("SELECT * FROM market_symbols ORDER BY sort_order, symbol");
    this.symbols = new Map(
      rows.map((r) => [
        r.symbol,
        {
          symbol: r.symbol,
          base: r.base,
          quote: r.quote,
          assetClass: r.asset_class,
          pricePrecision: r.price_precision,
          qtyPrecision: r.qty_precision,
          spread: dec(r.spread).toFixed(),
          maxLeverage: r.max_leverage,
          tradingHours: (typeof r.trading_hours === "string"
            ? JSON.parse(r.trading_hours)
            : r.trading_hours) as TradingHours,
          referencePrice: dec(r.reference_price).toFixed(),
          volatility: dec(r.volatility).toFixed(),
          dailyVolume: dec(r.daily_volume).toFixed(),
          sortOrder: r.sort_order,
          enabled: r.enabled,
          simOnly: r.sim_only === true,
        },
      ]),
    );
  }

  /** Last price per symbol (latest recorded tick or stored candle close) and the open candles. */
  private async loadState(): Promise<void> {
    await this.candles.loadCurrent();
    const stored = new Map((await this.ticks.latestStored()).map((t) => [t.symbol, t]));
    const closes = await this.deps.database.query<{ symbol: string; close: string; open_time: Date | string }>(
      // The newest candle per tier walks the (symbol, tier, open_time) key backwards; one
      // ORDER BY open_time across tiers would sort a symbol's whole history (seconds at start).
      `SELECT DISTINCT ON (s.symbol) s.symbol, c.close, c.open_time FROM market_symbols s
       CROSS JOIN (VALUES ('1m'), ('15m'), ('1h'), ('1d')) AS x(tier)
       CROSS JOIN LATERAL (SELECT close, open_time FROM market_candles
         WHERE symbol = s.symbol AND tier = x.tier ORDER BY open_time DESC LIMIT 1) c
       ORDER BY s.symbol, c.open_time DESC, x.tier`,
    );
    for (const c of closes) {
      const info = this.symbols.get(c.symbol);
      if (!info) continue;
      const time = new Date(c.open_time).getTime();
      const tick = stored.get(c.symbol);
      const known = this.last.get(c.symbol);
      const candidate: MarketTick =
        tick && tick.ts >= time
          ? tick
          : { symbol: c.symbol, price: dec(c.close).toFixed(), ts: time, volume: "0", source: tick?.source ?? "sim" };
      if (!known || known.ts < candidate.ts) {
        this.last.set(c.symbol, { ...candidate, price: dec(candidate.price).toFixed(info.pricePrecision) });
      }
    }
  }

  /** Generate missing simulated history (first start: full; restart: the gap) and reload state. */
  async prepare(now = Date.now()): Promise<HistoryReport | null> {
    // Whatever is still in memory goes first, so reloading from the database loses nothing.
    await this.flush();
    const size = this.deps.config.marketHistory;
    let report: HistoryReport | null = null;
    if (size !== "none") {
      const simulated = this.knownSymbols().filter((s) => this.feed.generatesHistory(s.symbol));
      if (simulated.length > 0) {
        report = await ensureHistory(this.candles, simulated, HISTORY_SIZES[size], this.seed, now);
        this.lastHistory = report;
      }
    }
    await this.loadState();
    return report;
  }

  /** Prepare history, start the feed and the background writers. */
  async start(): Promise<void> {
    if (this.feedRunning || !this.loaded) return;
    const report = await this.prepare();
    if (report && report.rows > 0) this.deps.log.info(report, "market history generated");
    await this.pruneSafely();
    this.timers.push(
      setInterval(() => void this.flushSafely("candles"), CANDLE_FLUSH_MS),
      setInterval(() => void this.flushSafely("ticks"), TICK_FLUSH_MS),
      setInterval(() => void this.pruneSafely(), PRUNE_MS),
    );
    this.feedRunning = true;
    await this.feed.start({
      // Disabled symbols too: their open positions and orders still settle on their ticks.
      symbols: this.knownSymbols(),
      lastPrice: (symbol) => this.last.get(symbol)?.price,
      emit: (t) => this.emitFromFeed(t),
      log: this.deps.log,
    });
    this.deps.log.info({ feed: this.feed.name, seed: this.seed }, "market feed started");
  }

  /** Stop the feed and timers, then write everything still in memory. */
  async stop(): Promise<void> {
    await this.stopFeed();
    for (const off of this.offBus) off();
    this.offBus = [];
  }

  /** Stop producing ticks (leadership lost or app closing); ticks from the bus are still followed. */
  async stopFeed(): Promise<void> {
    if (this.feedRunning) await this.feed.stop();
    this.feedRunning = false;
    for (const t of this.timers) clearInterval(t);
    this.timers = [];
    await this.flush().catch((err) => this.deps.log.error({ err }, "market: final flush failed"));
  }

  /** Follow another node's feed (true) or produce and write ticks here (false, the default). */
  setFollower(follower: boolean): void {
    this.follower = follower;
  }

  get running(): boolean {
    return this.feedRunning;
  }

  /** Write buffered candles and ticks now, and recompute the 24 h figures on the next read (tests, tools). */
  async flush(): Promise<void> {
    await this.candles.flush();
    await this.ticks.flush();
    this.statsCache = null;
  }

  private async flushSafely(what: "candles" | "ticks") {
    try {
      await (what === "candles" ? this.candles.flush() : this.ticks.flush());
    } catch (err) {
      this.deps.log.error({ err }, `market: writing ${what} failed; will retry`);
    }
  }

  private async pruneSafely() {
    try {
      await this.ticks.prune(this.deps.config.marketTickRetentionMinutes);
      await this.candles.prune();
    } catch (err) {
      this.deps.log.error({ err }, "market: pruning failed");
    }
  }

  private emitFromFeed(t: FeedTickInput) {
    try {
      this.ingest(t);
    } catch (err) {
      this.deps.log.warn({ err, tick: t }, "market: feed tick rejected");
    }
  }

  // ---- ticks ----

  /**
   * Accept one tick: checks the symbol and price, rounds to the symbol's precision
   * and publishes it on the bus. A tick older than the symbol's last one is ignored
   * (returns null), so recorded ticks are in time order for settlement.
   */
  ingest(input: IngestInput): MarketTick | null {
    const info = this.symbols.get(String(input.symbol).toUpperCase());
    if (!info) throw notFound("marketUnknownSymbol", { symbol: String(input.symbol) });
    if (!isDecimal(input.price) || !dec(input.price).gt(0)) throw new AppError(400, "marketBadPrice");
    const volume = input.volume === undefined ? "0" : String(input.volume);
    if (!isDecimal(volume) || dec(volume).isNegative()) throw new AppError(400, "marketBadPrice");
    const ts = input.ts ?? Date.now();
    const previous = this.last.get(info.symbol);
    if (previous && ts < previous.ts) return null;
    const tick: MarketTick = {
      symbol: info.symbol,
      price: dec(input.price).toFixed(info.pricePrecision, Decimal.ROUND_HALF_UP),
      ts,
      volume: dec(volume).toFixed(),
      source: input.source ?? "manual",
    };
    this.deps.bus.publish("market.tick", tick);
    return tick;
  }

  onTick(handler: (tick: MarketTick) => void): Unsubscribe {
    return this.deps.bus.subscribe("market.tick", handler);
  }

  lastTick(symbol: string): MarketTick | undefined {
    return this.last.get(symbol);
  }

  // ---- symbols and prices ----

  enabledSymbols(): SymbolInfo[] {
    return [...this.symbols.values()].filter((s) => s.enabled);
  }

  /**
   * List a new symbol at run time (an IEO token at its listing): stored in market_symbols
   * (idempotent: an existing row is kept), loaded here and, through the bus, on every other
   * node (a restarted node reads it from the table). The node running the feed prices it
   * from then on; until the first tick its reference price is the first tick.
   */
  async addSymbol(input: NewSymbol): Promise<SymbolInfo> {
    const [max] = await this.deps.database.query<{ m: number | null }>(
      "SELECT max(sort_order) AS m FROM market_symbols",
    );
    await this.deps.database.query(
      `INSERT INTO market_symbols (symbol, base, quote, asset_class, price_precision, qty_precision, spread,
         max_leverage, trading_hours, reference_price, volatility, daily_volume, sort_order, sim_only)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9::jsonb, $10, $11, $12, $13, $14)
       ON CONFLICT (symbol) DO NOTHING`,
      [
        input.symbol,
        input.base,
        input.quote,
        input.assetClass,
        input.pricePrecision,
        input.qtyPrecision,
        input.spread,
        input.maxLeverage,
        JSON.stringify(input.tradingHours),
        input.referencePrice,
        input.volatility,
        input.dailyVolume,
        Number(max?.m ?? 0) + 10,
        input.simOnly === true,
      ],
    );
    const info = await this.attachSymbol(input.symbol);
    this.deps.bus.publish("market.symbol_added", { symbol: input.symbol });
    return info;
  }

  /** Load a symbol added to the table; the feed node starts pricing it. Idempotent. */
  private async attachSymbol(symbol: string): Promise<SymbolInfo> {
    if (!this.symbols.has(symbol)) await this.loadSymbols();
    const info = this.symbol(symbol);
    if (this.follower || !this.loaded) return info;
    if (this.feedRunning) this.feed.addSymbol?.(info);
    if (!this.last.has(symbol)) {
      this.ingest({
        symbol,
        price: info.referencePrice,
        volume: "0",
        source: this.feed.isSimulated(symbol) ? "sim" : "manual",
      });
    }
    return info;
  }

  /** Enabled and disabled symbols (the feed, settlement and records of existing trades use them). */
  knownSymbols(): SymbolInfo[] {
    return [...this.symbols.values()];
  }

  /** A known symbol, enabled or disabled (existing positions and orders on it still close and settle). */
  findSymbol(symbol: string): SymbolInfo | undefined {
    return this.symbols.get(symbol.toUpperCase());
  }

  /** Symbol info, enabled or disabled; 404 for an unknown symbol. */
  symbol(symbol: string): SymbolInfo {
    const info = this.findSymbol(symbol);
    if (!info) throw notFound("marketUnknownSymbol", { symbol });
    return info;
  }

  /**
   * Set a symbol's spread (an operator's change, already checked against SPREAD_LIMITS; 404
   * for an unknown symbol). Quotes on this node use it as soon as this returns; the other
   * nodes reload on "market.symbols". Open positions and orders keep the prices they have.
   */
  async updateSpread(symbol: string, spread: string): Promise<SymbolInfo> {
    const [row] = await this.deps.database.query<{ symbol: string }>(
      "UPDATE market_symbols SET spread = $1 WHERE symbol = $2 RETURNING symbol",
      [spread, symbol.toUpperCase()],
    );
    if (!row) throw notFound("marketUnknownSymbol", { symbol });
    await this.loadSymbols();
    this.deps.bus.publish("market.symbols", { symbol: row.symbol });
    return this.symbol(row.symbol);
  }

  /** Symbol info for a NEW trade (open, order, buy, exchange): 404 for an unknown or disabled symbol. */
  tradableSymbol(symbol: string): SymbolInfo {
    const info = this.findSymbol(symbol);
    if (!info?.enabled) throw notFound("marketUnknownSymbol", { symbol });
    return info;
  }

  /** Whether new trades are allowed on the symbol (known and enabled). */
  isTradable(symbol: string): boolean {
    return this.findSymbol(symbol)?.enabled === true;
  }

  /** How old the last tick of a symbol may be for a trade to be priced at it (QUOTE_MAX_AGE_*_MS). */
  quoteMaxAgeMs(info: SymbolInfo): number {
    return this.deps.config.quoteMaxAgeMs[info.assetClass];
  }

  isSimulated(symbol: string): boolean {
    return this.feed.isSimulated(symbol);
  }

  isMarketOpen(symbol: string, at = Date.now()): boolean {
    return isMarketOpen(this.symbol(symbol).tradingHours, at);
  }

  /**
   * True when the market is open at every minute from `fromMs` to `toMs` inclusive (trading
   * hours have minute resolution), i.e. no session break lies in between.
   */
  isOpenThroughout(symbol: string, fromMs: number, toMs: number): boolean {
    const hours = this.symbol(symbol).tradingHours;
    if (hours.kind === "always") return true;
    if (!isMarketOpen(hours, fromMs) || !isMarketOpen(hours, toMs)) return false;
    for (let t = Math.floor(fromMs / 60_000) * 60_000 + 60_000; t < toMs; t += 60_000) {
      if (!isMarketOpen(hours, t)) return false;
    }
    return true;
  }

  /** Current price with bid/ask from the disclosed spread; 503 before the symbol's first tick. */
  quote(symbol: string, now = Date.now()): SymbolPrice {
    const info = this.symbol(symbol);
    const tick = this.last.get(info.symbol);
    if (!tick) throw new AppError(503, "marketNoPrice", { symbol: info.symbol });
    return {
      symbol: info.symbol,
      price: tick.price,
      ...this.bidAsk(info, tick),
      ts: tick.ts,
      spread: info.spread,
      simulated: this.isSimulated(info.symbol),
      marketOpen: isMarketOpen(info.tradingHours, now),
    };
  }

  /** True when the symbol's last tick is too old to price a trade at `now` (previews show it, flagged). */
  isStale(quote: Pick<SymbolPrice, "symbol" | "ts">, now = Date.now()): boolean {
    const info = this.symbol(quote.symbol);
    return now - quote.ts > this.quoteMaxAgeMs(info);
  }

  /**
   * The quote a trade is priced at (futures open and close, spot market and crossing limit,
   * option buy, flash exchange): the last tick, only if it is no older than the asset
   * class's limit. A stale one (a stalled feed, Friday's close at Monday's open) → 409
   * marketPriceStale, never a price the market has left. `ts`/`price` are the evidence.
   */
  tradeQuote(symbol: string, now = Date.now()): SymbolPrice {
    const q = this.quote(symbol, now);
    if (this.isStale(q, now)) throw new AppError(409, "marketPriceStale", { symbol: q.symbol });
    return q;
  }

  /**
   * Value of one unit of `currency` in USDT: USDT → 1; a crypto → its USDT price;
   * USD is taken at par with USDT; other currencies through their USD pair
   * (EUR → EURUSD, JPY → 1 / USDJPY, XAU → XAUUSD). Null when there is no price.
   */
  usdtRate(currency: string): string | null {
    const c = currency.toUpperCase();
    if (c === "USDT" || c === "USD") return "1";
    const price = (symbol: string) => (this.findSymbol(symbol) ? this.last.get(symbol)?.price : undefined);
    const direct = price(`${c}USDT`) ?? price(`${c}USD`);
    if (direct) return direct;
    const inverse = price(`USD${c}`);
    if (inverse) return dec(1).div(dec(inverse)).toDecimalPlaces(18).toFixed();
    return null;
  }

  /** 24 h figures from the database, cached a few seconds (every list and distribution request reads them). */
  private stats(): Promise<Map<string, Stats24h>> {
    const now = Date.now();
    if (!this.statsCache || now - this.statsCache.at > STATS_TTL_MS) {
      const ends = new Map<string, number>();
      for (const info of this.enabledSymbols()) ends.set(info.symbol, this.last.get(info.symbol)?.ts ?? now);
      const stats = this.candles.stats24h(ends);
      this.statsCache = { at: now, stats };
      stats.catch(() => {
        this.statsCache = null;
      });
    }
    return this.statsCache.stats;
  }

  /**
   * Symbols with price, 24 h figures and the flags customers see. Market data, the same for
   * every caller: while nothing it is made of changed (each symbol's price row, simulated
   * and open flags; the set of enabled symbols), the same frozen array is returned, so a
   * caller may keep what it derived from it (the list route keeps its JSON) until it changes.
   */
  async list(assetClass?: AssetClass): Promise<readonly MarketSymbol[]> {
    const stats = await this.stats();
    const now = Date.now();
    // Trading hours are in whole UTC minutes: within a minute a market's open flag is the same.
    const minute = Math.floor(now / 60_000);
    const key = assetClass ?? "";
    const cached = this.lists.get(key);
    const sameMinute = cached?.minute === minute;
    const parts: unknown[] = [];
    for (const info of this.symbols.values()) {
      if (!info.enabled || (assetClass && info.assetClass !== assetClass)) continue;
      const hours = info.tradingHours;
      const at = parts.length;
      const open = sameMinute && cached.parts[at + 1] === hours ? cached.parts[at + 3] : isMarketOpen(hours, now);
      parts.push(this.priceRow(info, stats.get(info.symbol)), hours, this.isSimulated(info.symbol), open);
    }
    if (cached && cached.parts.length === parts.length && cached.parts.every((p, i) => p === parts[i])) {
      cached.minute = minute;
      return cached.rows;
    }
    const rows: MarketSymbol[] = [];
    for (let i = 0; i < parts.length; i += 4) {
      rows.push(
        Object.freeze({
          ...(parts[i] as PriceRow),
          simulated: parts[i + 2] as boolean,
          marketOpen: parts[i + 3] as boolean,
          tradingHours: parts[i + 1] as TradingHours,
        }),
      );
    }
    const frozen = Object.freeze(rows);
    this.lists.set(key, { minute, parts, rows: frozen });
    return frozen;
  }

  /**
   * A symbol's price and 24 h figures, computed once per tick: they change only with the
   * symbol's last tick (which also moves its live candle), its stored 24 h figures or its
   * settings, so list requests between two ticks reuse the row (market data, not balances).
   */
  private priceRow(info: SymbolInfo, stored: Stats24h | undefined): PriceRow {
    const tick = this.last.get(info.symbol);
    const cached = this.priceRows.get(info.symbol);
    if (cached && cached.tick === tick && cached.stored === stored && cached.info === info) return cached.row;
    const day = this.day(info, stored);
    const q = tick ? this.bidAsk(info, tick) : null;
    const row: PriceRow = {
      symbol: info.symbol,
      base: info.base,
      quote: info.quote,
      assetClass: info.assetClass,
      price: tick?.price ?? null,
      change24h: tick && day.open ? changePercent(day.open, tick.price) : "0.00",
      pricePrecision: info.pricePrecision,
      qtyPrecision: info.qtyPrecision,
      maxLeverage: info.maxLeverage,
      spread: info.spread,
      bid: q?.bid ?? null,
      ask: q?.ask ?? null,
      open24h: day.open,
      high24h: day.high,
      low24h: day.low,
      volume24h: day.volume,
      ts: tick?.ts ?? null,
    };
    this.priceRows.set(info.symbol, { tick, stored, info, row });
    return row;
  }

  /** Bid and ask around a tick by the symbol's spread: computed once per tick and setting. */
  private bidAsk(info: SymbolInfo, tick: MarketTick): Readonly<{ bid: string; ask: string }> {
    const cached = this.bidAsks.get(info.symbol);
    if (cached && cached.tick === tick && cached.info === info) return cached.quote;
    const quote = Object.freeze(quoteFromMid(tick.price, info.spread, info.pricePrecision));
    this.bidAsks.set(info.symbol, { tick, info, quote });
    return quote;
  }

  /**
   * 24 h figures up to the symbol's last trade (for a closed market: its last session):
   * the stored closed 15m buckets plus the 15m candle in memory, formatted to the
   * symbol's precision.
   */
  private day(info: SymbolInfo, stored: Stats24h | undefined) {
    const tick = this.last.get(info.symbol);
    const live = this.candles.currentCandle(info.symbol, "15m");
    const end = tick?.ts ?? Date.now();
    const liveInWindow = live && live.time > end - 24 * 3_600_000 ? live : undefined;
    let { open = null, high = null, low = null, volume = "0" } = stored ?? {};
    if (liveInWindow) {
      open ??= liveInWindow.open;
      high = high === null || dec(liveInWindow.high).gt(high) ? liveInWindow.high : high;
      low = low === null || dec(liveInWindow.low).lt(low) ? liveInWindow.low : low;
      volume = dec(volume).plus(liveInWindow.volume).toFixed();
    }
    const p = (v: string | null) => (v === null ? null : dec(v).toFixed(info.pricePrecision));
    return { open: p(open), high: p(high), low: p(low), volume: dec(volume).toFixed(info.qtyPrecision) };
  }

  /** How many symbols rose or fell by how much over 24 h. */
  async distribution(assetClass?: AssetClass): Promise<PriceDistribution> {
    const stats = await this.stats();
    const changes: string[] = [];
    for (const info of this.enabledSymbols()) {
      if (assetClass && info.assetClass !== assetClass) continue;
      const tick = this.last.get(info.symbol);
      const open = this.day(info, stats.get(info.symbol)).open;
      if (!tick || !open || dec(open).isZero()) continue;
      changes.push(dec(tick.price).minus(open).div(open).mul(100).toFixed());
    }
    return { ...changeDistribution(changes), ts: Date.now() };
  }

  // ---- candles ----

  formatCandle(info: SymbolInfo, c: Candle) {
    const p = (v: string) => dec(v).toFixed(info.pricePrecision);
    return {
      time: c.time,
      open: p(c.open),
      high: p(c.high),
      low: p(c.low),
      close: p(c.close),
      volume: dec(c.volume).toFixed(info.qtyPrecision),
    };
  }

  async klines(symbol: string, interval: KlineInterval, limit: number, endTime?: number) {
    const info = this.symbol(symbol);
    const candles = await this.candles.klines(info.symbol, interval, limit, endTime);
    return candles.map((c) => this.formatCandle(info, c));
  }

  /** The websocket message for the current candle, or null before the first tick. */
  klineMessage(symbol: string, interval: KlineInterval): KlineMessage | null {
    const info = this.findSymbol(symbol);
    const c = info && this.candles.currentCandle(info.symbol, interval);
    if (!info || !c) return null;
    return {
      channel: `kline.${interval}.${info.symbol}`,
      data: { symbol: info.symbol, interval, ...this.formatCandle(info, c) },
    };
  }

  // ---- recorded ticks ----

  /** The first recorded tick at or after `timeMs`, or null if the feed has not produced it yet. */
  async firstTickAtOrAfter(symbol: string, timeMs: number): Promise<MarketTick | null> {
    const info = this.symbol(symbol);
    const t = await this.ticks.firstAtOrAfter(info.symbol, timeMs);
    return t && { ...t, price: dec(t.price).toFixed(info.pricePrecision) };
  }

  /** Recorded ticks in [fromMs, toMs], oldest first (within the retention window). */
  async ticksBetween(symbol: string, fromMs: number, toMs: number, limit = 1000): Promise<MarketTick[]> {
    const info = this.symbol(symbol);
    const ticks = await this.ticks.between(info.symbol, fromMs, toMs, limit);
    return ticks.map((t) => ({ ...t, price: dec(t.price).toFixed(info.pricePrecision) }));
  }
}
