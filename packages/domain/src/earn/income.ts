// Earn arithmetic (issue 10): fixed-term interest, mining output, pro-rata shares. Pure and
// exact (decimal.js); results truncate to the currency's decimals — the platform never
// rounds a payout up, and what one day pays is what the product screen said.
import { type DecimalInput, dec, truncate } from "../money";

/** One day's interest: amount × dailyRate, truncated. */
export function dailyInterest(amount: DecimalInput, dailyRate: DecimalInput, places: number): string {
  return truncate(dec(amount).mul(dailyRate), places).toFixed();
}

/** What a fixed-term order pays if held to the end: `termDays` days of `dailyInterest`. */
export function interestIfHeld(
  amount: DecimalInput,
  dailyRate: DecimalInput,
  termDays: number,
  places: number,
): string {
  return dec(dailyInterest(amount, dailyRate, places))
    .mul(termDays)
    .toFixed();
}

/** Early redemption returns the principal minus the interest already paid (never below 0). */
export function earlyRedemptionReturn(amount: DecimalInput, interestPaid: DecimalInput): string {
  const left = dec(amount).minus(interestPaid);
  return (left.isNegative() ? dec(0) : left).toFixed();
}

/** The simple annual equivalent of a daily rate (dailyRate × 365), for display. */
export function simpleAnnualRate(dailyRate: DecimalInput): string {
  return dec(dailyRate).mul(365).toFixed();
}

export interface MiningInputs {
  /** TH/s the customer bought. */
  hashrate: DecimalInput;
  /** BTC the network pays per TH/s per day. */
  rewardPerThDay: DecimalInput;
  /** BTC price in USDT (from the feed). */
  btcPrice: DecimalInput;
  /** The machine's rated hashrate (TH/s) and power draw (W): the customer's share draws power pro rata. */
  machineHashrate: DecimalInput;
  machinePowerW: DecimalInput;
  /** USDT per kWh. */
  electricityPrice: DecimalInput;
}

export interface MiningOutput {
  grossBtc: string;
  grossUsdt: string;
  /** kWh the customer's share of the machine uses in a day. */
  energyKwh: string;
  powerCost: string;
  /** max(0, grossUsdt − powerCost), truncated: never negative for the customer. */
  net: string;
  /** True when the power cost was above the output and the payout was capped at 0. */
  capped: boolean;
}

/** Daily output = hashrate × reward per TH × BTC price − power × 24 h × electricity price (≥ 0). */
export function miningDailyOutput(i: MiningInputs, places: number): MiningOutput {
  const grossBtc = dec(i.hashrate).mul(i.rewardPerThDay);
  const grossUsdt = grossBtc.mul(i.btcPrice);
  const energyKwh = dec(i.hashrate).div(i.machineHashrate).mul(i.machinePowerW).mul(24).div(1000);
  const powerCost = energyKwh.mul(i.electricityPrice);
  const raw = grossUsdt.minus(powerCost);
  return {
    grossBtc: truncate(grossBtc, 12).toFixed(),
    grossUsdt: truncate(grossUsdt, places).toFixed(),
    energyKwh: truncate(energyKwh, 6).toFixed(),
    powerCost: truncate(powerCost, places).toFixed(),
    net: raw.gt(0) ? truncate(raw, places).toFixed() : "0",
    capped: !raw.gt(0),
  };
}

/**
 * What a mining product pays back over its term at today's inputs, as a fraction of its price:
 * termDays × the net daily output of 1 TH/s ÷ the price of 1 TH/s (exact, not truncated). Above 1
 * the platform would be selling dollars for less than a dollar; an honest product is below 1
 * at the inputs it is sold at (the price is not returned at the end of the term).
 */
export function miningPayback(i: Omit<MiningInputs, "hashrate">, pricePerTh: DecimalInput, termDays: number): string {
  const perTh = dec(i.rewardPerThDay).mul(i.btcPrice);
  const powerCost = dec(1).div(i.machineHashrate).mul(i.machinePowerW).mul(24).div(1000).mul(i.electricityPrice);
  const net = perTh.minus(powerCost);
  return (net.gt(0) ? net : dec(0)).mul(termDays).div(pricePerTh).toFixed();
}

/** TH/s bought with `amount` at `pricePerTh` (truncated to 6 places). */
export function hashrateFor(amount: DecimalInput, pricePerTh: DecimalInput): string {
  return truncate(dec(amount).div(pricePerTh), 6).toFixed();
}

/**
 * Splits `total` among holders in proportion to their amounts, each share truncated; the
 * dust left by truncation is returned as `rest` (it is not paid to anyone).
 */
export function proRata(
  total: DecimalInput,
  holders: readonly { id: number; amount: DecimalInput }[],
  places: number,
): { shares: { id: number; share: string }[]; rest: string } {
  const sum = holders.reduce((s, h) => s.plus(h.amount), dec(0));
  if (sum.isZero()) return { shares: [], rest: dec(total).toFixed() };
  let paid = dec(0);
  const shares = holders.map((h) => {
    const share = truncate(dec(total).mul(h.amount).div(sum), places);
    paid = paid.plus(share);
    return { id: h.id, share: share.toFixed() };
  });
  return { shares, rest: dec(total).minus(paid).toFixed() };
}

/** What a per-customer limit still leaves after the amounts already held (never below 0). */
export function limitLeft(limit: DecimalInput, held: readonly DecimalInput[]): string {
  const left = held.reduce<ReturnType<typeof dec>>((rest, amount) => rest.minus(amount), dec(limit));
  return left.lte(0) ? "0" : left.toFixed();
}
