// The truth about losses (issue 34 §1) in the browser at 375×812: the home risk warning shows
// the general text while the figure is below the minimum sample (this server has few
// customers), the live figure with its date and the method's link when one is published, in
// all eight languages; "My results" shows a closed futures trade's result.
import { expect, type Page, test } from "@playwright/test";
import { routes } from "../src/app/routes";
import { fundCustomer, registerCustomer, useToken } from "./support/customer";
import { LANGS, locale, pickLang, TAGS } from "./support/languages";

const shot = (page: Page, name: string) => page.screenshot({ path: test.info().outputPath(`${name}.png`) });

/** A published figure (the sample met), served in place of this server's answer. */
const PUBLISHED = {
  asOf: "2026-11-27",
  minimumSample: 100,
  products: [
    { product: "futures", customers: 1432, losingShare: "0.7123" },
    { product: "options", customers: 806, losingShare: "0.6650" },
    { product: "all", customers: 1893, losingShare: "0.6981" },
  ],
};
const publish = (page: Page) =>
  page.route("**/api/public/lossRate", (route) =>
    route.fulfill({
      contentType: "application/json",
      body: JSON.stringify({ success: true, code: 200, message: "ok", result: PUBLISHED, timestamp: Date.now() }),
    }),
  );

test("below the minimum sample the server publishes no share and home shows the general warning, in 8 languages", async ({
  page,
  request,
}) => {
  const res = await request.get("/api/public/lossRate");
  expect(res.status()).toBe(200);
  const figure = (await res.json()).result;
  expect(figure.minimumSample).toBe(100);
  expect(figure.products.map((p: { losingShare: string | null }) => p.losingShare)).toEqual([null, null, null]);

  for (const lang of LANGS) {
    await pickLang(page, lang);
    await page.goto("/#/home");
    const bar = page.locator(".adm-notice-bar").first();
    await expect(bar).toContainText(locale("home", lang).riskNotice);
    await expect(page.getByTestId("loss-rate")).toHaveCount(0);
    if (lang === "en-us" || lang === "tai") await shot(page, `home-general-${lang}`);
  }
});

test("a published figure replaces the warning's text with the share, its date and the method's link, in 8 languages", async ({
  page,
}) => {
  await publish(page);
  for (const lang of LANGS) {
    await pickLang(page, lang);
    await page.goto("/#/home");
    const live = page.getByTestId("loss-rate");
    const percent = new Intl.NumberFormat(TAGS[lang], { style: "percent", maximumFractionDigits: 0 }).format(0.6981);
    const date = new Intl.DateTimeFormat(TAGS[lang], { dateStyle: "medium", timeZone: "UTC" }).format(
      new Date("2026-11-27T00:00:00Z"),
    );
    const strings = locale("disclosure", lang);
    await expect(live).toContainText(strings.line.all.replace("{{percent}}", percent));
    await expect(live).toContainText(strings.asOf.replace("{{date}}", date));
    // Still one bar in the same place: the text was replaced, nothing was added above the screen.
    await expect(page.locator(".adm-notice-bar").first()).toContainText(percent);
    await expect(page.locator(".adm-notice-bar").first()).not.toContainText(locale("home", lang).riskNotice);
    if (lang === "en-us" || lang === "zh-cn") await shot(page, `home-figure-${lang}`);
    await live.getByRole("link", { name: strings.how }).click();
    await expect(page).toHaveURL(/#\/loss-method$/);
    await expect(page.getByText(locale("routes", lang).lossMethod)).toBeVisible();
    await expect(page.getByTestId("loss-figures")).toContainText(strings.product.futures);
    if (lang === "en-us" || lang === "jp") await shot(page, `method-${lang}`);
  }
});

test("the futures confirmation sheet and the options screen show their product's figure, and the options confirmation too", async ({
  page,
  request,
}) => {
  await publish(page);
  const customer = await registerCustomer(request, "loss-screens");
  await fundCustomer(request, customer.token, "500");
  await useToken(page, customer.token);
  await page.goto(`/#${routes.contract}?symbol=BTCUSDT`);
  // The futures figure is in the sheet that confirms a new position (issue 35 §11).
  await page.locator('input[aria-label="Margin (USDT)"]').fill("10");
  await page.getByRole("button", { name: "Open long" }).click();
  const sheet = page.getByRole("dialog", { name: "Confirm your position" });
  await expect(sheet.getByTestId("loss-rate")).toContainText("71% of Candor customers lost money trading futures");
  await shot(page, "futures-figure");
  await sheet.getByRole("button", { name: "Cancel" }).click();
  await page.goto("/#/options");
  await expect(page.getByTestId("loss-rate")).toContainText("67% of Candor customers lost money trading options");
  await page.locator("input[aria-label]").first().fill("10");
  await page.getByRole("button", { name: "Up ↑" }).click();
  await expect(page.getByTestId("loss-rate-confirm")).toContainText("67% of Candor customers");
  await shot(page, "options-confirm-figure");
});

test("My results shows a closed futures trade's result for the month, with the chart", async ({ page, request }) => {
  const customer = await registerCustomer(request, "results");
  await fundCustomer(request, customer.token, "1000");
  const headers = { "x-access-token": customer.token };
  const opened = await request.post("/api/trade/appTradePositions/create", {
    headers,
    data: { symbol: "BTCUSDT", direction: "long", margin: "100", leverage: 2 },
  });
  expect(opened.status(), await opened.text()).toBe(200);
  const id = (await opened.json()).result.id;
  const closed = await request.post(`/api/trade/appTradePositions/close/${id}`, { headers, data: {} });
  expect(closed.status(), await closed.text()).toBe(200);

  const results = (await (await request.get("/api/user/results?months=12", { headers })).json()).result;
  expect(results.months).toHaveLength(12);
  const month = results.months[11];
  expect(Number(month.futuresFees)).toBeGreaterThan(0);
  expect(month.net).not.toBe("0");

  await useToken(page, customer.token);
  await page.goto("/#/my");
  await page.getByText("My results").click();
  await expect(page).toHaveURL(/#\/results$/);
  await expect(page.getByTestId("results-chart")).toBeVisible();
  const row = page.locator(`tr[data-month="${month.month}"]`);
  // Amounts show at 2 places, cut (not rounded) as everywhere in the app.
  const two = (v: string) => (Math.trunc(Number(v) * 100) / 100).toFixed(2);
  await expect(row).toContainText(two(month.futuresFees));
  await expect(row).toContainText(two(month.net));
  await expect(page.getByTestId("results-total")).toContainText(`${two(month.net)} USDT`);
  // Nothing wider than the phone but the table's own scroller.
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await shot(page, "my-results-375");
  await page.setViewportSize({ width: 320, height: 640 });
  await expect(page.getByTestId("results-chart")).toBeVisible();
  await shot(page, "my-results-320");
});

test("My results says so when there is nothing yet, in 8 languages", async ({ page, request }) => {
  const customer = await registerCustomer(request, "results-empty");
  await useToken(page, customer.token);
  for (const lang of LANGS) {
    await pickLang(page, lang);
    await page.goto("/#/results");
    await expect(page.getByText(locale("disclosure", lang).results.empty)).toBeVisible();
    await expect(page.getByText(locale("routes", lang).myResults).first()).toBeVisible();
    if (lang === "en-us" || lang === "vl") await shot(page, `my-results-empty-${lang}`);
  }
});
