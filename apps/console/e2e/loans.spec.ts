// Console loans at 1280×800: the admin creates a pledge loan setting, edits it and stops
// offering it; a customer's pledge loan (taken through the public API) shows in the loans
// list with its history; a loan identity check is passed, one credit application approved
// and the next rejected with a reason the customer reads on the phone.
import { type APIRequestContext, expect, type Page, test } from "@playwright/test";
import { registerCustomer, useToken } from "../../web/e2e/support/customer";
import { deposit } from "../../web/e2e/support/funds";
import { routes } from "../../web/src/app/routes";
import { CONSOLE_ADMIN } from "./admin";
import { consoleLogin, saveAnyway, staffApiToken, unique } from "./support";

async function openLoans(page: Page) {
  await consoleLogin(page, CONSOLE_ADMIN.username, CONSOLE_ADMIN.password);
  await page.getByRole("menuitem", { name: "Loans" }).click();
  await expect(page.getByRole("heading", { name: "Loans" })).toBeVisible();
}

test("admin creates, edits and stops offering a pledge loan setting", async ({ page }) => {
  // Two saves, each past the missing-languages question, on a busy shared server.
  test.setTimeout(120_000);
  const name = unique("Pledge test ");
  await openLoans(page);
  await page.getByRole("tab", { name: "Loan settings" }).click();
  await page.getByRole("button", { name: "New loan setting" }).click();
  const form = page.getByRole("dialog", { name: "New loan setting" });
  await form.getByLabel("Name (English)").fill(name);
  await form.getByLabel("Minimum amount").fill("100");
  await form.getByLabel("Maximum amount").fill("2000");
  // Rates are typed in percent (0.04 % a day = 0.0004), with the yearly figure under them.
  await form.getByLabel("Daily rate (%)").fill("0.04");
  await expect(form.getByTestId("dailyRatePct-yearly")).toContainText("14.6 % a year");
  await form.getByLabel("Overdue rate (% a day)").fill("0.1");
  await form.getByLabel("Initial LTV").fill("0.5");
  await form.getByLabel("Margin-call LTV").fill("0.7");
  await form.getByLabel("Liquidation LTV").fill("0.8");
  await saveAnyway(page, form);
  await expect(form).toBeHidden();
  const row = page.getByRole("row").filter({ hasText: name });
  await expect(row).toContainText("100 – 2000 USDT");
  await expect(row).toContainText("50 % / 70 % / 80 % (BTC, ETH)");

  await row.getByRole("button", { name: "Edit" }).click();
  const edit = page.getByRole("dialog", { name: "Edit loan setting" });
  await edit.getByLabel("Maximum amount").fill("3000");
  await saveAnyway(page, edit);
  await expect(edit).toBeHidden();
  await expect(row).toContainText("100 – 3000 USDT");

  await row.getByRole("button", { name: "Stop offering" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Stop offering" }).click();
  await expect(row.getByRole("button", { name: "Offer again" })).toBeVisible();
});

async function pledgeLoan(request: APIRequestContext): Promise<{ id: number; email: string }> {
  const customer = await registerCustomer(request, "console-loan");
  const headers = { "X-Access-Token": customer.token };
  const sets = (await (await request.get("/api/prod/appLoanSet/list?type=pledge", { headers })).json()).result as {
    id: number;
    minAmount: string;
    days: number[];
    collateralCurrencies?: string[];
  }[];
  const set = sets.find((s) => s.collateralCurrencies?.includes("BTC"));
  expect(set, "a pledge setting taking BTC").toBeTruthy();
  await deposit(request, customer.token, "BTC", "0.05");
  const res = await request.post("/api/prod/appLoanOrder/pledgeApply", {
    headers,
    data: {
      setId: set?.id,
      amount: String(Math.max(100, Number(set?.minAmount))),
      days: set?.days[0],
      collateralCurrency: "BTC",
      collateralAmount: "0.05",
    },
  });
  expect(res.status(), await res.text()).toBe(200);
  return { id: (await res.json()).result.id as number, email: customer.email };
}

test("a customer's pledge loan appears without a reload, by name and e-mail, with its history", async ({
  page,
  request,
}) => {
  await openLoans(page);
  await page.getByLabel("Status").first().click();
  await page.getByTitle("Running").click();
  // The list is open before the loan exists: it appears without a reload (refetched).
  const { id, email } = await pledgeLoan(request);
  const row = page.getByRole("row").filter({ has: page.getByRole("cell", { name: String(id), exact: true }) });
  await expect(row).toBeVisible({ timeout: 30_000 });
  await expect(row).toContainText("Pledge");
  await expect(row.getByTestId("loan-customer")).toContainText(email);
  // The key columns fit 1280 px: no sideways scroll.
  const table = page.locator(".ant-table-content").first();
  expect(await table.evaluate((el) => el.scrollWidth <= el.clientWidth + 1)).toBe(true);
  // The rest (collateral, LTV…) opens under the row.
  await row.getByRole("button", { name: /expand/i }).click();
  await expect(page.getByText("0.05000000 BTC")).toBeVisible();
  await page.screenshot({ path: "/tmp/shots-c/loans-en.png" });
  await row.getByRole("button", { name: "History" }).click();
  await expect(page.getByRole("dialog", { name: `History #${id}` })).toContainText("Running");
});

const JPEG = Buffer.concat([Buffer.from("ffd8ffe000104a464946", "hex"), Buffer.alloc(256, 7)]);

async function upload(request: APIRequestContext, token: string, name: string): Promise<string> {
  const res = await request.post("/api/sys/common/upload?purpose=kyc", {
    headers: { "X-Access-Token": token },
    multipart: { file: { name, mimeType: "image/jpeg", buffer: JPEG } },
  });
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()).result.url as string;
}

/** A customer with basic identity verification approved and the loan identity check sent for review. */
async function verifiedApplicant(request: APIRequestContext, realName: string): Promise<string> {
  const customer = await registerCustomer(request, "console-credit");
  const headers = { "X-Access-Token": customer.token };
  const kyc = await request.post("/api/user/kyc/basic", {
    headers,
    data: {
      documentType: "id_card",
      countryCode: "TH",
      realName,
      documentNumber: "1234567890123",
      frontImage: await upload(request, customer.token, "front.jpg"),
      backImage: await upload(request, customer.token, "back.jpg"),
    },
  });
  expect(kyc.status(), await kyc.text()).toBe(200);
  const admin = await staffApiToken(request, CONSOLE_ADMIN.username, CONSOLE_ADMIN.password);
  const approved = await request.post("/api/operator/kyc/approve", {
    headers: { "X-Access-Token": admin },
    data: { id: (await kyc.json()).result.id },
  });
  expect(approved.status(), await approved.text()).toBe(200);
  expect((await request.post("/api/prod/appLoanIdentity/start", { headers, data: {} })).status()).toBe(200);
  const sent = await request.post("/api/prod/appLoanIdentity/submit", {
    headers,
    data: { realName, idNumber: "A1234567", photo: await upload(request, customer.token, "holding.jpg") },
  });
  expect(sent.status(), await sent.text()).toBe(200);
  return customer.token;
}

async function creditApply(request: APIRequestContext, token: string): Promise<number> {
  const headers = { "X-Access-Token": token };
  const sets = (await (await request.get("/api/prod/appLoanSet/list?type=credit", { headers })).json()).result as {
    id: number;
    minAmount: string;
    days: number[];
  }[];
  const set = sets[0];
  expect(set, "a credit setting").toBeTruthy();
  const res = await request.post("/api/prod/appLoanOrder/creditApply", {
    headers,
    data: { setId: set?.id, amount: set?.minAmount, days: set?.days[0] },
  });
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()).result.id as number;
}

test("identity check passed, a credit application approved and the next rejected with a reason", async ({
  page,
  request,
  browser,
}) => {
  test.setTimeout(180_000);
  const realName = unique("Credit Applicant ");
  const token = await verifiedApplicant(request, realName);
  await openLoans(page);

  await page.getByRole("tab", { name: "Identity checks" }).click();
  const check = page.getByRole("row").filter({ hasText: realName });
  await check.getByRole("button", { name: "Pass" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Pass" }).click();
  await expect(check).toHaveCount(0);

  const first = await creditApply(request, token);
  // A fresh list (the application came in after the screen loaded).
  await page.reload();
  await page.getByRole("menuitem", { name: "Loans" }).click();
  const row = (id: number) =>
    page.getByRole("row").filter({ has: page.getByRole("cell", { name: String(id), exact: true }) });
  await row(first).getByRole("button", { name: "Approve" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Approve" }).click();
  await expect(row(first)).toHaveCount(0);

  const second = await creditApply(request, token);
  await page.reload();
  await page.getByRole("menuitem", { name: "Loans" }).click();
  await row(second).getByRole("button", { name: "Reject" }).click();
  await page.getByRole("dialog").getByLabel("Reason (the customer sees it)").fill("Income could not be confirmed");
  await page.getByRole("dialog").getByRole("button", { name: "Confirm" }).click();
  await expect(row(second)).toHaveCount(0);

  // The customer's phone: the first loan running, the second rejected with the reason.
  const phone = await browser.newPage({ viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true });
  await useToken(phone, token);
  await phone.goto(`/#${routes.loanOrders}?id=${first}`);
  await expect(phone.getByTestId("loan-status")).toHaveText("Running");
  await phone.goto(`/#${routes.loanOrders}?id=${second}`);
  await phone.reload();
  await expect(phone.getByTestId("loan-status")).toHaveText("Rejected");
  await expect(phone.getByTestId("loan-reason")).toContainText("Income could not be confirmed");
  await phone.close();
});
