// The futures settler's in-memory index of open positions, by symbol. Each entry keeps its
// trigger band (domain triggerBand) as parsed decimals, so a tick costs two comparisons per
// position; evaluatePosition — the same function the app previews with — decides for the
// ones that cross, with the levels the position had at that tick (levelsAtTick).
import {
  type Decimal,
  dec,
  evaluatePosition,
  type LevelTimes,
  levelsAtTick,
  type OpenPositionView,
  triggerBand,
} from "@candor/domain";
import type { IndexedPositionData } from "./events";

export interface IndexedPosition {
  id: number;
  symbol: string;
  long: boolean;
  upper: Decimal | null;
  lower: Decimal | null;
  openTickTs: number;
  /** The spread recorded at open (null: the symbol's current one). */
  spread: string | null;
  times: LevelTimes;
  view: OpenPositionView;
  /** What the entry was built from (to tell whether a row read later differs). */
  data: IndexedPositionData;
}

export class PositionIndex {
  private readonly bySymbol = new Map<string, Map<number, IndexedPosition>>();
  private readonly symbolOf = new Map<number, string>();

  get size(): number {
    return this.symbolOf.size;
  }

  get(id: number): IndexedPosition | undefined {
    const symbol = this.symbolOf.get(id);
    return symbol === undefined ? undefined : this.bySymbol.get(symbol)?.get(id);
  }

  ids(): number[] {
    return [...this.symbolOf.keys()];
  }

  /** The positions of one symbol (live view: do not change it while iterating). */
  ofSymbol(symbol: string): ReadonlyMap<number, IndexedPosition> | undefined {
    return this.bySymbol.get(symbol);
  }

  symbols(): IterableIterator<[string, ReadonlyMap<number, IndexedPosition>]> {
    return this.bySymbol.entries();
  }

  upsert(p: IndexedPositionData): IndexedPosition {
    const view: OpenPositionView = {
      direction: p.direction,
      openPrice: dec(p.openPrice),
      quantity: dec(p.quantity),
      margin: dec(p.margin),
      takeProfit: p.takeProfit === null ? null : dec(p.takeProfit),
      stopLoss: p.stopLoss === null ? null : dec(p.stopLoss),
      closeOutPrice: dec(p.closeOutPrice),
    };
    const band = triggerBand(view);
    const entry: IndexedPosition = {
      id: p.id,
      symbol: p.symbol,
      long: p.direction === "long",
      upper: band.upper,
      lower: band.lower,
      openTickTs: p.openTickTs,
      spread: p.spread ?? null,
      times: { takeProfitSetTs: p.takeProfitSetTs ?? null, stopLossSetTs: p.stopLossSetTs ?? null },
      view,
      data: p,
    };
    const previous = this.symbolOf.get(p.id);
    if (previous !== undefined && previous !== p.symbol) this.bySymbol.get(previous)?.delete(p.id);
    let positions = this.bySymbol.get(p.symbol);
    if (!positions) {
      positions = new Map();
      this.bySymbol.set(p.symbol, positions);
    }
    positions.set(p.id, entry);
    this.symbolOf.set(p.id, p.symbol);
    return entry;
  }

  remove(id: number): void {
    const symbol = this.symbolOf.get(id);
    if (symbol === undefined) return;
    this.symbolOf.delete(id);
    this.bySymbol.get(symbol)?.delete(id);
  }

  clear(): void {
    this.bySymbol.clear();
    this.symbolOf.clear();
  }
}

/** Whether the tick (exit prices bid/ask) closes the position, with the levels it had at that tick. */
export function closesAt(p: IndexedPosition, tickTs: number, bid: Decimal, ask: Decimal): boolean {
  if (tickTs < p.openTickTs) return false;
  const exit = p.long ? bid : ask;
  // The band (all levels) is a superset of what the tick can trigger; levelsAtTick narrows it.
  if (!((p.upper && exit.gte(p.upper)) || (p.lower && exit.lte(p.lower)))) return false;
  return evaluatePosition(levelsAtTick(p.view, p.times, tickTs), bid, ask) !== null;
}

/**
 * A position read from the database against the indexed copy: null when the index has it
 * as it is; otherwise the tick time from which it must be re-evaluated (its open tick when
 * new, else the set time of the level that changed).
 */
export function reevaluateFrom(known: IndexedPosition | undefined, p: IndexedPositionData): number | null {
  if (!known) return p.openTickTs;
  const d = known.data;
  const tpChanged = d.takeProfit !== p.takeProfit || (d.takeProfitSetTs ?? null) !== (p.takeProfitSetTs ?? null);
  const slChanged = d.stopLoss !== p.stopLoss || (d.stopLossSetTs ?? null) !== (p.stopLossSetTs ?? null);
  if (!tpChanged && !slChanged) return null;
  const setAt = (ts: number | null | undefined) => ts ?? p.openTickTs;
  return Math.min(
    tpChanged ? setAt(p.takeProfitSetTs) : Number.POSITIVE_INFINITY,
    slChanged ? setAt(p.stopLossSetTs) : Number.POSITIVE_INFINITY,
  );
}
