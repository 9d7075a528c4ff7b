// The market's state and feed (MarketService in service.ts builds on it): the symbols,
// each one's last tick, the candle and tick stores, the feed's lifecycle (load, history,
// start, stop; a follower node only follows the leader's ticks) and ingest, which checks a
// tick, applies it here, records it (tick-store.ts) and publishes it on the bus once the
// record has committed, carrying its `seq` (issue 32 §3: settlement reads the recorded
// sequence; the bus only wakes it, and serves display on the other nodes).

import { Decimal, dec, type IndexComponent, isDecimal } from "@candor/domain";
import type { FastifyBaseLogger } from "fastify";
import { type Config, ConfigError } from "../../config";
import type { Database } from "../../db";
import { AppError, notFound } from "../../lib/errors";
import type { AppEvents, EventBus, Unsubscribe } from "../../lib/event-bus";
import { CandleStore } from "./candle-store";
import type { FeedTickInput, MarketFeed, SimSeed } from "./feeds";
import { ensureHistory, HISTORY_SIZES, type HistoryReport } from "./history";
import { followIndex, IndexState, publishHalts } from "./index-state";
import { PriceList } from "./price-list";
import { insertSymbol, type NewSymbol, readSymbolTable } from "./symbol-table";
import { TickStore } from "./tick-store";
import type { FeedSource, MarketTick, SymbolInfo } from "./types";

const CANDLE_FLUSH_MS = 2000;
const TICK_FLUSH_MS = 1000;
const PRUNE_MS = 10 * 60_000;

export interface MarketServiceDeps {
  database: Database;
  bus: EventBus<AppEvents>;
  config: Config;
  log: FastifyBaseLogger;
  feed: MarketFeed;
  /** MARKET_SEED, or null: the simulator draws from the CSPRNG. Never logged. */
  seed: SimSeed;
}

export interface IngestInput {
  symbol: string;
  price: string | number;
  /** Server time of the tick; default now. */
  ts?: number;
  volume?: string | number;
  source?: FeedSource;
  /** An index tick's venue readings (evidence). */
  components?: IndexComponent[];
}

export class MarketCore {
  readonly candles: CandleStore;
  readonly ticks: TickStore;
  /** Halts, venues' readings and weights of the index price (MARKET_FEED=index), on every node. */
  readonly index: IndexState;
  readonly feed: MarketFeed;
  readonly seed: SimSeed;
  private symbols = new Map<string, SymbolInfo>();
  /** The public symbol list and distribution, made from the symbols and last ticks here. */
  protected readonly prices: PriceList;
  protected readonly last = new Map<string, MarketTick>();
  private timers: NodeJS.Timeout[] = [];
  private offBus: Unsubscribe[] = [];
  /** Ticks this node recorded and published: already applied here when the bus hands them back. */
  private readonly own = new WeakSet<MarketTick>();
  private feedRunning = false;
  /**
   * Several nodes (REDIS_URL): a node that does not lead the feed only follows the leader's
   * ticks from the bus (prices, live candles, recent ticks in memory) and writes nothing.
   */
  private follower = false;
  private loaded = false;
  /** Symbol reloads run one after another, so the last one started is the one that stays. */
  private symbolsLoad: Promise<void> = Promise.resolve();
  lastHistory: HistoryReport | null = null;

  constructor(protected readonly deps: MarketServiceDeps) {
    this.candles = new CandleStore(deps.database);
    this.ticks = new TickStore(deps.database, 2048, (recorded) => {
      for (const t of recorded) {
        this.own.add(t);
        this.deps.bus.publish("market.tick", t);
      }
    });
    this.index = new IndexState(deps.database);
    this.feed = deps.feed;
    this.seed = deps.seed;
    this.prices = new PriceList(this);
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
          if (this.own.has(tick)) return;
          // Not recorded yet (a follower's ingest): the node that writes ticks records it.
          if (tick.seq === undefined && !this.follower) return this.apply(tick, true);
          // Recorded by the feed leader (or shown by a follower): prices, candles, recent ticks.
          const previous = this.last.get(tick.symbol);
          if (!previous || previous.ts <= tick.ts) this.last.set(tick.symbol, tick);
          this.index.tick(tick);
          this.candles.apply(tick, !this.follower);
          this.ticks.record(tick, false);
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
        ...(await followIndex(this.deps, this.index)),
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
    this.symbols = await readSymbolTable(this.deps.database);
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

  /**
   * Enabled symbols whose prices this feed makes up (the simulator, a replay, or binance's
   * fallback to simulation for metals, forex and IEO tokens): never tradable with real money.
   */
  simulatedTradableSymbols(): string[] {
    return this.enabledSymbols()
      .filter((s) => this.feed.isSimulated(s.symbol))
      .map((s) => s.symbol);
  }

  /**
   * SANDBOX=false: the feed may not start while a tradable symbol would be priced by
   * simulation or replay (issue 32 §1). A simulated symbol may stay listed with trading
   * disabled (its open positions and orders still settle on its ticks).
   */
  assertRealPrices(): void {
    if (this.deps.config.sandbox || !this.loaded) return;
    const simulated = this.simulatedTradableSymbols();
    if (simulated.length === 0) return;
    const how =
      this.feed.name === "binance"
        ? "MARKET_FEED=binance has no live price for them and would simulate"
        : `MARKET_FEED=${this.feed.name} would ${this.feed.name === "replay" ? "replay recorded prices for" : "simulate"}`;
    throw new ConfigError([
      `MARKET_FEED: with SANDBOX=false every tradable symbol needs a live market price, but ${how} these enabled symbols: ${simulated.join(", ")}. Disable trading on them (market_symbols.enabled = false), use a feed that prices them, or run with SANDBOX=true`,
    ]);
  }

  /** Prepare history, start the feed and the background writers. */
  async start(): Promise<void> {
    if (this.feedRunning || !this.loaded) return;
    this.assertRealPrices();
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
      halt: publishHalts(this.deps.bus),
      log: this.deps.log,
    });
    // Never the seed: whoever knows it knows every simulated price before its tick.
    this.deps.log.info(
      { feed: this.feed.name },
      this.seed === null
        ? "market feed started"
        : "market feed started; simulated prices are reproducible from MARKET_SEED",
    );
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
    this.prices.forgetStats();
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
      ...(input.components ? { components: input.components } : {}),
    };
    // A follower only shows it; the writer takes it from the bus (above) and records it.
    if (this.follower) this.deps.bus.publish("market.tick", tick);
    else this.apply(tick, true);
    return tick;
  }

  /** This node writes ticks: the tick is the last price here at once, and published once recorded. */
  private apply(tick: MarketTick, record: boolean): void {
    this.last.set(tick.symbol, tick);
    this.index.tick(tick);
    this.candles.apply(tick, true);
    this.ticks.record(tick, record);
  }

  /** Every tick from the bus: from the feed leader once recorded (with `seq`), for display and wake-ups. */
  onTick(handler: (tick: MarketTick) => void): Unsubscribe {
    return this.deps.bus.subscribe("market.tick", handler);
  }

  /** Write the ticks ingested here that are not recorded yet (resolves once committed). */
  flushTicks(): Promise<number> {
    return this.ticks.flush();
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
    // Outside the sandbox a symbol the feed would simulate is listed with trading disabled.
    const enabled = this.deps.config.sandbox || !this.feed.isSimulated(input.symbol);
    await insertSymbol(this.deps.database, input, enabled);
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

  /** The same, not copied (read-only use on hot paths: the symbol list). */
  eachSymbol(): Iterable<SymbolInfo> {
    return this.symbols.values();
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

  isSimulated(symbol: string): boolean {
    return this.feed.isSimulated(symbol);
  }
}
