// The asset centre and the balance log on a phone (issue 35 §3, §6): net assets with the
// loan owed on its own line and demo money apart; the log as a statement — a move to futures
// margin is one line, loans filter on the server, virtual money on its own tab — in English,
// Traditional Chinese and Thai. With STMT_SHOTS=<dir> it also saves screenshots there.
import { type APIRequestContext, expect, type Page, test } from "@playwright/test";
import { routes } from "../src/app/routes";
import { registerCustomer, useToken as startLoggedIn } from "./support/customer";
import { deposit } from "./support/funds";

const shots = process.env.STMT_SHOTS;
const shot = async (page: Page, name: string) => {
  if (shots) await page.screenshot({ path: `${shots}/${name}.png`, fullPage: true });
};

async function post(request: APIRequestContext, token: string, path: string, data: object) {
  const res = await request.post(path, { headers: { "X-Access-Token": token }, data });
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()).result;
}

const LANGS = [
  { lang: "en-us", net: "Net assets", owed: "Loans owed", margin: "Margin for BTC/USDT long · 2×", loans: "Loans" },
  { lang: "zh-cn", net: "淨資產", owed: "借款待還", margin: "BTC/USDT 做多保證金 · 2倍", loans: "借貸" },
  { lang: "tai", net: "สินทรัพย์สุทธิ", owed: "เงินกู้ค้างชำระ", margin: "มาร์จิ้นสำหรับ BTC/USDT ซื้อขึ้น (Long) · 2×", loans: "เงินกู้" },
] as const;

test("asset centre nets out a loan; the balance log reads like a statement in three languages", async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const customer = await registerCustomer(request, "statement");
  const token = customer.token;
  await deposit(request, token, "USDT", "1000");
  await deposit(request, token, "BTC", "0.1");
  const headers = { "X-Access-Token": token };
  // Demo money: the first read grants it.
  expect((await request.get("/api/trade/appDemoAccount/balance", { headers })).status()).toBe(200);
  await post(request, token, "/api/trade/appTradePositions/create", {
    symbol: "BTCUSDT",
    direction: "long",
    margin: "100",
    leverage: 2,
  });
  const sets = (await (await request.get("/api/prod/appLoanSet/list?type=pledge", { headers })).json()).result as {
    id: number;
    days: number[];
    minAmount: string;
    collateralCurrencies?: string[];
  }[];
  const set = sets.find((s) => s.collateralCurrencies?.includes("BTC"));
  expect(set, "a pledge product taking BTC is seeded").toBeTruthy();
  const borrowed = Math.max(Number(set?.minAmount ?? 100), 100);
  await post(request, token, "/api/prod/appLoanOrder/pledgeApply", {
    setId: set?.id,
    amount: String(borrowed),
    days: set?.days[0],
    collateralCurrency: "BTC",
    collateralAmount: "0.1",
    requestId: "statement-e2e",
  });

  for (const L of LANGS) {
    await page.addInitScript((l) => localStorage.setItem("lang", l), L.lang);
    await startLoggedIn(page, token);
    await page.goto(`/#${routes.assetCentre}`);
    await page.reload(); // a hash change alone would keep the language of the last load
    await expect(page.getByText(L.net, { exact: false }).first()).toBeVisible();
    await expect(page.getByText(L.owed, { exact: true })).toBeVisible();
    await expect(page.getByTestId("loans-owed")).toContainText(`−${borrowed.toLocaleString("en-US")}.`);
    await expect(page.getByTestId("virtual-funds")).toContainText("10,000.00");
    await shot(page, `asset-centre-${L.lang}`);

    await page.goto(`/#${routes.balanceLog}`);
    await expect(page.getByTestId("balance-entry").first()).toBeVisible();
    // The move to futures margin is one line, never "futures_margin" or two sides.
    await expect(page.getByText(L.margin, { exact: true })).toHaveCount(1);
    await expect(page.getByText(/futures_margin|loan_disburse|demo_grant/)).toHaveCount(0);
    await shot(page, `balance-log-${L.lang}`);
    await page.getByText(L.loans, { exact: true }).click();
    await expect(page.getByTestId("balance-entry")).toHaveCount(2);
    await shot(page, `balance-log-loans-${L.lang}`);
  }

  // Virtual money on its own tab (English again).
  await page.addInitScript(() => localStorage.setItem("lang", "en-us"));
  await page.goto(`/#${routes.balanceLog}`);
  await page.reload();
  await page.getByRole("tab", { name: "Virtual (contest, demo)" }).click();
  await expect(page.getByTestId("balance-entry")).toHaveCount(1);
  await expect(page.getByTestId("balance-entry")).toContainText("Demo money (virtual)");
  await expect(page.getByTestId("balance-entry")).toContainText("Virtual");
  await shot(page, "balance-log-virtual-en-us");

  // Home shows the same net figure, and what the loan took off.
  await page.goto("/#/home");
  await expect(page.getByText("Net assets (USDT)")).toBeVisible();
  await expect(page.getByTestId("home-loans-owed")).toContainText(
    `${borrowed.toLocaleString("en-US")}.00 USDT owed on loans`,
  );
  await shot(page, "home-en-us");
});
