// A price that moves is tinted up or down for FLASH_MS, then the tint is taken off: a class
// put on and taken off by one shared timer (no CSS animation restyling every frame, issue
// 37). A re-render without a new tick does not tint again; a tick in the other direction
// swaps the tint.
import { act, cleanup, render } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { FLASH_MS, PriceText } from "../src/components/market/market-bits";

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

const SYMBOLS = Array.from({ length: 30 }, (_, i) => `SYM${i}USDT`);
const span = (c: HTMLElement) => c.querySelector("[data-direction]") as HTMLElement;
const tint = (el: HTMLElement) =>
  /flashUp/.test(el.className) ? "up" : /flashDown/.test(el.className) ? "down" : "none";

describe("PriceText's tint", () => {
  it.each([
    ["no direction yet (first price)", null, "none"],
    ["a rise", "up", "up"],
    ["a fall", "down", "down"],
  ] as const)("%s → %s", (_, direction, expected) => {
    const { container } = render(<PriceText value="100.5" precision={2} direction={direction} ts={1} />);
    expect(span(container).textContent).toBe("100.50");
    expect(tint(span(container))).toBe(expected);
    act(() => vi.advanceTimersByTime(FLASH_MS + 20));
    expect(tint(span(container))).toBe("none");
  });

  it("a new tick tints again and restarts the time; a re-render without one does not", () => {
    const { container, rerender } = render(<PriceText value="1" precision={2} direction="up" ts={1} />);
    act(() => vi.advanceTimersByTime(FLASH_MS / 2));
    rerender(<PriceText value="0.9" precision={2} direction="down" ts={2} />);
    expect(tint(span(container))).toBe("down");
    act(() => vi.advanceTimersByTime(FLASH_MS / 2 + 20));
    expect(tint(span(container))).toBe("down"); // the second tick's time, not the first's
    act(() => vi.advanceTimersByTime(FLASH_MS / 2));
    expect(tint(span(container))).toBe("none");
    rerender(<PriceText value="0.9" precision={3} direction="down" ts={2} />);
    expect(tint(span(container))).toBe("none");
    expect(span(container).textContent).toBe("0.900");
  });

  it("many prices tinted in one batch are untinted together, by one timer", () => {
    const rows = (ts: number) => (
      <>
        {SYMBOLS.map((symbol, i) => (
          <PriceText key={symbol} value={String(i)} precision={0} direction={i % 2 ? "up" : "down"} ts={ts} />
        ))}
      </>
    );
    const { container } = render(rows(1));
    const all = () => [...container.querySelectorAll<HTMLElement>("[data-direction]")].map(tint);
    expect(all().filter((t) => t !== "none")).toHaveLength(30);
    expect(vi.getTimerCount()).toBe(1);
    act(() => vi.advanceTimersByTime(FLASH_MS + 20));
    expect(all().filter((t) => t !== "none")).toHaveLength(0);
    expect(vi.getTimerCount()).toBe(0);
  });
});
