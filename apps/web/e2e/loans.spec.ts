// Loans on a phone: put crypto up as collateral for a pledge loan (sandbox deposit first),
// see the calculator, the risk notice and the confirmation, the loan running with its LTV,
// repay all of it and see the collateral back in the asset centre.
import { type APIRequestContext, expect, test } from "@playwright/test";
import { routes } from "../src/app/routes";
import { field, registerCustomer, useToken } from "./support/customer";
import { availableOf, deposit } from "./support/funds";

interface PledgeSet {
  id: number;
  name: string;
  currency: string;
  minAmount: string;
  maxAmount: string;
  collateralCurrencies?: string[];
  initialLtv?: string;
}

async function result<T>(request: APIRequestContext, path: string, token?: string): Promise<T> {
  const res = await request.get(path, { headers: token ? { "X-Access-Token": token } : {} });
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()).result as T;
}

test("pledge loan: collateral in, the LTV moves as collateral is added, repaid in full, collateral back in the asset centre", async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const customer = await registerCustomer(request, "loans-pledge");

  // The first pledge product that takes BTC (or its first collateral currency), and the live price.
  const sets = await result<PledgeSet[]>(request, "/api/prod/appLoanSet/list?type=pledge", customer.token);
  expect(sets.length, "a pledge loan product is seeded").toBeGreaterThan(0);
  const set = (sets.find((s) => s.collateralCurrencies?.includes("BTC")) ?? sets[0]) as PledgeSet;
  const coin = set.collateralCurrencies?.includes("BTC") ? "BTC" : (set.collateralCurrencies?.[0] ?? "BTC");
  const symbols = await result<{ symbol: string; price: string | null }[]>(
    request,
    "/api/trade/appSymbol/list?assetClass=crypto",
  );
  const price = Number(symbols.find((s) => s.symbol === `${coin}${set.currency}`)?.price);
  expect(price).toBeGreaterThan(0);

  // Borrow the product's minimum (at least 100) with collateral for half the initial LTV, so a
  // price move while the test runs cannot push it over the limit.
  const amount = String(Math.min(Number(set.maxAmount), Math.max(Number(set.minAmount), 100)));
  const collateral = (
    Math.ceil((Number(amount) / (price * Number(set.initialLtv ?? "0.5") * 0.5)) * 1e8) / 1e8
  ).toFixed(8);
  await deposit(request, customer.token, coin, collateral);
  // A little USDT besides the loan itself, in case the first day's interest is owed at once.
  await deposit(request, customer.token, "USDT", "20");

  await useToken(page, customer.token);
  await page.goto("/#/my");
  await page.getByText("Loans", { exact: true }).click();
  await expect(page).toHaveURL(/#\/jiedai$/);
  await expect(page.getByTestId("loan-account")).toContainText("My loan account");
  await page.getByText("Pledge loan", { exact: true }).click();
  await expect(page).toHaveURL(/#\/jiedai\?type=pledge/);

  await page.getByTestId("loan-product").filter({ hasText: set.name }).click();
  await expect(page.getByTestId("loan-risk")).toContainText("Your collateral can be sold if its price falls");
  await field(page, `Amount in ${set.currency}`).fill(amount);
  await page.getByRole("button", { name: coin, exact: true }).click();
  await expect(page.getByTestId("calc-price")).toContainText(set.currency);
  await expect(page.getByTestId("calc-min-collateral")).toContainText(coin);
  await expect(page.getByTestId("collateral-available")).toHaveText(`${Number(collateral)} ${coin}`);
  await field(page, `Collateral in ${coin}`).fill(collateral);
  await expect(page.getByTestId("calc-ltv")).toHaveText(/^\d+(\.\d+)?%$/);
  await expect(page.getByTestId("calc-liquidation-price")).toContainText(set.currency);

  await page.getByRole("button", { name: "Borrow now" }).click();
  const confirm = page.getByRole("dialog").filter({ hasText: "Confirm your loan" });
  await expect(confirm.getByTestId("loan-confirm")).toContainText(`${Number(collateral)} ${coin}`);
  await expect(confirm.getByTestId("loan-confirm")).toContainText("Liquidation at");
  await confirm.getByRole("button", { name: "Confirm" }).click();
  await expect(page).toHaveURL(/#\/jiedaiOrder\?id=\d+/);

  // Running, with the LTV at the live price and the collateral held.
  await expect(page.getByTestId("loan-status")).toHaveText("Running");
  await expect(page.getByTestId("loan-ltv")).toHaveText(/^\d+(\.\d+)?%$/);
  await expect(page.getByTestId("detail-collateral")).toHaveText(`${Number(collateral)} ${coin}`);
  await expect(page.getByTestId("detail-liquidation-price")).toContainText(set.currency);
  await expect(page.getByTestId("margin-call-banner")).toHaveCount(0);
  await expect(page.getByTestId("loan-risk")).toBeVisible();
  expect(Number(await availableOf(request, customer.token, coin))).toBe(0);
  expect(Number(await availableOf(request, customer.token, set.currency))).toBeGreaterThanOrEqual(Number(amount));

  // The LTV moves with the collateral behind the loan: adding as much again about halves it.
  const ltvNow = async () => Number(((await page.getByTestId("loan-ltv").textContent()) ?? "").replace("%", ""));
  const ltvBefore = await ltvNow();
  expect(ltvBefore).toBeGreaterThan(0);
  await deposit(request, customer.token, coin, collateral);
  await page.getByTestId("open-add-collateral").click();
  const sheet = page.getByTestId("collateral-sheet");
  await sheet.locator(`input[aria-label="Collateral in ${coin}"]`).fill(collateral);
  await expect(sheet.getByTestId("collateral-ltv-after")).toHaveText(/^\d+(\.\d+)?%$/);
  await sheet.getByRole("button", { name: "Add collateral" }).click();
  await page
    .getByRole("dialog")
    .filter({ hasText: "Add collateral?" })
    .getByRole("button", { name: "Add", exact: true })
    .click();
  const doubled = ((Math.round(Number(collateral) * 1e8) * 2) / 1e8).toFixed(8);
  await expect(page.getByTestId("detail-collateral")).toHaveText(`${Number(doubled)} ${coin}`);
  await expect.poll(ltvNow).toBeLessThan(ltvBefore * 0.6);

  // Repay all of it.
  await page.getByTestId("open-repay").click();
  await expect(page.getByTestId("repay-sheet")).toBeVisible();
  await page.getByRole("button", { name: "Repay all" }).click();
  const repay = page.getByRole("dialog").filter({ hasText: "Confirm the repayment" });
  await expect(repay.getByTestId("repay-confirm")).toContainText("Collateral returned");
  await repay.getByRole("button", { name: "Repay", exact: true }).click();
  await expect(page.getByTestId("loan-status")).toHaveText("Repaid");
  await expect(page.getByTestId("loan-repayment")).toHaveCount(1);
  await expect(page.getByTestId("loan-history").filter({ hasText: "Repaid in full" })).toHaveCount(1);

  // The loan list shows it repaid; the collateral is back in the asset centre.
  await page.goto(`/#${routes.loanOrders}`);
  await expect(page.getByTestId("loan-order").first().getByTestId("loan-status")).toHaveText("Repaid");
  await page.goto(`/#${routes.assetCentre}`);
  await expect(page.getByTestId(`balance-${coin}`)).toContainText(doubled);
  expect(await availableOf(request, customer.token, coin)).toBe(String(Number(doubled)));
});

test("pledge loan 'use minimum' stays below the initial LTV; after a price move the refusal offers the new minimum in one tap", async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const customer = await registerCustomer(request, "loans-offer");
  const sets = await result<PledgeSet[]>(request, "/api/prod/appLoanSet/list?type=pledge", customer.token);
  const set = (sets.find((s) => s.collateralCurrencies?.includes("BTC")) ?? sets[0]) as PledgeSet;
  const coin = set.collateralCurrencies?.includes("BTC") ? "BTC" : (set.collateralCurrencies?.[0] ?? "BTC");
  const symbol = `${coin}${set.currency}`;
  const symbols = await result<{ symbol: string; price: string }[]>(
    request,
    "/api/trade/appSymbol/list?assetClass=crypto",
  );
  const price = Number(symbols.find((s) => s.symbol === symbol)?.price);
  expect(price).toBeGreaterThan(0);
  const initialLtv = Number(set.initialLtv ?? "0.5");
  const amount = String(Math.min(Number(set.maxAmount), Math.max(Number(set.minAmount), 100)));
  // Enough for the minimum at well below today's price.
  await deposit(request, customer.token, coin, ((Number(amount) / (price * initialLtv)) * 3).toFixed(8));

  // The app quoted a price 10 % above the market's (the price fell between quote and submit):
  // the symbol list answers 10 % high and no live tick corrects it.
  await page.routeWebSocket(/\/api\/websocket\/market$/, (ws) => {
    ws.onMessage((raw) => {
      const message = JSON.parse(String(raw)) as { op?: string; channels?: string[] };
      if (message.op === "subscribe") ws.send(JSON.stringify({ op: "subscribed", channels: message.channels }));
      if (message.op === "ping") ws.send(JSON.stringify({ op: "pong", ts: Date.now() }));
    });
  });
  await page.route(/\/api\/trade\/appSymbol\/list/, async (route) => {
    const response = await route.fetch();
    const body = await response.json();
    for (const s of body.result as { symbol: string; price: string | null }[]) {
      if (s.symbol === symbol && s.price) s.price = (Number(s.price) * 1.1).toFixed(2);
    }
    await route.fulfill({ response, json: body });
  });

  await useToken(page, customer.token);
  await page.goto(`/#${routes.loans}?type=pledge`);
  await page.getByTestId("loan-product").filter({ hasText: set.name }).click();
  await field(page, `Amount in ${set.currency}`).fill(amount);
  await page.getByRole("button", { name: coin, exact: true }).click();
  await expect(page.getByTestId("calc-min-collateral")).toContainText(coin);

  // "Use minimum" puts the LTV a margin below the initial LTV (at the price the app shows).
  await page.getByRole("button", { name: "Use minimum" }).click();
  const filled = await field(page, `Collateral in ${coin}`).inputValue();
  expect(Number(filled)).toBeGreaterThan(0);
  await expect(page.getByTestId("calc-ltv")).toHaveText(/^\d+(\.\d+)?%$/);
  const shownLtv = Number(((await page.getByTestId("calc-ltv").textContent()) ?? "").replace("%", ""));
  expect(shownLtv).toBeLessThan(initialLtv * 100 * 0.975);
  expect(shownLtv).toBeGreaterThan(initialLtv * 100 * 0.95);

  // The server checks at the market's bid: refused, with the new minimum offered.
  await page.getByRole("button", { name: "Borrow now" }).click();
  const refused = page.waitForResponse((r) => r.url().includes("/appLoanOrder/pledgeApply"));
  await page
    .getByRole("dialog")
    .filter({ hasText: "Confirm your loan" })
    .getByRole("button", { name: "Confirm" })
    .click();
  const refusal = await refused;
  expect(refusal.status()).toBe(400);
  const details = (await refusal.json()).result as { minCollateral: string; collateralCurrency: string };
  expect(details.collateralCurrency).toBe(coin);
  expect(Number(details.minCollateral)).toBeGreaterThan(Number(filled));
  const offer = page.getByTestId("pledge-offer");
  await expect(offer).toContainText("The price moved to");
  await expect(offer).toContainText(`${Number(details.minCollateral)} ${coin}`);
  await expect(page).toHaveURL(/#\/jiedai/);
  expect(Number(await availableOf(request, customer.token, set.currency))).toBe(0); // nothing paid out

  // One tap takes the offered figure; borrowing with it goes through.
  await offer.getByRole("button", { name: `Use ${Number(details.minCollateral)} ${coin}` }).click();
  await expect(field(page, `Collateral in ${coin}`)).toHaveValue(details.minCollateral);
  await expect(offer).toHaveCount(0);
  await page.getByRole("button", { name: "Borrow now" }).click();
  await page
    .getByRole("dialog")
    .filter({ hasText: "Confirm your loan" })
    .getByRole("button", { name: "Confirm" })
    .click();
  await expect(page).toHaveURL(/#\/jiedaiOrder\?id=\d+/);
  await expect(page.getByTestId("loan-status")).toHaveText("Running");
  await expect(page.getByTestId("detail-collateral")).toHaveText(`${Number(details.minCollateral)} ${coin}`);
});
