// What the contracts module publishes on the event bus ("futures.position") after a
// position's transaction commits, so the settlement leader's in-memory index (on any node)
// follows opens, TP/SL edits and closes.
export interface FuturesPositionEvent {
  type: "opened" | "updated" | "closed";
  position: IndexedPositionData;
}

/** The fields the settlement index needs (decimal strings, times in ms). */
export interface IndexedPositionData {
  id: number;
  userId: number;
  symbol: string;
  direction: "long" | "short";
  openPrice: string;
  quantity: string;
  margin: string;
  takeProfit: string | null;
  stopLoss: string | null;
  closeOutPrice: string;
  openTickTs: number;
  /** Tick time the take-profit / stop-loss was last set; null: at open (from openTickTs). */
  takeProfitSetTs?: number | null;
  stopLossSetTs?: number | null;
  /** The spread recorded at open (bid/ask of every tick are computed with it); null: the symbol's. */
  spread?: string | null;
  /** Whose money: real, demo (virtual VUSDT) or a contest's funds; messages about it say which. */
  mode?: "real" | "demo" | "contest";
  /** The contest of a contest-mode position (the contests leader re-values that entry). */
  contestId?: number | null;
}

declare module "../../lib/event-bus" {
  interface AppEvents {
    /** A futures position opened, had its TP/SL changed, or closed (after commit). */
    "futures.position": FuturesPositionEvent;
  }
}
