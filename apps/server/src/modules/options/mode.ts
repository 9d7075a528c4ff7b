// Real, demo and contest money, shared by options and spot: the mapping lives in
// lib/trade-mode (real = USDT in "spot"; demo = VUSDT in "demo" with V-prefixed bases;
// contest = CUSDT in "contest" with C-prefixed bases), so no trading module imports another.
import { DEMO_PREFIX, modeCurrency, modeMoney, type TradeMode } from "../../lib/trade-mode";
import type { UserAccountKind } from "../ledger/service";

export type { TradeMode };
export { DEMO_PREFIX, modeCurrency };

/** Where the customer's available funds of a mode live. */
export const availableKind = (mode: TradeMode): UserAccountKind => modeMoney(mode).availableKind;
