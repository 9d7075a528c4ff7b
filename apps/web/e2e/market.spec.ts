// Market data in the browser: live list, favourites, chart intervals, distribution.
import { expect, test } from "@playwright/test";

test("the market list shows live prices that change, by asset class, with search and favourites", async ({ page }) => {
  await page.goto("/#/hangqing");
  await expect(page.getByTestId("simulated-badge")).toBeVisible();
  const btcPrice = page.locator('li[data-symbol="BTCUSDT"] [data-direction]');
  await expect(btcPrice).toHaveText(/^\d{1,3}(,\d{3})*\.\d{2}$/);
  const first = await btcPrice.textContent();
  await expect.poll(async () => btcPrice.textContent(), { timeout: 20_000 }).not.toBe(first);

  await page.getByRole("tab", { name: "Metals" }).click();
  await expect(page.locator('li[data-symbol="XAUUSD"]')).toBeVisible();
  await page.getByRole("tab", { name: "Forex" }).click();
  await expect(page.locator('li[data-symbol="EURUSD"]')).toBeVisible();
  await expect(page.locator('li[data-symbol="BTCUSDT"]')).toHaveCount(0);

  await page.getByRole("tab", { name: "Crypto" }).click();
  await page.getByPlaceholder("Search a symbol, e.g. BTC").fill("eth");
  await expect(page.locator("li[data-symbol]")).toHaveCount(1);
  await page.getByRole("button", { name: "Add ETHUSDT to favourites" }).click();
  await page.getByPlaceholder("Search a symbol, e.g. BTC").fill("");
  await page.getByRole("tab", { name: "Favourites" }).click();
  await expect(page.locator("li[data-symbol]")).toHaveCount(1);
  await expect(page.locator('li[data-symbol="ETHUSDT"]')).toBeVisible();
  await page.reload();
  await page.getByRole("tab", { name: "Favourites" }).click();
  await expect(page.locator('li[data-symbol="ETHUSDT"]')).toBeVisible();
});

test("the chart renders candles and switches interval", async ({ page }) => {
  await page.goto("/#/hangqing");
  await page
    .locator('li[data-symbol="BTCUSDT"]')
    .getByRole("button", { name: /^BTC\/USDT/ })
    .click();
  await expect(page).toHaveURL(/#\/kline\?symbol=BTCUSDT/);
  const chart = page.getByTestId("kline-chart");
  await expect(chart.locator("canvas").first()).toBeVisible();
  await expect(page.getByText(/spread 0\.\d+%/)).toBeVisible();

  const klineRequest = page.waitForRequest(
    (r) => r.url().includes("/api/trade/appSymbol/kline") && r.url().includes("interval=1h"),
  );
  await page.getByRole("tab", { name: "1H" }).click();
  await klineRequest;
  await expect(page).toHaveURL(/interval=1h/);
  await expect(page.getByRole("tab", { name: "1H" })).toHaveAttribute("aria-selected", "true");
  await expect(chart.locator("canvas").first()).toBeVisible();

  // The live price in the header follows the feed.
  const price = page.getByTestId("kline-price");
  const before = await price.textContent();
  await expect.poll(async () => price.textContent(), { timeout: 20_000 }).not.toBe(before);
});

test("home shows featured tickers and top movers; the distribution adds up", async ({ page, request }) => {
  await page.goto("/#/home");
  await expect(page.getByRole("region", { name: "Featured prices" }).getByText("BTC/USDT")).toBeVisible();
  const movers = page.getByRole("list", { name: "Top movers" }).getByRole("listitem");
  await expect(movers).toHaveCount(5);

  await page.getByRole("button", { name: "Market breadth" }).click();
  await expect(page).toHaveURL(/#\/priceDistribution$/);
  const api = await (await request.get("/api/trade/api/getPriceDistribution")).json();
  const { rise, fall, flat, total, buckets } = api.result;
  expect(rise + fall + flat).toBe(total);
  expect(buckets.reduce((n: number, b: { count: number }) => n + b.count, 0)).toBe(total);
  await expect(page.getByText(`${rise} rose`)).toBeVisible();
});
