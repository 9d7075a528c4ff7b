// Flash exchange: a live quote with the spread and both balances before/after, confirm,
// the balance refresh, and the exchange in the records.
import { expect, test } from "@playwright/test";
import { routes } from "../src/app/routes";
import { field, registerCustomer, useToken } from "./support/customer";
import { availableOf, deposit } from "./support/funds";

test("exchange USDT for BTC at the quoted rate and find it in the records", async ({ page, request }) => {
  test.setTimeout(90_000);
  const customer = await registerCustomer(request, "exchange");
  await deposit(request, customer.token, "USDT", "1000");
  await useToken(page, customer.token);
  await page.goto(`/#${routes.flashExchange}`);

  // A tab of the bottom bar.
  await expect(page.getByRole("navigation", { name: "Main sections" })).toBeVisible();
  await expect(page.getByTestId("exchange-from")).toContainText("USDT");
  await expect(page.getByTestId("exchange-to")).toContainText("BTC");
  await expect(page.getByTestId("exchange-available-from")).toHaveText("1,000.00");

  // Picking the currency already on the other side swaps them; the swap button swaps back.
  await page.getByTestId("exchange-to").click();
  await page.getByRole("dialog", { name: "Currency to receive" }).locator('[data-currency="USDT"]').click();
  await expect(page.getByTestId("exchange-from")).toContainText("BTC");
  await page.getByRole("button", { name: "Swap the currencies" }).click();
  await expect(page.getByTestId("exchange-from")).toContainText("USDT");

  await field(page, "Amount to convert").fill("1000.5");
  await expect(page.getByRole("alert")).toHaveText("Not enough balance: 1,000 USDT available");
  await field(page, "Amount to convert").fill("100");
  const quote = page.getByTestId("exchange-quote");
  await expect(page.getByTestId("exchange-rate")).toHaveText(/^1 BTC = [\d,.]+ USDT$/);
  await expect(page.getByTestId("exchange-spread")).toHaveText(/^[\d.]+% ≈ 0\.\d{8} BTC$/);
  await expect(page.getByTestId("exchange-from-balance")).toHaveText("1,000.00 → 900.00");
  await expect(page.getByTestId("exchange-to-balance")).toHaveText(/^0\.00000000 → 0\.00\d{6}$/);
  await expect(quote).toContainText("Market rate (no spread)");
  const received = (await page.getByTestId("exchange-received").textContent()) ?? "";
  expect(received).toMatch(/^0\.00\d{6}$/);

  await page.getByRole("button", { name: "Convert", exact: true }).click();
  const dialog = page.getByRole("dialog");
  await expect(dialog).toContainText("Confirm the conversion");
  await expect(dialog.getByTestId("exchange-confirm")).toContainText("Spread cost");
  await dialog.getByRole("button", { name: "Convert now" }).click();
  await expect(page.getByText(/^Converted 100\.00 USDT to 0\.00\d{6} BTC$/)).toBeVisible();

  // Balances refresh; the ledger agrees.
  await expect(page.getByTestId("exchange-available-from")).toHaveText("900.00");
  expect(await availableOf(request, customer.token, "USDT")).toBe("900");
  const btc = await availableOf(request, customer.token, "BTC");
  expect(Number(btc)).toBeGreaterThan(0);

  // "All" fills the whole balance of the paying currency.
  await page.getByRole("button", { name: "Swap the currencies" }).click();
  await page.getByRole("button", { name: "All" }).click();
  await expect(field(page, "Amount to convert")).toHaveValue(btc);

  await page.getByRole("button", { name: "Records" }).click();
  await expect(page).toHaveURL(/#\/shanduiOrder/);
  const record = page.getByTestId("exchange-record");
  await expect(record).toHaveCount(1);
  await expect(record).toContainText("USDT → BTC");
  await expect(record).toContainText("100.00 USDT");
  await expect(record.getByTestId("exchange-record-received")).toHaveText(`${Number(btc).toFixed(8)} BTC`);
  await expect(record).toContainText(/1 BTC = [\d,.]+ USDT/);
});
