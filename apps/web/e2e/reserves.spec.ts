// Proof of reserves (issue 33): the daily job publishes a proof; the public page shows its
// root and totals logged out, and a customer's own balance is checked in the browser.
import { type APIRequestContext, expect, test } from "@playwright/test";
import { registerCustomer, useToken } from "./support/customer";
import { deposit } from "./support/funds";

/** Moves the business clock to the next 00:01 UTC, so that date's daily jobs (the proof among them) run. */
async function nextBusinessDay(request: APIRequestContext): Promise<void> {
  const now = new Date((await (await request.get("/dev/clock")).json()).result.now);
  const midnight = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1, 0, 1);
  const res = await request.post("/dev/clock/advance", {
    data: { seconds: Math.ceil((midnight - now.getTime()) / 1000) },
  });
  expect(res.status(), await res.text()).toBe(200);
}

test("the daily proof shows its root logged out, and a customer sees their balance included", async ({
  page,
  request,
}) => {
  const customer = await registerCustomer(request, "proof");
  await deposit(request, customer.token, "USDT", "250");
  await nextBusinessDay(request);
  const latest = (await (await request.get("/api/public/proof/latest")).json()).result;

  // Logged out: the published root, the totals, and no reserves shown without a chain.
  await page.goto("/#/proof");
  await expect(page.getByTestId("proof-root")).toHaveText(latest.root);
  await expect(page.getByTestId("no-chain")).toBeVisible();
  await expect(page.getByRole("columnheader", { name: "Owed to customers" })).toBeVisible();
  await expect(page.getByText("Log in to check that your balance is included.")).toBeVisible();
  await page.screenshot({ path: test.info().outputPath("proof-logged-out.png"), fullPage: true });

  // Logged in (a fresh page, so the stored session is read at start): the leaf and path are
  // verified in the browser.
  const mine = await page.context().newPage();
  await useToken(mine, customer.token);
  await mine.goto("/#/proof");
  await expect(mine.getByTestId("proof-result")).toHaveText("Your balance is included");
  await expect(mine.getByRole("definition").filter({ hasText: /^250$/ })).toBeVisible();
  await mine.screenshot({ path: test.info().outputPath("proof-included.png"), fullPage: true });
  const width = await mine.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(375);
});
