// `index` feed (issue 32 §2): each symbol's price is the index of several venues' quotes
// (packages/domain computeIndex: stale and lying venues left out, a weighted median of the
// rest), passed through the jump guard. Too few venues live or agreeing → the symbol is halted:
// no tick, so trades refuse its price once the last tick is older than QUOTE_MAX_AGE_*_MS.
// Symbols no venue covers are simulated, as with the binance feed (and refused outside the
// sandbox while tradable: MarketCore.assertRealPrices).
import {
  computeIndex,
  DEFAULT_INDEX_RULE,
  DEFAULT_JUMP_RULE,
  dec,
  guardJump,
  type IndexComponent,
  type IndexRule,
  isDecimal,
  type JumpGuardState,
  type JumpRule,
} from "@candor/domain";
import type { PriceSource, SourceQuote, SourceStatus } from "../sources/types";
import type { SymbolInfo } from "../types";
import { SimFeed } from "./sim";
import type { SimSeed } from "./sim-random";
import type { FeedContext, MarketFeed } from "./types";

/** How often every symbol's index is recomputed without a new quote (venues going stale). */
export const INDEX_RECHECK_MS = 1000;

/** Makes the venues once the symbols are known; each one's onQuote/onStatus must reach `wire`. */
export type SourceFactory = (
  symbols: readonly SymbolInfo[],
  wire: { onQuote(q: SourceQuote): void; onStatus(s: SourceStatus): void },
) => PriceSource[];

export interface IndexFeedOptions {
  /**
   * The venues (each one's onQuote must reach this feed's `onQuote`, onStatus its `onStatus`),
   * or a factory called with the symbols at `cover` / `start` (the configured feed).
   */
  sources: readonly PriceSource[] | SourceFactory;
  /** MARKET_SEED for the symbols no venue covers (simulated); null = the CSPRNG. */
  seed: SimSeed;
  /** The index and jump rules of a symbol (defaults: DEFAULT_INDEX_RULE, DEFAULT_JUMP_RULE). */
  rules?: (info: SymbolInfo) => { index: IndexRule; jump: JumpRule };
  now?: () => number;
}

/** Why a symbol has no index price now: too few venues fresh, or too few agreeing. */
export type HaltReason = "unavailable" | "disagree";

export interface IndexSymbolStatus {
  symbol: string;
  halted: boolean;
  reason: HaltReason | null;
  /** Since when the symbol is halted (ms), or null. */
  haltedSince: number | null;
  /** A sudden jump waiting for a second reading (the jump guard), or null; heldAt its time. */
  heldPrice: string | null;
  heldAt: number | null;
  /** The readings of the last computation, used or not, and why not. */
  components: IndexComponent[];
  /** The last tick emitted and the readings it was made of (evidence). */
  lastTick: { price: string; at: number; components: IndexComponent[] } | null;
}

interface SymbolState {
  info: SymbolInfo;
  /** The latest quote of each venue. */
  quotes: Map<string, SourceQuote>;
  guard: JumpGuardState;
  status: IndexSymbolStatus;
}

export class IndexFeed implements MarketFeed {
  readonly name = "index" as const;
  private readonly sim: SimFeed;
  private readonly states = new Map<string, SymbolState>();
  private readonly sourceStatus = new Map<string, SourceStatus>();
  private ctx: FeedContext | null = null;
  private timer?: NodeJS.Timeout;
  private running = false;
  private readonly now: () => number;
  private list: readonly PriceSource[] | null;
  /** The operator's weights per venue ("0" leaves one out), applied to every symbol's rule. */
  private weights: Readonly<Record<string, string>> = {};

  constructor(private readonly options: IndexFeedOptions) {
    this.now = options.now ?? Date.now;
    this.list = typeof options.sources === "function" ? null : options.sources;
    this.sim = new SimFeed(options.seed, (symbol) => !this.covered(symbol));
  }

  /** Builds the venues for these symbols (once; the service calls it before start). */
  cover(symbols: readonly SymbolInfo[]): void {
    if (this.list || typeof this.options.sources !== "function") return;
    const priced = symbols.filter((s) => s.simOnly !== true);
    this.list = this.options.sources(priced, { onQuote: this.onQuote, onStatus: this.onStatus });
  }

  /** The venues (none before `cover`). */
  get venues(): readonly PriceSource[] {
    return this.list ?? [];
  }

  /** The operator's weights ("0" = excluded); applies from the next computation. */
  setWeights(weights: Readonly<Record<string, string>>): void {
    this.weights = { ...weights };
  }

  /** True when at least one venue quotes the symbol. */
  covered(symbol: string): boolean {
    return this.venues.some((s) => s.covers(symbol));
  }

  isSimulated(symbol: string): boolean {
    return !this.covered(symbol);
  }

  generatesHistory(symbol: string): boolean {
    return !this.covered(symbol);
  }

  async start(ctx: FeedContext): Promise<void> {
    if (this.running) return;
    this.running = true;
    this.ctx = ctx;
    this.cover(ctx.symbols);
    for (const info of ctx.symbols) this.track(info);
    // Until the venues answer, no symbol has an index price: every node learns it now.
    for (const state of this.states.values()) {
      ctx.halt?.(state.info.symbol, { reason: "unavailable", since: this.now() }, []);
    }
    await this.sim.start(ctx);
    for (const source of this.venues) source.start();
    this.timer = setInterval(() => this.recheckAll(), INDEX_RECHECK_MS);
  }

  addSymbol(info: SymbolInfo): void {
    if (!this.running) return;
    if (this.covered(info.symbol)) this.track(info);
    else this.sim.addSymbol(info);
  }

  async stop(): Promise<void> {
    this.running = false;
    clearInterval(this.timer);
    await Promise.all(this.venues.map((s) => s.stop()));
    await this.sim.stop();
    this.ctx = null;
  }

  /** A venue's quote (wire each PriceSource's onQuote here). Ignored when not running or not listed. */
  readonly onQuote = (q: SourceQuote): void => {
    const state = this.states.get(q.symbol);
    if (!this.running || !state) return;
    if (!isDecimal(q.price) || !dec(q.price).gt(0)) {
      this.ctx?.log.warn({ source: q.source, symbol: q.symbol }, "index feed: a quote without a positive price");
      return;
    }
    state.quotes.set(q.source, q);
    this.recompute(state, false);
  };

  /** A venue's connection state (wire each PriceSource's onStatus here). */
  readonly onStatus = (s: SourceStatus): void => {
    this.sourceStatus.set(s.source, s);
  };

  /** Every venue's connection state (an operator's health page). */
  sources(): SourceStatus[] {
    return this.venues.map((s) => this.sourceStatus.get(s.name) ?? s.status());
  }

  /** A symbol's index state, or null for a symbol no venue covers (simulated). */
  status(symbol: string): IndexSymbolStatus | null {
    const state = this.states.get(symbol);
    return state ? structuredClone(state.status) : null;
  }

  /** The reason a symbol has no index price now, or null (not halted, or not an index symbol). */
  halted(symbol: string): HaltReason | null {
    return this.states.get(symbol)?.status.reason ?? null;
  }

  private track(info: SymbolInfo) {
    if (this.states.has(info.symbol) || !this.covered(info.symbol)) return;
    this.states.set(info.symbol, {
      info,
      quotes: new Map(),
      guard: {},
      status: {
        symbol: info.symbol,
        halted: true,
        reason: "unavailable",
        haltedSince: this.now(),
        heldPrice: null,
        heldAt: null,
        components: [],
        lastTick: null,
      },
    });
  }

  private recheckAll() {
    if (!this.running) return;
    for (const state of this.states.values()) this.recompute(state, true);
  }

  /** A symbol's rules, with the operator's weights. */
  rules(info: SymbolInfo): { index: IndexRule; jump: JumpRule } {
    const rules = this.options.rules?.(info) ?? { index: DEFAULT_INDEX_RULE, jump: DEFAULT_JUMP_RULE };
    return { ...rules, index: { ...rules.index, weights: { ...rules.index.weights, ...this.weights } } };
  }

  /**
   * The symbol's index now; a tick when there is one and the jump guard lets it through. The
   * periodic recheck emits only when the last tick is a recheck period old, so a quiet but
   * live market keeps fresh quotes without doubling the ticks of a busy one.
   */
  private recompute(state: SymbolState, recheck: boolean) {
    const ctx = this.ctx;
    if (!ctx) return;
    const now = this.now();
    const { index, jump } = this.rules(state.info);
    const readings = [...state.quotes.values()].map(({ source, price, sourceTime, receivedAt }) => ({
      source,
      price,
      sourceTime,
      receivedAt,
    }));
    const result = computeIndex(readings, index, now, state.info.pricePrecision);
    const status = state.status;
    status.components = result.components;
    if (!result.ok) {
      if (!status.halted || status.reason !== result.reason) {
        ctx.log.warn(
          { symbol: state.info.symbol, reason: result.reason, components: result.components },
          "index feed: symbol halted",
        );
        status.haltedSince = status.halted ? status.haltedSince : now;
        status.halted = true;
        status.reason = result.reason;
        ctx.halt?.(state.info.symbol, { reason: result.reason, since: status.haltedSince ?? now }, result.components);
      }
      return;
    }
    if (recheck && status.lastTick && now - status.lastTick.at < INDEX_RECHECK_MS) return;
    // A held jump waits for a new reading: the recheck recomputes the same readings and would
    // "confirm" the jump with the very quotes that made it.
    if (recheck && state.guard.held) return;
    const guarded = guardJump(state.guard, { price: result.price, at: now }, jump);
    state.guard = guarded.state;
    status.heldPrice = guarded.state.held?.price ?? null;
    status.heldAt = guarded.state.held?.at ?? null;
    if (!guarded.emit) return;
    const resumed = status.halted;
    status.halted = false;
    status.reason = null;
    status.haltedSince = null;
    status.lastTick = { price: result.price, at: now, components: result.components };
    // The tick first, then the resume: a node that lifts the halt has a fresh price to trade at.
    ctx.emit({
      symbol: state.info.symbol,
      price: result.price,
      volume: "0",
      source: "index",
      components: result.components,
    });
    if (resumed) {
      ctx.log.info({ symbol: state.info.symbol }, "index feed: symbol priced again");
      ctx.halt?.(state.info.symbol, null, result.components);
    }
  }
}
