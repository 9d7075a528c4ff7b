// `sim` feed: each symbol walks on its own generator and ticks every 250–1,000 ms while its
// market is open. Without MARKET_SEED the generator is the CSPRNG (sim-random.ts); with it,
// same seed + same start prices = same ticks.
import { isMarketOpen, type Rng, type SimParams, simTickAfter, simTickDelay } from "@candor/domain";
import type { SymbolInfo } from "../types";
import { type SimSeed, simRng } from "./sim-random";
import type { FeedContext, MarketFeed } from "./types";

export function simParams(info: SymbolInfo): SimParams {
  return {
    volatility: Number(info.volatility),
    referencePrice: Number(info.referencePrice),
    pricePrecision: info.pricePrecision,
    qtyPrecision: info.qtyPrecision,
    dailyVolume: Number(info.dailyVolume),
    hours: info.tradingHours,
  };
}

interface Walk {
  info: SymbolInfo;
  params: SimParams;
  rng: Rng;
  price: number;
  timer?: NodeJS.Timeout;
}

export class SimFeed implements MarketFeed {
  readonly name = "sim" as const;
  private walks: Walk[] = [];
  private running = false;
  private ctx: FeedContext | null = null;

  /** `only` limits the feed to some symbols (the binance feed simulates the others). */
  constructor(
    readonly seed: SimSeed,
    private readonly only: (symbol: string) => boolean = () => true,
  ) {}

  isSimulated(symbol: string): boolean {
    return this.only(symbol);
  }

  generatesHistory(symbol: string): boolean {
    return this.only(symbol);
  }

  async start(ctx: FeedContext): Promise<void> {
    if (this.running) return;
    this.running = true;
    this.ctx = ctx;
    this.walks = ctx.symbols
      .filter((s) => this.only(s.symbol))
      .map((info) => ({
        info,
        params: simParams(info),
        rng: simRng(this.seed, info.symbol),
        price: Number(ctx.lastPrice(info.symbol) ?? info.referencePrice),
      }));
    for (const walk of this.walks) this.schedule(walk, ctx);
  }

  addSymbol(info: SymbolInfo): void {
    const ctx = this.ctx;
    if (!this.running || !ctx || !this.only(info.symbol)) return;
    if (this.walks.some((w) => w.info.symbol === info.symbol)) return;
    const walk: Walk = {
      info,
      params: simParams(info),
      rng: simRng(this.seed, info.symbol),
      price: Number(ctx.lastPrice(info.symbol) ?? info.referencePrice),
    };
    this.walks.push(walk);
    this.schedule(walk, ctx);
  }

  private schedule(walk: Walk, ctx: FeedContext) {
    // Only the wait is drawn now; the price is drawn when the wait is over, so no future price
    // exists anywhere before its tick. (Without MARKET_SEED the draws come from the CSPRNG and
    // there is no seed to read either; with it, prices are reproducible by design, sandbox only.)
    // The draws keep their order (delay, price, volume), so a seed gives the same ticks as before.
    const delayMs = simTickDelay(walk.rng);
    walk.timer = setTimeout(() => {
      if (!this.running) return;
      const next = simTickAfter(walk.price, delayMs, walk.params, walk.rng);
      // A closed market does not move; the walk resumes from the same price at the open.
      if (isMarketOpen(walk.params.hours, Date.now())) {
        walk.price = next.price;
        ctx.emit({
          symbol: walk.info.symbol,
          price: next.price.toFixed(walk.info.pricePrecision),
          volume: next.volume.toFixed(walk.info.qtyPrecision),
          source: "sim",
        });
      }
      this.schedule(walk, ctx);
    }, delayMs);
  }

  async stop(): Promise<void> {
    this.running = false;
    for (const walk of this.walks) clearTimeout(walk.timer);
    this.walks = [];
    this.ctx = null;
  }
}
