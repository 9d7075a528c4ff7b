// The public symbol list and the 24 h change distribution (market data, the same for every
// caller): each symbol's price row, bid/ask and 24 h figures are computed once per tick,
// setting or stored figure, and the list itself once per change (see list). Part of the
// market service (service.ts), which owns the symbols, last ticks and candles it reads.
import type { MarketSymbol, PriceDistribution } from "@candor/contract";
import { changeDistribution, changePercent, dec, isMarketOpen, quoteFromMid, type TradingHours } from "@candor/domain";
import type { CandleStore, Stats24h } from "./candle-store";
import type { AssetClass, MarketTick, SymbolInfo } from "./types";

const STATS_TTL_MS = 5000;

/** What the list is made of: the market service's symbols, last ticks, feed flags and candles. */
export interface PriceSource {
  readonly candles: CandleStore;
  /** Every known symbol in display order, without copying (the list reads it per request). */
  eachSymbol(): Iterable<SymbolInfo>;
  enabledSymbols(): SymbolInfo[];
  lastTick(symbol: string): MarketTick | undefined;
  isSimulated(symbol: string): boolean;
}

/** The part of a symbol-list row that changes only with ticks and stored figures. */
type PriceRow = Omit<MarketSymbol, "simulated" | "marketOpen" | "tradingHours">;

export class PriceList {
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
  private statsCache: { at: number; stats: Promise<Map<string, Stats24h>> } | null = null;

  constructor(private readonly source: PriceSource) {}

  /** Read the 24 h figures from the database again on the next request (after a flush). */
  forgetStats(): void {
    this.statsCache = null;
  }

  /** 24 h figures from the database, cached a few seconds (every list and distribution request reads them). */
  private stats(): Promise<Map<string, Stats24h>> {
    const now = Date.now();
    if (!this.statsCache || now - this.statsCache.at > STATS_TTL_MS) {
      const ends = new Map<string, number>();
      for (const info of this.source.enabledSymbols())
        ends.set(info.symbol, this.source.lastTick(info.symbol)?.ts ?? now);
      const stats = this.source.candles.stats24h(ends);
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
    for (const info of this.source.eachSymbol()) {
      if (!info.enabled || (assetClass && info.assetClass !== assetClass)) continue;
      const hours = info.tradingHours;
      const at = parts.length;
      const open = sameMinute && cached.parts[at + 1] === hours ? cached.parts[at + 3] : isMarketOpen(hours, now);
      parts.push(this.priceRow(info, stats.get(info.symbol)), hours, this.source.isSimulated(info.symbol), open);
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
    const tick = this.source.lastTick(info.symbol);
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

  /** Bid and ask around a tick by the symbol's spread: computed once per tick and setting (quotes use it too). */
  bidAsk(info: SymbolInfo, tick: MarketTick): Readonly<{ bid: string; ask: string }> {
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
    const tick = this.source.lastTick(info.symbol);
    const live = this.source.candles.currentCandle(info.symbol, "15m");
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
    for (const info of this.source.enabledSymbols()) {
      if (assetClass && info.assetClass !== assetClass) continue;
      const tick = this.source.lastTick(info.symbol);
      const open = this.day(info, stats.get(info.symbol)).open;
      if (!tick || !open || dec(open).isZero()) continue;
      changes.push(dec(tick.price).minus(open).div(open).mul(100).toFixed());
    }
    return { ...changeDistribution(changes), ts: Date.now() };
  }
}
