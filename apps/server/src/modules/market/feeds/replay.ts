// `replay` feed: plays recorded candles from a CSV file as live ticks — four ticks per
// candle (open, then low and high in the order the candle most likely took, then
// close), one every REPLAY_TICK_MS per symbol, starting over at the end of the file.
// File format: header `symbol,time,open,high,low,close,volume`; time in epoch ms or
// ISO-8601; rows of one symbol in time order.
import fs from "node:fs";
import { Decimal, dec, isDecimal } from "@candor/domain";
import type { FeedContext, MarketFeed } from "./types";

export interface ReplayCandle {
  symbol: string;
  time: number;
  open: string;
  high: string;
  low: string;
  close: string;
  volume: string;
}

const HEADER = ["symbol", "time", "open", "high", "low", "close", "volume"];

/** Parse and check a replay file; throws with the line number of the first bad row. */
export function parseReplayCsv(text: string): ReplayCandle[] {
  const lines = text.split(/\r?\n/);
  const header = (lines[0] ?? "").split(",").map((h) => h.trim().toLowerCase());
  if (HEADER.some((h, i) => header[i] !== h)) throw new Error(`replay file: header must be ${HEADER.join(",")}`);
  const out: ReplayCandle[] = [];
  const lastTime = new Map<string, number>();
  for (let i = 1; i < lines.length; i++) {
    const line = (lines[i] ?? "").trim();
    if (line === "" || line.startsWith("#")) continue;
    const fail = (why: string): never => {
      throw new Error(`replay file line ${i + 1}: ${why}`);
    };
    const [symbol = "", time = "", open = "", high = "", low = "", close = "", volume = ""] = line
      .split(",")
      .map((c) => c.trim());
    if (!/^[A-Z0-9]+$/.test(symbol)) fail(`bad symbol "${symbol}"`);
    const t = /^\d+$/.test(time) ? Number(time) : Date.parse(time);
    if (!Number.isFinite(t)) fail(`bad time "${time}"`);
    for (const [name, v] of Object.entries({ open, high, low, close, volume })) {
      if (!isDecimal(v) || dec(v).isNegative()) fail(`bad ${name} "${v}"`);
    }
    if (dec(high).lt(dec(open)) || dec(high).lt(dec(close)) || dec(low).gt(dec(open)) || dec(low).gt(dec(close))) {
      fail("high/low do not contain open and close");
    }
    if (dec(low).lte(0)) fail("prices must be positive");
    if (t <= (lastTime.get(symbol) ?? Number.NEGATIVE_INFINITY)) fail(`${symbol} rows are not in time order`);
    lastTime.set(symbol, t);
    out.push({ symbol, time: t, open, high, low, close, volume });
  }
  return out;
}

/** The four ticks a candle is replayed as, with its volume split evenly (the last tick takes the remainder). */
export function replayTicks(c: ReplayCandle, qtyPrecision: number): { price: string; volume: string }[] {
  const bullish = dec(c.close).gte(dec(c.open));
  const prices = bullish ? [c.open, c.low, c.high, c.close] : [c.open, c.high, c.low, c.close];
  const quarter = dec(c.volume).div(4).toDecimalPlaces(qtyPrecision, Decimal.ROUND_DOWN);
  const last = dec(c.volume).minus(quarter.mul(3));
  return prices.map((price, i) => ({ price, volume: (i === 3 ? last : quarter).toFixed() }));
}

export class ReplayFeed implements MarketFeed {
  readonly name = "replay" as const;
  private timer?: NodeJS.Timeout;

  constructor(
    private readonly file: string,
    private readonly tickMs: number,
  ) {}

  isSimulated(): boolean {
    // Recorded prices, not the market now: customers are told they are not live.
    return true;
  }

  generatesHistory(): boolean {
    return false;
  }

  async start(ctx: FeedContext): Promise<void> {
    const candles = parseReplayCsv(fs.readFileSync(this.file, "utf8"));
    const known = new Map(ctx.symbols.map((s) => [s.symbol, s]));
    const queues = new Map<string, { price: string; volume: string }[]>();
    for (const c of candles) {
      const info = known.get(c.symbol);
      if (!info) continue;
      let q = queues.get(c.symbol);
      if (!q) {
        q = [];
        queues.set(c.symbol, q);
      }
      q.push(...replayTicks(c, info.qtyPrecision));
    }
    const unknown = [...new Set(candles.map((c) => c.symbol).filter((s) => !known.has(s)))];
    if (unknown.length > 0) ctx.log.warn({ unknown }, "replay file has symbols that are not listed; skipped");
    ctx.log.info({ file: this.file, symbols: [...queues.keys()], ticks: candles.length * 4 }, "replaying candles");
    const position = new Map<string, number>();
    this.timer = setInterval(() => {
      for (const [symbol, q] of queues) {
        const i = position.get(symbol) ?? 0;
        const t = q[i % q.length];
        position.set(symbol, (i + 1) % q.length);
        if (t) ctx.emit({ symbol, price: t.price, volume: t.volume, source: "replay" });
      }
    }, this.tickMs);
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    this.timer = undefined;
  }
}
