// `sim` feed: each symbol walks on its own seeded generator and ticks every
// 250–1,000 ms while its market is open. Same seed + same start prices = same ticks.
import { isMarketOpen, nextSimTick, type Rng, type SimParams, seededRng } from "@candor/domain";
import type { SymbolInfo } from "../types";
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
    readonly seed: number,
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
        rng: seededRng(this.seed, info.symbol),
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
      rng: seededRng(this.seed, info.symbol),
      price: Number(ctx.lastPrice(info.symbol) ?? info.referencePrice),
    };
    this.walks.push(walk);
    this.schedule(walk, ctx);
  }

  private schedule(walk: Walk, ctx: FeedContext) {
    const next = nextSimTick(walk.price, walk.params, walk.rng);
    walk.timer = setTimeout(() => {
      if (!this.running) return;
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
    }, next.delayMs);
  }

  async stop(): Promise<void> {
    this.running = false;
    for (const walk of this.walks) clearTimeout(walk.timer);
    this.walks = [];
    this.ctx = null;
  }
}
