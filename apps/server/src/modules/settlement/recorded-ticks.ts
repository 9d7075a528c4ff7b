// Replaying recorded ticks (a new leader's replay, a position found late, a limit order's
// first crossing): a symbol's recorded ticks from a time on, page by page, oldest first.
import type { MarketTick } from "./engine";

const REPLAY_PAGE = 1000;

interface TickSource {
  ticksBetween(symbol: string, fromMs: number, toMs: number, limit?: number): Promise<MarketTick[]>;
}

/**
 * The recorded ticks of `symbol` in [fromMs, toMs], a page (up to `pageSize`) at a time.
 * The next page starts on the last tick's millisecond again, so a tick that shares it and
 * did not fit is not skipped (the ticks of that millisecond come twice: evaluating a tick
 * is idempotent). Only a page wholly on one millisecond (`pageSize` ticks of one symbol
 * in one millisecond) moves on by a millisecond.
 */
export async function* recordedTickPages(
  source: TickSource,
  symbol: string,
  fromMs: number,
  toMs: number,
  pageSize = REPLAY_PAGE,
): AsyncGenerator<MarketTick[]> {
  let cursor = fromMs;
  for (;;) {
    const ticks = await source.ticksBetween(symbol, cursor, toMs, pageSize);
    yield ticks;
    const last = ticks.at(-1);
    if (ticks.length < pageSize || !last) return;
    cursor = last.ts > cursor ? last.ts : cursor + 1;
  }
}
