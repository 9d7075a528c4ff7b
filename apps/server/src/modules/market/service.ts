// Market service: symbols, the live price of each, candles, recorded ticks and the
// feed's lifecycle (the state, the feed and ingest are in core.ts, which this class
// extends). Other modules use it through `app.market`:
//   quote(symbol)              current price, bid, ask, for display (throws 404 unknown / 503 no price yet)
//   tradeQuote(symbol, now)    the quote a trade is priced at: 409 marketPriceStale when the last
//                              tick is older than the asset class's limit (QUOTE_MAX_AGE_*_MS)
//   symbol(symbol)             precision, spread, maxLeverage, assetClass, hours (throws 404)
//   updateSpread(symbol, s)    an operator's new spread: quotes follow at once here and on other nodes
//   tradableSymbol(symbol)     the same, but 404 for a disabled symbol too (and with SANDBOX=false
//                              for a simulated one), 409 marketHalted while its index is halted:
//                              only for NEW trades
//   exitQuote(symbol, now)     tradeQuote without the halt check: closing what is open
// A disabled symbol (market_symbols.enabled = false, then loadSymbols()) is still "known":
// its feed, ticks, quotes and recorded ticks keep flowing, so open positions and orders on
// it can be closed and settled; only tradableSymbol() and the public lists leave it out.
//   isMarketOpen(symbol, at)   trading hours
//   firstTickAtOrAfter(s, t)   the first recorded tick at or after t (option settlement)
//   ticksBetween(s, from, to)  recorded ticks (evidence)
//   ticksAfter(seq, n)         the recorded sequence after seq (settlement reads it; issue 32 §3)
//   usdtRate(currency)         value of 1 unit in USDT (USDT → 1, BTC → BTCUSDT price)
//   onTick(handler)            every tick, from the event bus
//   addSymbol(seed)            list a new symbol (e.g. an IEO token): stored, loaded on every node,
//                              priced by the simulated feed from its reference price
import type { KlineMessage, MarketSymbol, PriceDistribution, SymbolPrice } from "@candor/contract";
import { type Candle, dec, isMarketOpen, type KlineInterval } from "@candor/domain";
import { AppError, notFound } from "../../lib/errors";
import { MarketCore } from "./core";
import type { AssetClass, MarketTick, SymbolInfo } from "./types";

export type { IngestInput, MarketServiceDeps } from "./core";
export type { NewSymbol } from "./symbol-table";
export type { MarketTick, SymbolInfo } from "./types";

export class MarketService extends MarketCore {
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

  /**
   * An operator's weight for a venue in every symbol's index ("0" leaves it out; checked by
   * the caller): stored, applied to this node's feed before this returns, and on every other
   * node through "market.source_weights".
   */
  async updateSourceWeight(source: string, weight: string): Promise<{ source: string; weight: string }> {
    await this.index.saveWeight(source, weight);
    const weights = await this.index.loadWeights();
    if ("setWeights" in this.feed && typeof this.feed.setWeights === "function") this.feed.setWeights(weights);
    this.deps.bus.publish("market.source_weights", { source });
    return { source, weight: weights[source] ?? weight };
  }

  /**
   * Symbol info for a NEW trade (open, order, buy, exchange): 404 for an unknown or disabled
   * symbol, and with SANDBOX=false for one whose price the feed makes up (issue 32 §1; the
   * start refuses such a symbol when enabled, this also covers one enabled while running).
   */
  tradableSymbol(symbol: string): SymbolInfo {
    const info = this.findSymbol(symbol);
    if (!info || !this.isTradable(info.symbol)) throw notFound("marketUnknownSymbol", { symbol });
    this.assertNotHalted(info.symbol);
    return info;
  }

  /**
   * 409 marketHalted while the symbol's index price is halted (MARKET_FEED=index: too few
   * venues fresh or agreeing; known on every node from market.halted): no NEW trade is priced
   * then, even at a last tick still young enough.
   */
  assertNotHalted(symbol: string): void {
    if (this.index.halt(symbol)) throw new AppError(409, "marketHalted", { symbol });
  }

  /** Whether new trades are allowed on the symbol (known, enabled, and priced by a market outside the sandbox). */
  isTradable(symbol: string): boolean {
    const info = this.findSymbol(symbol);
    if (info?.enabled !== true) return false;
    return this.deps.config.sandbox || !this.isSimulated(info.symbol);
  }

  /** How old the last tick of a symbol may be for a trade to be priced at it (QUOTE_MAX_AGE_*_MS). */
  quoteMaxAgeMs(info: SymbolInfo): number {
    return this.deps.config.quoteMaxAgeMs[info.assetClass];
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
      ...this.prices.bidAsk(info, tick),
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
    this.assertNotHalted(this.symbol(symbol).symbol);
    return this.exitQuote(symbol, now);
  }

  /**
   * The fresh quote without the halt check: closing a position (the customer's or a forced
   * close) is never blocked by a halt, only by a stale or missing price.
   */
  exitQuote(symbol: string, now = Date.now()): SymbolPrice {
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

  /**
   * Symbols with price, 24 h figures and the flags customers see; the same frozen array
   * until something it is made of changes (price-list.ts).
   */
  list(assetClass?: AssetClass): Promise<readonly MarketSymbol[]> {
    return this.prices.list(assetClass);
  }

  /** How many symbols rose or fell by how much over 24 h. */
  distribution(assetClass?: AssetClass): Promise<PriceDistribution> {
    return this.prices.distribution(assetClass);
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

  /**
   * The close of `symbol`'s daily candle of `date` ("YYYY-MM-DD", 00:00–24:00 UTC) as recorded
   * (stored 1d tier, with changes not yet written), or null when that day has no candle: a
   * caller that needs that day's price waits rather than take another day's.
   */
  async dailyClose(symbol: string, date: string): Promise<{ price: string; openTime: number } | null> {
    const info = this.symbol(symbol);
    const open = Date.parse(`${date}T00:00:00.000Z`);
    if (!Number.isFinite(open)) return null;
    const [candle] = await this.candles.klines(info.symbol, "1d", 1, open + 86_400_000);
    if (!candle || candle.time !== open) return null;
    return { price: dec(candle.close).toFixed(), openTime: open };
  }

  /**
   * Sandbox only, for a business clock moved ahead of real time (where no candle of that date can
   * exist yet): records the simulated feed's last price as the daily close of `date`, a date
   * real time has not reached. Never a price chosen by anyone, never over a recorded day, never
   * for a symbol priced from outside. Returns the day's close (the existing one if recorded).
   */
  async recordSandboxDailyClose(symbol: string, date: string): Promise<{ price: string; openTime: number }> {
    const info = this.symbol(symbol);
    const existing = await this.dailyClose(info.symbol, date);
    if (existing) return existing;
    const open = Date.parse(`${date}T00:00:00.000Z`);
    const tick = this.lastTick(info.symbol);
    if (!this.isSimulated(info.symbol) || !tick || !(open > Date.now())) {
      throw new AppError(409, "marketSandboxCloseRefused");
    }
    const price = dec(tick.price).toFixed();
    await this.candles.upsert([
      {
        symbol: info.symbol,
        tier: "1d",
        candle: { time: open, open: price, high: price, low: price, close: price, volume: "0" },
      },
    ]);
    return { price, openTime: open };
  }

  /** The venues' readings of the symbol's last tick when it is the tick at `ts` (evidence), else undefined. */
  componentsAt(symbol: string, ts: number): MarketTick["components"] {
    const tick = this.lastTick(symbol.toUpperCase());
    return tick?.ts === ts ? tick.components : undefined;
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

  /** The recorded sequence after `seq`, oldest first (settlement's reader). */
  async ticksAfter(seq: number, limit: number): Promise<MarketTick[]> {
    const ticks = await this.ticks.after(seq, limit);
    return ticks.map((t) => {
      const info = this.findSymbol(t.symbol);
      return info ? { ...t, price: dec(t.price).toFixed(info.pricePrecision) } : t;
    });
  }

  /** The highest seq recorded (0 when none). */
  lastRecordedSeq(): Promise<number> {
    return this.ticks.lastSeq();
  }
}
