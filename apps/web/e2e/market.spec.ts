// Market data in the browser: live list, favourites, chart intervals, distribution.
import { expect, test } from "@playwright/test";
import { routes } from "../src/app/routes";

test("the market list shows live prices that change, by asset class, with search and favourites", async ({ page }) => {
  await page.goto(`/#${routes.market}`);
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
  await page.goto(`/#${routes.market}`);
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

test("a symbol's detail says where its price comes from, and why trading is paused", async ({ page }) => {
  // The sandbox's feed: the real endpoint says the price is simulated.
  await page.goto("/#/kline?symbol=BTCUSDT");
  const card = page.getByTestId("price-sources");
  await expect(card).toContainText("Where this price comes from");
  await expect(card).toContainText("Sandbox: this price is simulated.");
  await page.screenshot({ path: test.info().outputPath("kline-sources-simulated-en.png"), fullPage: true });

  // An index feed with one venue lying and the symbol halted (the shape the server gives with
  // MARKET_FEED=index, tested there against local venues).
  await page.route(/\/api\/trade\/appSymbol\/sources/, (route) =>
    route.fulfill({
      json: {
        success: true,
        code: 200,
        message: "",
        result: {
          symbol: "BTCUSDT",
          simulated: false,
          rule: { kind: "index", minSources: 2, maxAgeMs: 5000, bandPct: "1" },
          sources: [
            { source: "binance", state: "live" },
            { source: "okx", state: "outlier" },
            { source: "coinbase", state: "stale" },
            { source: "kraken", state: "excluded" },
          ],
          halted: { reason: "disagree", since: Date.now() },
        },
      },
    }),
  );
  await page.reload();
  await expect(page.getByTestId("price-halted")).toHaveText("Trading is paused: the price sources disagree.");
  await expect(card).toContainText("median of the latest prices from Binance, OKX, Coinbase Exchange, and Kraken");
  await expect(card).toContainText("at most 5 s old and within 1% of that median. At least 2 venues must agree");
  await expect(card.locator('li[data-state="outlier"]')).toContainText("Too far from the others");
  await page.screenshot({ path: test.info().outputPath("kline-sources-halted-en.png"), fullPage: true });

  // The longest language at 320 px: nothing runs off the side.
  await page.setViewportSize({ width: 320, height: 700 });
  await page.addInitScript(() => localStorage.setItem("lang", "vl"));
  await page.reload();
  await expect(page.getByTestId("price-halted")).toHaveText("Giao dịch tạm dừng: các nguồn giá không khớp nhau.");
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
  await page.screenshot({ path: test.info().outputPath("kline-sources-halted-vl-320.png"), fullPage: true });

  // The endpoint failing: the card says so and offers a retry; the chart still shows.
  await page.unroute(/\/api\/trade\/appSymbol\/sources/);
  await page.route(/\/api\/trade\/appSymbol\/sources/, (route) => route.fulfill({ status: 503, body: "" }));
  await page.reload();
  await expect(card).toContainText("Không tải được nguồn giá.");
  await expect(card.getByRole("button")).toBeVisible();
  await page.screenshot({ path: test.info().outputPath("kline-sources-error-vl-320.png"), fullPage: true });
});
