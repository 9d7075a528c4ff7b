// Console contests at 1280×800: the admin creates a trading contest (names, rules, period,
// entry window, prize pool and split, entry funds, symbols), edits it before it starts, and
// sees the customers who joined (through the public API) in its entries.
import { expect, test } from "@playwright/test";
import { registerCustomer } from "../../web/e2e/support/customer";
import { CONSOLE_ADMIN } from "./admin";
import { consoleLogin, fillText, fillUtc, reloadInLanguage, saveAnyway, unique } from "./support";

const utc = (ms: number) => new Date(ms).toISOString().slice(0, 16).replace("T", " ");

test("admin creates and edits a contest and sees its entries", async ({ page, request }) => {
  const name = unique("Console cup ");
  // The Chinese name is unique too: a retry creates a second contest in the same database.
  const zhName = `${name} 主控台比賽`;
  const clock = await request.get("/dev/clock");
  const now = Date.parse((await clock.json()).result.now as string);
  const hour = 3_600_000;

  await consoleLogin(page, CONSOLE_ADMIN.username, CONSOLE_ADMIN.password);
  await page.getByRole("menuitem", { name: "Contests" }).click();
  await expect(page.getByRole("heading", { name: "Trading contests" })).toBeVisible();

  await page.getByRole("button", { name: "New contest" }).click();
  const form = page.getByRole("dialog", { name: "New contest" });
  await form.getByLabel("Name (English)").fill(name);
  await fillText(form, "name", "繁體中文", "Name (Traditional Chinese)", zhName);
  await form.getByLabel("Rules (English)").fill("Futures only. Ranked by yield rate.");
  await fillUtc(form, "Entry opens (UTC)", utc(now - hour));
  await fillUtc(form, "Entry closes (UTC)", utc(now + 24 * hour));
  await fillUtc(form, "Starts (UTC)", utc(now + 2 * hour));
  await fillUtc(form, "Ends (UTC)", utc(now + 72 * hour));
  await form.getByLabel("Prize pool (USDT)").fill("500");
  await form.getByLabel("Entry funds (CUSDT)").fill("10000");
  // The prize rules customers see before joining: 2 closed trades, a prize needs a profit (default on).
  await form.getByLabel("Closed trades for a prize").fill("2");
  await expect(form.getByLabel("A prize needs a profit")).toBeChecked();
  await page.screenshot({ path: test.info().outputPath("console-contest-form.png") });
  // Six languages are missing: the console asks before saving.
  await saveAnyway(page, form);
  await expect(form).toBeHidden();
  const row = page.getByRole("row").filter({ hasText: name });
  await expect(row).toContainText("500 USDT");
  await expect(row).toContainText("50 % / 30 % / 20 %");
  await expect(row).toContainText("10000 CUSDT");
  await expect(row).toContainText("BTCUSDT, ETHUSDT");
  await expect(row).toContainText("To start");

  await row.getByRole("button", { name: "Edit" }).click();
  const edit = page.getByRole("dialog", { name: "Edit contest" });
  await expect(edit.getByLabel("Name (English)")).toHaveValue(name);
  await expect(edit.getByLabel("Closed trades for a prize")).toHaveValue("2");
  await edit.getByLabel("Prize pool (USDT)").fill("800");
  await saveAnyway(page, edit);
  await expect(edit).toBeHidden();
  await expect(row).toContainText("800 USDT");

  // A customer joins through the app's API; the entries show them.
  const id = Number((await row.locator("td").first().textContent())?.trim());
  const customer = await registerCustomer(request, "console-contest");
  const join = await request.post("/api/contest/join", {
    headers: { "X-Access-Token": customer.token },
    data: { id },
  });
  expect(join.status(), await join.text()).toBe(200);
  await page.reload();
  await expect(row).toContainText("To start");
  await row.getByRole("button", { name: "Entries" }).click();
  const drawer = page.getByRole("dialog").filter({ hasText: `Entries of ${name}` });
  await expect(drawer.getByRole("row")).toHaveCount(2);
  await expect(drawer).toContainText("10000");
  await page.screenshot({ path: test.info().outputPath("console-contest-entries.png") });

  // The same screen in Traditional Chinese.
  await reloadInLanguage(page, "zh-cn");
  await expect(page.getByRole("heading", { name: "交易比賽" })).toBeVisible();
  const zhRow = page.getByRole("row").filter({ hasText: zhName });
  await expect(zhRow).toContainText("未開始");
  await page.screenshot({ path: test.info().outputPath("console-contests-zh.png") });
});
