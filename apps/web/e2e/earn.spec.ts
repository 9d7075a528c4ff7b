// Earn on a phone: buy a fixed-term product, move the sandbox test clock forward through
// the API and see the daily interest in the order and the balance log, then the principal
// back at the end; start and stop an automated strategy; buy mining and see a day's payout
// with the inputs it was computed from.
import { type APIRequestContext, expect, type Page, test } from "@playwright/test";
import { routes } from "../src/app/routes";
import { field, registerCustomer, useToken } from "./support/customer";
import { availableOf, deposit } from "./support/funds";

const DAY = 86_400;

async function advance(request: APIRequestContext, seconds: number): Promise<void> {
  const res = await request.post("/dev/clock/advance", { data: { seconds } });
  expect(res.status(), await res.text()).toBe(200);
}

/** Open a screen afresh: business time moved on the server, so nothing cached in the app is current. */
async function openFresh(page: Page, path: string): Promise<void> {
  await page.goto(`/#${path}`);
  await page.reload();
}

/** Confirm the purchase dialog and land on the confirmation screen; returns the order id. */
async function confirmPurchase(page: Page): Promise<number> {
  const dialog = page.getByRole("dialog");
  await expect(dialog).toContainText("Confirm your order");
  await dialog.getByRole("button", { name: "Confirm" }).click();
  await expect(page).toHaveURL(/#\/taoliOk\?id=\d+/);
  await expect(page.getByText("Order placed")).toBeVisible();
  return Number(new URL(page.url().replace("#/", "")).searchParams.get("id"));
}

test("fixed term: 3 days of interest in the order and the balance log, principal back at the end", async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const customer = await registerCustomer(request, "earn-fixed");
  await deposit(request, customer.token, "USDT", "1000");
  await useToken(page, customer.token);
  await page.goto(`/#${routes.arbitrage}`);

  await expect(page.getByTestId("earn-stat")).toContainText("Running orders");
  await page.getByTestId("earn-product").filter({ hasText: "7-day fixed term" }).click();
  await expect(page).toHaveURL(/#\/taolilicaiDetail\?id=\d+/);
  await expect(page.getByTestId("earn-rate")).toHaveText("0.03% a day");
  await expect(page.getByText("10.95% a year (simple, daily rate × 365)")).toBeVisible();
  await expect(page.getByTestId("earn-redemption")).toContainText("interest paid so far is deducted");
  await expect(page.getByTestId("earn-risk")).toBeVisible();
  await expect(page.getByTestId("earn-available")).toHaveText("1,000.00 USDT");

  await field(page, "Amount in USDT").fill("50");
  await expect(page.getByRole("alert")).toHaveText("The minimum is 100 USDT");
  await field(page, "Amount in USDT").fill("1000");
  // 1000 × 0.0003 = 0.3 a day, for 7 days.
  await expect(page.getByTestId("earn-if-held")).toHaveText("2.10 USDT");
  await page.getByRole("button", { name: "Subscribe", exact: true }).click();
  const orderId = await confirmPurchase(page);
  await expect(page.getByTestId("ok-amount")).toHaveText("1,000.00 USDT");
  expect(await availableOf(request, customer.token, "USDT")).toBe("0");

  await advance(request, 3 * DAY);
  await openFresh(page, `/earnOrder?id=${orderId}`);
  await expect(page.getByTestId("earn-income")).toHaveCount(3);
  await expect(page.getByTestId("income-amount").first()).toHaveText("+0.30 USDT");
  await expect(page.getByTestId("detail-total")).toHaveText("0.90 USDT");
  await expect(page.getByTestId("order-status")).toHaveText("Running");
  await expect(page.getByRole("button", { name: "Redeem early" })).toBeVisible();

  await openFresh(page, routes.balanceLog);
  await expect(page.getByTestId("balance-entry").filter({ hasText: "Earn interest" })).toHaveCount(3);
  expect(await availableOf(request, customer.token, "USDT")).toBe("0.9");

  // Past the end of the 7-day term: the principal is back with all the interest.
  await advance(request, 4 * DAY + 120);
  await openFresh(page, `/earnOrder?id=${orderId}`);
  await expect(page.getByTestId("order-status")).toHaveText("Ended");
  await expect(page.getByTestId("detail-returned")).toHaveText("1,000.00 USDT");
  await expect(page.getByTestId("earn-income")).toHaveCount(7);
  expect(await availableOf(request, customer.token, "USDT")).toBe("1002.1");

  await openFresh(page, routes.wealthOrders);
  const card = page.getByTestId("earn-order").first();
  await page.locator(".adm-selector-item", { hasText: "Ended" }).click();
  await expect(card).toContainText("7-day fixed term");
  await expect(card.getByTestId("order-total")).toHaveText("2.10");
});

test("automated strategy: allocate, see its value, stop it", async ({ page, request }) => {
  test.setTimeout(90_000);
  const customer = await registerCustomer(request, "earn-quant");
  await deposit(request, customer.token, "USDT", "500");
  await useToken(page, customer.token);
  await page.goto("/#/quant");

  await page.getByTestId("earn-product").filter({ hasText: "Grid strategy" }).click();
  await expect(page.getByTestId("quant-no-rate")).toHaveText("Not promised: follows the market");
  await expect(page.getByTestId("quant-rules")).not.toHaveText("--");
  await field(page, "Amount in USDT").fill("200");
  await page.getByRole("button", { name: "Allocate", exact: true }).click();
  const orderId = await confirmPurchase(page);
  expect(await availableOf(request, customer.token, "USDT")).toBe("300");

  await page.getByRole("button", { name: "View the order" }).click();
  await expect(page).toHaveURL(new RegExp(`#/earnOrder\\?id=${orderId}`));
  await expect(page.getByTestId("detail-value")).toHaveText(/^[\d,]+\.\d{2} USDT$/);
  await expect(page.getByTestId("detail-pnl")).toHaveText(/^[+-]?[\d,]+\.\d{2} USDT$/);
  await page.getByRole("button", { name: "Stop the strategy" }).click();
  const dialog = page.getByRole("dialog");
  await expect(dialog).toContainText("Stop this strategy?");
  await dialog.getByRole("button", { name: "Stop the strategy" }).click();
  await expect(page.getByTestId("order-status")).toHaveText("Ended");
  await expect(page.getByTestId("detail-end-reason")).toHaveText("Stopped by you");
  const returned = Number(await availableOf(request, customer.token, "USDT"));
  // The value came back: 300 plus what the strategy held, after fees and price moves.
  expect(returned).toBeGreaterThan(450);
});

test("mining: buy hashrate, a day later a payout with its inputs", async ({ page, request }) => {
  test.setTimeout(90_000);
  const customer = await registerCustomer(request, "earn-mining");
  await deposit(request, customer.token, "USDT", "500");
  await useToken(page, customer.token);
  await page.goto(`/#${routes.mining}`);

  await page.getByTestId("earn-product").first().click();
  await expect(page).toHaveURL(/#\/kuangchiDetail\?id=\d+/);
  await expect(page.getByTestId("mining-formula")).toContainText("never below 0");
  await expect(page.getByTestId("mining-not-returned")).toContainText("It is not returned");
  await field(page, "Amount in USDT").fill("100");
  await expect(page.getByTestId("mining-th")).toHaveText(/^[\d.]+ TH\/s$/);
  await page.getByRole("button", { name: "Buy hashrate", exact: true }).click();
  const orderId = await confirmPurchase(page);
  await expect(page.getByTestId("ok-first-income")).toContainText("paid at 00:00 UTC");

  // The first output is valued at BTCUSDT's recorded close of today (business date). The test
  // clock runs ahead of real time, where no candle exists yet: the sandbox records the
  // simulated price as that day's close.
  const now = (await (await request.get("/dev/clock")).json()).result.now as string;
  const close = await request.post("/dev/market/dailyClose", { data: { symbol: "BTCUSDT", date: now.slice(0, 10) } });
  expect(close.status(), await close.text()).toBe(200);
  await advance(request, DAY);
  await openFresh(page, `/earnOrder?id=${orderId}`);
  await expect(page.getByTestId("earn-income")).toHaveCount(1);
  const inputs = page.getByTestId("income-inputs");
  await expect(inputs).toContainText("BTC price");
  await expect(inputs).toContainText("Reward per TH/s a day");
  await expect(inputs).toContainText("Electricity price");
  await expect(page.getByTestId("income-amount")).toHaveText(/^\+[\d,]+\.\d{2} USDT$/);
});
