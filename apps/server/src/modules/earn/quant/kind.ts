// Automated strategies ("AI quant" in the seed): the amount runs a grid or trend strategy
// on a spot symbol through the spot engine (./engine.ts); no rate, only past results. The
// order's value is live (cash plus holdings at the bid); stopping or the term's end sells
// the holdings and returns the value, which may be less than was put in.
import type { EarnProduct } from "@candor/contract";
import { DAY_MS } from "../../clock/service";
import type { EarnKind } from "../kind";
import { configOf } from "../model";
import { strategyRules } from "./rules";

export const quantKind: EarnKind<"quant"> = {
  type: "quant",
  rateBasis: "historical",
  buyVia: "debit",
  fixedRate: false,
  earlyRedemption: false,
  raises: false,
  config(input, invalid) {
    if (!input.strategy || !input.symbol || !input.params)
      throw invalid("strategy", "strategy, symbol and params are required");
    return { strategy: input.strategy, symbol: input.symbol, params: input.params };
  },
  productView(row, ctx) {
    const c = configOf<"quant">(row);
    return {
      strategy: c.strategy,
      symbol: c.symbol,
      params: c.params as EarnProduct["params"],
      rules: strategyRules({ strategy: c.strategy, symbol: c.symbol, params: c.params }, ctx.lang),
    };
  },
  // Without the strategy engine (not started on this node) a strategy cannot be sold.
  canSell: (quant) => quant !== null,
  term: (product, nowMs) => ({
    startAt: new Date(nowMs),
    endAt: new Date(nowMs + product.termDays * DAY_MS),
    running: true,
    endJob: true,
  }),
  orderValues: () => ({ hashrate: null }),
  purchase: { to: "earn", ledgerKind: "earn" },
  async open(tx, order, product, quant) {
    await quant?.open(tx, order, product);
  },
  termEnd: "stop",
  orderView(row, product, quant, live) {
    const c = product ? configOf<"quant">(product) : {};
    const view = live ? (quant?.view(row) ?? null) : null;
    return {
      symbol: c.symbol ?? null,
      strategy: c.strategy ?? null,
      ...(view
        ? { todayIncome: view.todayIncome, totalIncome: view.totalIncome, value: view.value, holdings: view.holdings }
        : {}),
    };
  },
};
