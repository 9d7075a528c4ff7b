// Real vs demo money, shared by options and spot, following the demo module's convention
// (modeMoney): real = USDT with available funds in user kind "spot"; demo = VUSDT with
// available funds in user kind "demo". Demo spot also needs a base currency: the
// V-prefixed virtual one (VBTC, …), so demo trading never touches a real platform account.

import { modeMoney, type TradeMode } from "../demo/accounts";
import type { UserAccountKind } from "../ledger/service";

export type { TradeMode };

export const DEMO_PREFIX = "V";

/** A currency as the mode holds it: "BTC" real, "VBTC" demo; USDT → USDT / VUSDT. */
export const modeCurrency = (mode: TradeMode, currency = "USDT"): string =>
  currency === "USDT" ? modeMoney(mode).currency : mode === "demo" ? `${DEMO_PREFIX}${currency}` : currency;

/** Where the customer's available funds of a mode live. */
export const availableKind = (mode: TradeMode): UserAccountKind => modeMoney(mode).availableKind;
