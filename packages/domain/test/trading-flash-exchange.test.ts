// Flash exchange: quotes through USDT, the spread paid on each leg.
import { describe, expect, it } from "vitest";
import { flashQuote, USDT_LEG } from "../src";

describe("flash exchange through USDT, spread paid on each leg", () => {
  it.each([
    ["USDT → BTC", "1000", USDT_LEG, { bid: "64990", ask: "65010" }, 8, "0.000015382248", "0.01538224"],
    ["BTC → USDT", "0.5", { bid: "64990", ask: "65010" }, USDT_LEG, 6, "64990", "32495"],
    ["ETH → BTC", "2", { bid: "2600", ask: "2601" }, { bid: "64990", ask: "65010" }, 8, "0.0399938471", "0.07998769"],
  ] as const)("%s", (_name, amount, from, to, places, rate, received) => {
    const q = flashQuote(amount, from, to, places);
    expect(q.rate).toBe(rate);
    expect(q.received).toBe(received);
    expect(Number(q.spreadCost)).toBeGreaterThanOrEqual(0);
  });
});
