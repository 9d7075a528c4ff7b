// Console forms and screens at 1280×800 (issue 35 §16–§18): a product's texts in eight
// languages with the missing ones marked and a warning before saving; the rate typed in
// percent with its yearly figure; the one UTC date-time picker (the browser here is in
// Bangkok, the time saved is the UTC one typed); errors that name the field in words; the
// dashboard's chats-waiting tile; the same screens in Traditional Chinese.
import { expect, test } from "@playwright/test";
import { registerCustomer } from "../../web/e2e/support/customer";
import { CONSOLE_ADMIN } from "./admin";
import { consoleLogin, consoleToken, fillText, fillUtc, reloadInLanguage, unique } from "./support";

test.use({ timezoneId: "Asia/Bangkok" });

const SHOTS = "/tmp/shots-c";

test("an earn product in eight languages, a percent rate and a UTC sale end; errors name the field", async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  await consoleLogin(page, CONSOLE_ADMIN.username, CONSOLE_ADMIN.password);
  await page.getByRole("menuitem", { name: "Earn" }).click();
  await page.getByRole("button", { name: "New product" }).click();
  const dialog = page.getByRole("dialog", { name: "New product" });

  // Saving an empty form: each error names its field in words.
  await dialog.getByRole("button", { name: "Save" }).click();
  await expect(dialog.getByText("Enter Name (English)")).toBeVisible();
  await expect(dialog.getByText("Enter Daily rate (%)")).toBeVisible();
  await expect(dialog.getByText("Enter Minimum per order")).toBeVisible();

  const name = unique("Eight languages ");
  await dialog.getByLabel("Name (English)", { exact: true }).fill(name);
  await fillText(dialog, "name", "한국어", "Name (Korean)", `${name} 상품`);
  await fillText(dialog, "name", "繁體中文", "Name (Traditional Chinese)", `${name} 產品`);
  await dialog.getByLabel("Risk notice (English)", { exact: true }).fill("Not a bank deposit.");
  // The name's tabs: Korean and Chinese filled, Japanese still marked missing.
  const nameTabs = dialog.getByTestId("texts-name");
  await expect(nameTabs.locator('[data-lang="ko"]')).toHaveAttribute("data-missing", "false");
  await expect(nameTabs.locator('[data-lang="jp"]')).toHaveAttribute("data-missing", "true");

  await dialog.getByLabel("Term (days)").fill("30");
  // A rate outside the contract's range is refused with the field's name.
  await dialog.getByLabel("Daily rate (%)").fill("abc");
  await expect(dialog.getByText("Daily rate (%): enter a percentage")).toBeVisible();
  await dialog.getByLabel("Daily rate (%)").fill("0.03");
  await expect(dialog.getByTestId("dailyRatePct-yearly")).toHaveText("= 10.95 % a year (× 365, simple)");
  await dialog.getByLabel("Minimum per order").fill("100");
  await dialog.getByLabel("Maximum per order").fill("1000");
  // The picker opens a calendar; the time typed is UTC whatever the browser's zone (Bangkok here).
  await dialog.getByLabel("Sales end (debt: loan starts)", { exact: true }).click();
  await expect(page.locator(".ant-picker-dropdown").first()).toBeVisible();
  await fillUtc(dialog, "Sales end (debt: loan starts)", "2027-01-15 08:30");
  await expect(dialog.getByLabel("Sales end (debt: loan starts)", { exact: true })).toHaveValue("2027-01-15 08:30");
  await page.screenshot({ path: `${SHOTS}/earn-form-en.png` });

  // Six languages are missing: the console names them and asks first.
  await dialog.getByRole("button", { name: "Save" }).click();
  const warning = page.getByTestId("missing-langs");
  await expect(warning).toContainText("日本語");
  await expect(warning).toContainText("Español");
  // Korean is listed too: the risk notice has no Korean yet (every text counts).
  await expect(warning).toContainText("한국어");
  await page.screenshot({ path: `${SHOTS}/missing-langs-en.png` });
  await page.getByRole("button", { name: "Save anyway" }).click();
  await expect(dialog).toBeHidden();

  const token = await consoleToken(page);
  const list = await request.get("/api/operator/earn/products?type=arbitrage", {
    headers: { "X-Access-Token": token },
  });
  const product = (
    (await list.json()).result as { texts: { name: Record<string, string> }; dailyRate: string; saleEndAt: string }[]
  ).find((p) => p.texts.name["en-us"] === name);
  expect(product).toMatchObject({ dailyRate: "0.0003", saleEndAt: "2027-01-15T08:30:00.000Z" });
  expect(product?.texts.name).toEqual({ "en-us": name, ko: `${name} 상품`, "zh-cn": `${name} 產品` });

  // The same form in Traditional Chinese.
  await reloadInLanguage(page, "zh-cn");
  await page.getByRole("menuitem", { name: "理財" }).click();
  await page.getByRole("button", { name: "新增產品" }).click();
  const zh = page.getByRole("dialog");
  await zh.getByRole("button", { name: "儲存", exact: true }).click();
  await expect(zh.getByText("請輸入名稱（英文）")).toBeVisible();
  await zh.getByLabel("日利率（%）").fill("0.05");
  await expect(zh.getByTestId("dailyRatePct-yearly")).toContainText("每年 18.25 %");
  await page.screenshot({ path: `${SHOTS}/earn-form-zh.png` });
});

test("the dashboard counts chats waiting for staff, in English and Chinese", async ({ page, request }) => {
  await consoleLogin(page, CONSOLE_ADMIN.username, CONSOLE_ADMIN.password);
  const tile = page.getByTestId("chats-waiting");
  await expect(tile).toBeVisible();
  const before = Number((await tile.locator(".ant-statistic-content-value").textContent())?.replace(/\D/g, ""));
  const customer = await registerCustomer(request, "console-waiting");
  const said = await request.post("/api/chat/customer-to-service", {
    headers: { "X-Access-Token": customer.token },
    data: { type: "text", content: "Is anyone there?" },
  });
  expect(said.status(), await said.text()).toBe(200);
  await page.reload();
  await expect(tile.locator(".ant-statistic-content-value")).toHaveText(String(before + 1));
  await page.screenshot({ path: `${SHOTS}/dashboard-en.png` });
  await reloadInLanguage(page, "zh-cn");
  await expect(page.getByText("等待客服回覆的對話")).toBeVisible();
  await expect(page.getByRole("menuitem", { name: "提領" })).toBeVisible();
  await expect(page.getByRole("menuitem", { name: "儲值" })).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/dashboard-zh.png` });
  await page.getByRole("menuitem", { name: "稽核日誌" }).click();
  await expect(page.getByTestId("audit-action").first()).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/audit-zh.png` });
  await page.getByRole("menuitem", { name: "借貸" }).click();
  await page.screenshot({ path: `${SHOTS}/loans-zh.png` });
  await reloadInLanguage(page, "en-us");
});
