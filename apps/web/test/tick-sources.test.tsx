// A trade's evidence names the venues its index price was made of, and why one was left out
// (issue 32 §2); a simulated tick (no components) adds nothing.
import type { IndexComponent } from "@candor/contract";
import { cleanup, render } from "@testing-library/react";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { TickSources } from "../src/components/market/tick-sources";
import { changeLanguage, initI18n } from "../src/lib/i18n";

const sources: IndexComponent[] = [
  { source: "binance", price: "91906.6", sourceTime: 1, weight: "1", used: true },
  { source: "kraken", price: "91907.1", sourceTime: 1, weight: "1", used: true },
  { source: "okx", price: "95000", sourceTime: 1, weight: "1", used: false, reason: "outlier" },
];

beforeAll(async () => {
  await initI18n("en-us");
});
afterEach(cleanup);

describe("the venues under an evidence tick", () => {
  it("names each venue with its price and the one left out", () => {
    const { container } = render(<TickSources sources={sources} label="Closing price" />);
    expect(container.textContent).toBe(
      " Closing price made of: Binance 91,906.6, Kraken 91,907.1, OKX 95,000 (too far from the others).",
    );
  });

  it("in Vietnamese", async () => {
    await changeLanguage("vl");
    const { container } = render(<TickSources sources={sources} label="Giá đóng" />);
    // The language's separators, as Intl writes them ("91.906,6").
    expect(container.textContent).toContain(
      `Giá đóng được tạo từ: Binance ${new Intl.NumberFormat("vi").format(91906.6)}`,
    );
    expect(container.textContent).toContain("lệch quá xa so với các nguồn khác");
    await changeLanguage("en-us");
  });

  it("in every language, whose app codes are not BCP-47 tags (mlxy threw a RangeError in Intl.ListFormat)", async () => {
    for (const [lang, tag] of [
      ["mlxy", "ms"],
      ["tai", "th"],
      ["jp", "ja"],
      ["xi", "es"],
      ["zh-cn", "zh-Hant"],
    ] as const) {
      await changeLanguage(lang);
      const { container } = render(<TickSources sources={sources} label="x" />);
      expect(container.textContent).toContain(`Binance ${new Intl.NumberFormat(tag).format(91906.6)}`);
      cleanup();
    }
    await changeLanguage("en-us");
  }, 30_000); // five languages' bundles load on a loaded machine

  it.each([[undefined], [[]]])("%j adds nothing", (none) => {
    const { container } = render(<TickSources sources={none} label="x" />);
    expect(container.textContent).toBe("");
  });
});
