// The earn module's hooks into the strategies (EarnDeps.quant): start a bought order, value
// it for listMy/orderStat, and end it at the end of its term.
import type { Db } from "../../../db";
import type { BusinessClock } from "../../clock/service";
import type { MarketService } from "../../market/service";
import type { QuantHooks } from "../orders";
import { openQuantOrder, type StopReason, stopQuantOrder } from "./engine";
import { quantView } from "./value";

export type QuantEarnHooks = QuantHooks & {
  stop(db: Db, orderId: number, reason: StopReason): Promise<unknown>;
};

export function quantHooks(deps: {
  market: MarketService;
  clock: Pick<BusinessClock, "now" | "today">;
}): QuantEarnHooks {
  return {
    async open(tx, order, product) {
      await openQuantOrder(tx, order, product, deps.market);
    },
    view(order) {
      const v = quantView(order, deps.market, deps.clock.today());
      if (v.value === null || v.holdings === null) return null;
      return { value: v.value, holdings: v.holdings, todayIncome: v.todayIncome, totalIncome: v.totalIncome };
    },
    stop(db, orderId, reason) {
      return stopQuantOrder(db, deps.market, orderId, reason, deps.clock.now());
    },
  };
}
