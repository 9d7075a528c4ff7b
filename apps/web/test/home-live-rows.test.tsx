// Issue 37: a batch of ticks re-renders only the home rows whose price moved. The live list
// is rebuilt on every batch (new objects for every symbol), so the rows compare what they
// show (sameQuote), not identity. PriceText stands in as a counter of row renders.
import { cleanup, render } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { LiveSymbol } from "../src/lib/market/hooks";

const renders: string[] = [];
vi.mock("../src/components/market/market-bits", () => ({
  PriceText: ({ value }: { value: string }) => {
    renders.push(value);
    return <span>{value}</span>;
  },
  ChangeTag: ({ value }: { value: string }) => <span>{value}</span>,
}));

const { FeaturedTile, MoverRow } = await import("../src/features/home/home-market-rows");

afterEach(() => {
  cleanup();
  renders.length = 0;
});

const symbol = (base: string, price: string, ts = 1): LiveSymbol =>
  ({
    symbol: `${base}USDT`,
    base,
    quote: "USDT",
    price,
    ts,
    change24h: "1.00",
    open24h: "100",
    marketOpen: true,
    pricePrecision: 2,
    direction: null,
  }) as unknown as LiveSymbol;

const LIST = ["BTC", "ETH", "SOL", "XRP", "ADA", "DOGE"].map((b, i) => symbol(b, String(100 + i)));
const onOpen = () => {};

describe.each([
  [
    "top movers",
    (list: LiveSymbol[]) => (
      <ul>
        {list.map((s) => (
          <MoverRow key={s.symbol} s={s} onOpen={onOpen} />
        ))}
      </ul>
    ),
  ],
  [
    "featured tiles",
    (list: LiveSymbol[]) => (
      <div>
        {list.map((s) => (
          <FeaturedTile key={s.symbol} s={s} onOpen={onOpen} />
        ))}
      </div>
    ),
  ],
] as const)("home's %s", (_name, view) => {
  it("re-render only the row whose quote moved when the list is rebuilt", () => {
    const { rerender, container } = render(view(LIST));
    expect(renders).toHaveLength(6);
    renders.length = 0;
    // The next batch: every object new, one price moved.
    const next = LIST.map((s) =>
      s.base === "ETH" ? { ...s, price: "99", ts: 2, direction: "down" as const } : { ...s },
    );
    rerender(view(next));
    expect(renders).toEqual(["99"]);
    expect(container.textContent).toContain("99");
  });

  it.each([
    ["a new tick at the same price", { ts: 2 }],
    ["a new 24 h change", { change24h: "2.00" }],
    ["the market closing", { marketOpen: false }],
    ["another precision", { pricePrecision: 4 }],
  ])("re-render a row on %s", (_what, change) => {
    const { rerender } = render(view(LIST));
    renders.length = 0;
    rerender(view(LIST.map((s, i) => (i === 0 ? ({ ...s, ...change } as LiveSymbol) : { ...s }))));
    expect(renders).toEqual(["100"]);
  });
});
