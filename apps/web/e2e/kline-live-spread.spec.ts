// Issue 35 §5c at 375×812: the chart's bid/ask line moves with the price. Live ticks from the
// market socket change the last price; the "Sell … · Buy …" line follows them (the domain's quote
// around the live price with the symbol's disclosed spread), not the symbol list loaded at start.
import { expect, test } from "@playwright/test";

test("the chart's bid/ask line follows live ticks", async ({ page }) => {
  await page.goto("/#/kline?symbol=BTCUSDT");
  const spread = page.getByTestId("kline-spread");
  await expect(spread).toContainText(/Sell [\d,.]+ · Buy [\d,.]+/);
  const price = page.getByTestId("kline-price");
  const first = { price: await price.textContent(), spread: await spread.textContent() };
  // The simulated feed ticks every second or so: wait for a new price, then the line has moved too.
  await expect.poll(() => price.textContent(), { timeout: 20_000 }).not.toBe(first.price);
  await expect.poll(() => spread.textContent(), { timeout: 5_000 }).not.toBe(first.spread);
  const match = ((await spread.textContent()) ?? "").match(/Sell ([\d,.]+) · Buy ([\d,.]+)/);
  const sell = Number((match?.[1] ?? "0").replace(/,/g, ""));
  const buy = Number((match?.[2] ?? "0").replace(/,/g, ""));
  const last = Number(((await price.textContent()) ?? "").replace(/[^\d.]/g, ""));
  expect(sell).toBeLessThanOrEqual(last);
  expect(buy).toBeGreaterThanOrEqual(last);
  expect(buy - sell).toBeLessThan(last * 0.01);
});
