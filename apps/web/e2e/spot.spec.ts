// Spot trading: client-side checks of precision and minimum value, a limit order placed
// (funds held) and cancelled (funds released), and a market buy that fills at once.
import { expect, test } from "@playwright/test";
import { field, registerCustomer, useToken } from "./support/customer";
import { availableOf, deposit } from "./support/funds";

test("place and cancel a limit buy, then buy at market and see the fill", async ({ page, request }) => {
  test.setTimeout(90_000);
  const customer = await registerCustomer(request, "spot");
  await deposit(request, customer.token, "USDT", "1000");
  const price = await request.get("/api/trade/appSymbol/price?symbol=BTCUSDT");
  const bid = Number((await price.json()).result.bid);
  // Far below the market: it waits instead of filling.
  const limit = (Math.floor(bid * 50) / 100).toFixed(2);

  await useToken(page, customer.token);
  await page.goto("/#/spot?symbol=BTCUSDT");
  await expect(page.getByTestId("symbol-picker")).toContainText("BTC/USDT");
  await expect(page.getByTestId("spot-available-quote")).toHaveText("1,000.00 USDT");
  await expect(page.getByTestId("spot-available-base")).toHaveText("0.00000 BTC");

  // Limit order: precision and minimum value are checked before anything is sent.
  await page.getByRole("tab", { name: "Limit" }).click();
  await field(page, "Limit price").fill("1.234");
  await expect(page.getByRole("alert").first()).toHaveText("At most 2 decimals");
  await field(page, "Limit price").fill(limit);
  await field(page, "Quantity").fill("0.123456");
  await expect(page.getByRole("alert")).toHaveText("At most 5 decimals");
  await field(page, "Quantity").fill("0.00001");
  await expect(page.getByRole("alert")).toHaveText("The order value must be at least 5 USDT");
  await expect(page.getByRole("button", { name: "Buy BTC" })).toBeDisabled();

  await field(page, "Quantity").fill("0.01");
  const preview = page.getByTestId("spot-preview");
  await expect(preview).toContainText("Fee (0.1%)");
  await page.getByRole("button", { name: "Buy BTC" }).click();
  const dialog = page.getByRole("dialog");
  await expect(dialog.getByTestId("spot-confirm")).toContainText("Limit");
  await dialog.getByRole("button", { name: "Buy BTC" }).click();
  await expect(page.getByText("Limit order placed")).toBeVisible();

  const open = page.getByTestId("spot-open-order");
  await expect(open).toHaveCount(1);
  await expect(page.getByRole("tab", { name: "Open orders (1)" })).toBeVisible();
  // The cost plus fee is held while the order waits.
  const held = await request.get("/api/trade/appSpotOrder/listMy?status=open", {
    headers: { "X-Access-Token": customer.token },
  });
  const heldAmount = (await held.json()).result.records[0].heldAmount as string;
  expect(Number(heldAmount)).toBeCloseTo(Number(limit) * 0.01 * 1.001, 4);
  await expect.poll(() => availableOf(request, customer.token, "USDT")).not.toBe("1000");

  // Cancel with confirmation: the held funds come back.
  await open.getByRole("button", { name: "Cancel" }).click();
  await expect(page.getByRole("dialog")).toContainText("Cancel this order?");
  await page.getByRole("dialog").getByRole("button", { name: "Cancel order" }).click();
  await expect(page.getByText("Order cancelled")).toBeVisible();
  await expect(open).toHaveCount(0);
  await expect(page.getByTestId("spot-available-quote")).toHaveText("1,000.00 USDT");
  expect(await availableOf(request, customer.token, "USDT")).toBe("1000");

  // Market buy: fills at once at the ask.
  await page.getByRole("tab", { name: "Market" }).click();
  await expect(page.getByText(/Buys at the best current ask, now [\d,.]+ USDT/)).toBeVisible();
  await field(page, "Quantity").fill("0.002");
  await expect(page.getByTestId("spot-total")).toHaveText(/^[\d,.]+ USDT$/);
  await page.getByRole("button", { name: "Buy BTC" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Buy BTC" }).click();
  await expect(page.getByText(/Filled: 0\.002 BTC at [\d,.]+/)).toBeVisible();
  await expect(page.getByTestId("spot-available-base")).toHaveText("0.00200 BTC");
  expect(await availableOf(request, customer.token, "BTC")).toBe("0.002");

  await page.getByRole("tab", { name: "Fills" }).click();
  const fill = page.getByTestId("spot-fill");
  await expect(fill).toHaveCount(1);
  await expect(fill).toContainText("Market");
  await expect(fill).toContainText("0.002 BTC");
});
