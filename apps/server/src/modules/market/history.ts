// Simulated history at start: a full history on the first start (so every chart is
// full), and after a restart only the gap since the last stored candle, continuing
// from its close. Seamless: the live walk starts from the last generated close.
import {
  CANDLE_TIERS,
  generateHistory,
  HISTORY_FULL,
  HISTORY_SMALL,
  type HistorySize,
  historySegments,
  intervalMs,
  rollUpTiers,
} from "@candor/domain";
import type { CandleStore, TierRow } from "./candle-store";
import { simParams } from "./feeds/sim";
import { type SimSeed, simRng } from "./feeds/sim-random";
import type { SymbolInfo } from "./types";

export const HISTORY_SIZES: Record<"full" | "small", HistorySize> = { full: HISTORY_FULL, small: HISTORY_SMALL };

/** Gaps shorter than this are left to the live feed. */
const MIN_GAP_MS = 60_000;

export interface HistoryReport {
  symbols: number;
  rows: number;
  ms: number;
}

export async function ensureHistory(
  store: CandleStore,
  symbols: readonly SymbolInfo[],
  size: HistorySize,
  seed: SimSeed,
  now = Date.now(),
): Promise<HistoryReport> {
  const started = Date.now();
  let rows = 0;
  let touched = 0;
  for (const info of symbols) {
    const params = simParams(info);
    const latest = await store.latestRows(info.symbol);
    const finest = CANDLE_TIERS.find((tier) => latest[tier]);
    let generated: ReturnType<typeof generateHistory>;
    const rng = simRng(seed, `history:${info.symbol}:${now}`);
    if (!finest) {
      generated = generateHistory(
        historySegments(params, now, size),
        { side: "end", price: params.referencePrice },
        params,
        rng,
      );
    } else {
      const last = latest[finest];
      if (!last) continue;
      const gapStart = Math.min(now, last.time + intervalMs(finest));
      if (now - gapStart < MIN_GAP_MS) continue;
      generated = generateHistory(
        historySegments(params, now, size, gapStart),
        { side: "start", price: Number(last.close) },
        params,
        rng,
      );
    }
    if (generated.length === 0) continue;
    const tiers = rollUpTiers(generated, latest);
    const out: TierRow[] = [];
    for (const tier of CANDLE_TIERS) for (const candle of tiers[tier]) out.push({ symbol: info.symbol, tier, candle });
    await store.upsert(out);
    rows += out.length;
    touched++;
  }
  return { symbols: touched, rows, ms: Date.now() - started };
}
