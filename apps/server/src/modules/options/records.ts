// A row's API shapes: an option order (prices at the symbol's precision, the ticks that
// opened and settled it) and an option setting, as customers and the console see them.
import type { OperatorOptionSetting, OptionOrder, OptionSetting } from "@candor/contract";
import { dec, toMoneyString } from "@candor/domain";
import type { OptionOrderRow } from "./order-ledger";
import type { optionSettings } from "./schema";

type SettingRow = typeof optionSettings.$inferSelect;

const iso = (d: Date | string) => new Date(d).toISOString();
const money = (v: string) => toMoneyString(dec(v));

/** `places`: the symbol's price precision (unknown symbol: money precision). */
export function optionRecord(r: OptionOrderRow, places: number | undefined): OptionOrder {
  const price = (v: string) => (places === undefined ? money(v) : dec(v).toFixed(places));
  return {
    id: r.id,
    symbol: r.symbol,
    direction: r.direction as OptionOrder["direction"],
    amount: money(r.amount),
    openPrice: price(r.openPrice),
    closePrice: r.closePrice === null ? null : price(r.closePrice),
    result: r.result as OptionOrder["result"],
    payout: r.payout === null ? null : money(r.payout),
    status: r.status as OptionOrder["status"],
    expiresAt: iso(r.expiresAt),
    mode: r.mode as OptionOrder["mode"],
    currency: r.currency,
    setId: r.settingId,
    periodSeconds: r.periodSeconds,
    payoutRate: money(r.payoutRate),
    createdAt: iso(r.createdAt),
    settledAt: r.settledAt ? iso(r.settledAt) : null,
    openTick: {
      price: price(r.openPrice),
      ts: new Date(r.openTickAt).getTime(),
      ...(r.openTickSources ? { sources: r.openTickSources } : {}),
    },
    closeTick:
      r.closePrice === null || r.closeTickAt === null
        ? null
        : {
            price: price(r.closePrice),
            ts: new Date(r.closeTickAt).getTime(),
            ...(r.closeTickSources ? { sources: r.closeTickSources } : {}),
          },
  };
}

export const toSetting = (r: SettingRow): OptionSetting => ({
  id: r.id,
  symbol: r.symbol,
  periodSeconds: r.periodSeconds,
  payoutRate: money(r.payoutRate),
  minAmount: money(r.minAmount),
  maxAmount: money(r.maxAmount),
});

export const toOperatorSetting = (r: SettingRow): OperatorOptionSetting => ({
  ...toSetting(r),
  enabled: r.enabled,
  sortOrder: r.sortOrder,
  updatedAt: iso(r.updatedAt),
});
