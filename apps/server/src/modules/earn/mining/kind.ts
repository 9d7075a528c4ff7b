// Mining: hashrate bought from the platform for the term (the price is not returned). Each
// day's output follows the published formula (domain miningDailyOutput): the network reward
// per TH/s, BTCUSDT's recorded close of the day before, the machine's power draw and the
// electricity price; never below 0.
import { dec, hashrateFor, miningDailyOutput, toMoneyString } from "@candor/domain";
import { addDays, DAY_MS } from "../../clock/service";
import type { DailyContext, DueOrder, EarnKind, ProductContext } from "../kind";
import { configOf, money, type ProductRow } from "../model";

export const MINING_SYMBOL = "BTCUSDT";

export const miningKind: EarnKind<"mining"> = {
  type: "mining",
  rateBasis: "variable",
  buyVia: "miner",
  fixedRate: false,
  earlyRedemption: false,
  raises: false,
  config(input, invalid) {
    if (!input.machine) throw invalid("machine", "required for mining");
    if (!input.pricePerTh) throw invalid("pricePerTh", "required for mining");
    return { machine: input.machine, pricePerTh: input.pricePerTh, electricityPrice: input.electricityPrice ?? "0" };
  },
  productView(row, ctx) {
    const c = configOf<"mining">(row);
    if (!c.machine) return {};
    return {
      manufacturer: c.machine.manufacturer,
      model: c.machine.model,
      hashrate: toMoneyString(dec(c.machine.hashrate)),
      power: toMoneyString(dec(c.machine.power)),
      size: c.machine.size,
      weight: c.machine.weight,
      temperature: c.machine.temperature,
      humidity: c.machine.humidity,
      network: c.machine.network,
      pricePerTh: money(c.pricePerTh ?? null) ?? undefined,
      inputs: miningInputs(row, ctx),
    };
  },
  canSell: () => true,
  term: (product, nowMs) => ({
    startAt: new Date(nowMs),
    endAt: new Date(nowMs + product.termDays * DAY_MS),
    running: true,
    endJob: true,
  }),
  orderValues(amount, product) {
    const { pricePerTh } = configOf<"mining">(product);
    return { hashrate: pricePerTh ? hashrateFor(amount, pricePerTh) : null };
  },
  purchase: { to: "house", ledgerKind: "mining_purchase" },
  daily: { incomeKind: "mining", payer: "house", ledgerKind: "mining_output", day: miningDay },
  termEnd: { principalBack: false },
  orderView: () => ({}),
};

/** Today's inputs of the mining formula and the net output of 1 TH/s at them. */
export function miningInputs(row: ProductRow, ctx: Pick<ProductContext, "market" | "rewardPerThDay">) {
  const c = configOf<"mining">(row);
  const tick = ctx.market.lastTick(MINING_SYMBOL);
  const btcPrice = tick ? String(tick.price) : null;
  const electricityPrice = c.electricityPrice ?? "0";
  const perTh =
    btcPrice && c.machine
      ? miningDailyOutput(
          {
            hashrate: "1",
            rewardPerThDay: ctx.rewardPerThDay,
            btcPrice,
            machineHashrate: c.machine.hashrate,
            machinePowerW: c.machine.power,
            electricityPrice,
          },
          8,
        ).net
      : null;
  return {
    rewardPerThDay: toMoneyString(dec(ctx.rewardPerThDay)),
    btcPrice: money(btcPrice),
    btcPriceTs: tick ? tick.ts : null,
    electricityPrice: toMoneyString(dec(electricityPrice)),
    outputPerThDay: perTh,
  };
}

/**
 * The mining output of income date `day`: credited at 00:00 UTC of `day` for the day just
 * ended, so valued at BTCUSDT's recorded close of the day before (its daily candle). Null when
 * that candle is not recorded (or the product has no machine): the date waits.
 */
async function miningDay(o: DueOrder, day: string, places: number, ctx: DailyContext) {
  const product = ctx.product(Number(o.product_id));
  const c = product ? configOf<"mining">(product) : {};
  if (!c.machine || !o.hashrate) return null;
  const priceDate = addDays(day, -1);
  if (!ctx.closes.has(priceDate)) ctx.closes.set(priceDate, await ctx.market.dailyClose(MINING_SYMBOL, priceDate));
  const close = ctx.closes.get(priceDate);
  if (!close) return null;
  const out = miningDailyOutput(
    {
      hashrate: o.hashrate,
      rewardPerThDay: ctx.reward,
      btcPrice: close.price,
      machineHashrate: c.machine.hashrate,
      machinePowerW: c.machine.power,
      electricityPrice: c.electricityPrice ?? "0",
    },
    places,
  );
  const inputs: Record<string, string | number | null> = {
    hashrate: o.hashrate,
    rewardPerThDay: ctx.reward,
    btcPrice: toMoneyString(dec(close.price)),
    // The day whose closing candle priced it, and the candle's close time.
    btcPriceDate: priceDate,
    btcPriceTs: close.openTime + DAY_MS,
    electricityPrice: c.electricityPrice ?? "0",
    machineHashrate: c.machine.hashrate,
    machinePowerW: c.machine.power,
    grossBtc: out.grossBtc,
    grossUsdt: out.grossUsdt,
    energyKwh: out.energyKwh,
    powerCost: out.powerCost,
    capped: out.capped ? 1 : 0,
  };
  return { amount: out.net, inputs };
}
