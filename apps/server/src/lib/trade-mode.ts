// Which money a trading request uses, shared by every trading module (contracts, spot,
// options, demo, contests) so none of them has to import another for it:
//   real    → USDT, available funds in the customer's "spot" account
//   demo    → VUSDT, the "demo" account (base currencies V-prefixed: VBTC …)
//   contest → CUSDT, the "contest" account of the customer's one running contest entry
//             (base currencies C-prefixed: CBTC …)
// Contest trades are also checked against the contest (running entry, eligible symbol)
// through the guard the contests module installs in the app's `app.tradeModes` (see
// TradeModes.setContestGuard), so the trading modules never import the contests module.
import type { Db } from "../db";
import type { UserAccountKind } from "../modules/ledger/service";
import { badRequest } from "./errors";

export type TradeMode = "real" | "demo" | "contest";

export const DEMO_CURRENCY = "VUSDT";
export const CONTEST_CURRENCY = "CUSDT";
export const DEMO_PREFIX = "V";
export const CONTEST_PREFIX = "C";
/** Virtual currencies: never real money, not counted against the platform's risk limits. */
export const VIRTUAL_QUOTE_CURRENCIES: ReadonlySet<string> = new Set([DEMO_CURRENCY, CONTEST_CURRENCY]);

/** Customer account kinds whose money is the customer's own real money (not demo, not contest). */
const REAL_MONEY_KINDS: ReadonlySet<string> = new Set(["spot", "frozen", "margin", "options", "earn"]);

/**
 * Whether money leaving a customer account of `kind` in `currency` is real (mode "real"):
 * the demo and contest accounts never are, and neither is their quote currency in an account
 * every mode shares (a demo or contest futures close pays its fee from "margin" in VUSDT or
 * CUSDT). Trading fees are always in the mode's quote currency, so this decides a fee's mode.
 */
export function isRealMoney(kind: string, currency: string): boolean {
  return REAL_MONEY_KINDS.has(kind) && !VIRTUAL_QUOTE_CURRENCIES.has(currency);
}

/** The quote currency and the available-funds account kind of a trading mode. */
export function modeMoney(mode: TradeMode): { currency: "USDT" | "VUSDT" | "CUSDT"; availableKind: UserAccountKind } {
  if (mode === "demo") return { currency: DEMO_CURRENCY, availableKind: "demo" };
  if (mode === "contest") return { currency: CONTEST_CURRENCY, availableKind: "contest" };
  return { currency: "USDT", availableKind: "spot" };
}

/** A currency as the mode holds it: "BTC" real, "VBTC" demo, "CBTC" contest; USDT → USDT / VUSDT / CUSDT. */
export function modeCurrency(mode: TradeMode, currency = "USDT"): string {
  if (currency === "USDT") return modeMoney(mode).currency;
  if (mode === "demo") return `${DEMO_PREFIX}${currency}`;
  if (mode === "contest") return `${CONTEST_PREFIX}${currency}`;
  return currency;
}

/**
 * Checks a contest-mode trade inside the trade's transaction: the caller has a running
 * entry in `contestId`, the contest is in progress and lists `symbol`; throws a 400
 * otherwise, and holds the entry row (FOR SHARE) so an exit or the end waits for the trade.
 */
export type ContestTradeGuard = (tx: Db, userId: number, contestId: number, symbol: string | null) => Promise<void>;

/**
 * The app's trade-mode check (`app.tradeModes`, one per app: two apps in one process do not
 * share it). The contests module installs its guard at start-up; until then (or without
 * it) no contest trade passes.
 */
export class TradeModes {
  private contestGuard: ContestTradeGuard | null = null;

  /** Installed by the contests module at start-up (stateless: it uses the `tx` it is given). */
  setContestGuard(guard: ContestTradeGuard): void {
    this.contestGuard = guard;
  }

  /**
   * The mode/contestId pair of a request, validated: contestId only with mode "contest", and
   * required there; contest trades pass the contests module's guard (symbol null: reading).
   */
  async check(
    tx: Db,
    userId: number,
    mode: TradeMode,
    contestId: number | null | undefined,
    symbol: string | null,
  ): Promise<number | null> {
    if (mode !== "contest") {
      if (contestId != null) throw badRequest("contestIdWithoutMode");
      return null;
    }
    if (contestId == null) throw badRequest("contestIdRequired");
    if (!this.contestGuard) throw badRequest("contestNotTradable", { id: contestId });
    await this.contestGuard(tx, userId, contestId, symbol);
    return contestId;
  }
}

declare module "fastify" {
  interface FastifyInstance {
    /** The trade-mode check of this app (lib/trade-mode.ts). */
    tradeModes: TradeModes;
  }
}
