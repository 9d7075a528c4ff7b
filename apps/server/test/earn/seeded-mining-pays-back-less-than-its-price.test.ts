// The seeded mining products are priced like real hashrate (issue 35 §2): at the seeded BTC
// price and the default network reward, what a machine's term pays is less than its price
// (the price is not returned), computed with the domain's own mining formula.
import { dec, miningPayback } from "@candor/domain";
import { describe, expect, it } from "vitest";
import { DEFAULT_MINING_REWARD } from "../../src/modules/earn/products";
import { earnSeedProducts } from "../../src/modules/earn/seed";
import { SYMBOL_SEEDS } from "../../src/modules/market/symbols";

const btcPrice = SYMBOL_SEEDS.find((s) => s.symbol === "BTCUSDT")?.referencePrice;
const mining = earnSeedProducts(0).filter((p) => p.type === "mining");

describe("seeded mining products", () => {
  it("are seeded at all, at a seeded BTC price", () => {
    expect(btcPrice).toBe("92000");
    expect(mining.length).toBeGreaterThan(0);
  });

  it.each(mining.map((p) => [p.name["en-us"], p] as const))(
    "%s pays back less than its price over its term at the seeded BTC price",
    (_name, p) => {
      const machine = p.machine;
      if (!machine || !p.pricePerTh || !btcPrice) throw new Error("a mining product without its machine or price");
      const payback = miningPayback(
        {
          rewardPerThDay: DEFAULT_MINING_REWARD,
          btcPrice,
          machineHashrate: machine.hashrate,
          machinePowerW: machine.power,
          electricityPrice: p.electricityPrice ?? "0",
        },
        p.pricePerTh,
        p.termDays,
      );
      // Below 100 %, and not a product that returns next to nothing either.
      expect(dec(payback).lt(1), `payback ${payback}`).toBe(true);
      expect(dec(payback).gt("0.5"), `payback ${payback}`).toBe(true);
    },
  );
});
