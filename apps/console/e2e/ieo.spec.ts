// Console IEO at 1280×800: the admin creates a project with the form (times from the
// sandbox business clock), edits it before applications open, and once a customer has
// applied (public API, after the test clock moved into the apply window) sees the entry.
import { type APIRequestContext, expect, test } from "@playwright/test";
import { registerCustomer } from "../../web/e2e/support/customer";
import { CONSOLE_ADMIN } from "./admin";
import { consoleLogin, fillText, fillUtc, reloadInLanguage, saveAnyway } from "./support";

test.use({ timezoneId: "UTC" });

/** Where the console keeps its language (apps/console/src/lib/i18n.ts). */

async function businessNow(request: APIRequestContext): Promise<number> {
  const res = await request.get("/dev/clock");
  expect(res.status(), await res.text()).toBe(200);
  return Date.parse((await res.json()).result.now as string);
}

/** A UTC time for the console's picker ("YYYY-MM-DD HH:mm") `minutes` after `now`, on a whole minute. */
const local = (now: number, minutes: number) =>
  new Date(Math.ceil(now / 60_000) * 60_000 + minutes * 60_000).toISOString().slice(0, 16).replace("T", " ");

test("admin creates and edits an IEO project and sees its entries", async ({ page, request }) => {
  test.setTimeout(120_000);
  const symbol = `C${Date.now().toString(36).toUpperCase().slice(-6)}`;
  const name = `Console token ${symbol}`;
  const now = await businessNow(request);

  await consoleLogin(page, CONSOLE_ADMIN.username, CONSOLE_ADMIN.password);
  await page.getByRole("menuitem", { name: "IEO" }).click();
  await expect(page.getByRole("heading", { name: "IEO projects" })).toBeVisible();

  await page.getByRole("button", { name: "New project" }).click();
  const form = page.getByRole("dialog", { name: "New project" });
  await form.getByLabel("Name (English)").fill(name);
  await fillText(form, "name", "繁體中文", "Name (Traditional Chinese)", `主控台代幣 ${symbol}`);
  await form.getByLabel("Token symbol").fill(symbol.toLowerCase());
  await form.getByLabel("Estimated price (USDT)").fill("0.25");
  await form.getByLabel("Total quantity").fill("5000");
  await form.getByLabel("Max per customer").fill("50");
  await fillUtc(form, "Applications open", local(now, 10));
  await fillUtc(form, "Applications close", local(now, 120));
  await fillUtc(form, "Draw time", local(now, 180));
  await fillUtc(form, "Payment deadline", local(now, 24 * 60));
  await fillUtc(form, "Listing time", local(now, 48 * 60));
  await form.getByLabel("Description (English)").fill("A token made in the console test.");
  await form.getByLabel("Risk text (English)").fill("It may be worth nothing.");
  await page.screenshot({ path: test.info().outputPath("ieo-console-form.png") });
  await saveAnyway(page, form);
  await expect(form).toBeHidden();

  const row = page.getByRole("row").filter({ hasText: name });
  await expect(row).toContainText(symbol);
  await expect(row).toContainText("Upcoming");
  await expect(row).toContainText("5000");
  await expect(row).toContainText("50");
  await page.screenshot({ path: test.info().outputPath("ieo-console-list.png") });

  // Edit before applications open: a larger maximum per customer.
  await row.getByRole("button", { name: "Edit" }).click();
  const edit = page.getByRole("dialog", { name: "Edit project" });
  await expect(edit.getByLabel("Token symbol")).toHaveValue(symbol);
  await edit.getByLabel("Max per customer").fill("80");
  await saveAnyway(page, edit);
  await expect(edit).toBeHidden();
  await expect(row.getByRole("cell", { name: "80", exact: true })).toBeVisible();

  // Applications open (test clock), a customer applies for 7.
  const advanced = await request.post("/dev/clock/advance", { data: { seconds: 20 * 60 } });
  expect(advanced.status(), await advanced.text()).toBe(200);
  const list = await request.get("/api/prod/appProdIoe/listMy");
  const project = ((await list.json()).result as { id: number; symbol: string }[]).find((p) => p.symbol === symbol);
  expect(project, "the project is public").toBeTruthy();
  const customer = await registerCustomer(request, "console-ieo");
  const applied = await request.post("/api/prod/appOrderIoe/apply", {
    headers: { "X-Access-Token": customer.token },
    data: { projectId: project?.id, quantity: 7 },
  });
  expect(applied.status(), await applied.text()).toBe(200);

  await page.reload();
  await expect(row).toContainText("Applications open");
  await expect(row).toContainText("7 in 1 entries");
  await expect(row.getByRole("button", { name: "Edit" })).toBeDisabled();
  await row.getByRole("button", { name: "Entries" }).click();
  const drawer = page.getByRole("dialog", { name: `Entries of ${name} (${symbol})` });
  const entry = drawer.getByRole("row").filter({ has: page.getByRole("cell", { name: "Applied", exact: true }) });
  await expect(entry).toHaveCount(1);
  // Columns: order, customer, applied for, won, amount, status, …
  await expect(entry.getByRole("cell").nth(2)).toHaveText("7");
  await expect(entry.getByRole("cell").nth(3)).toHaveText("0");
  const settled = () =>
    page.evaluate(() => Promise.all(document.getAnimations().map((a) => a.finished.catch(() => undefined))));
  await settled();
  await page.screenshot({ path: test.info().outputPath("ieo-console-entries.png") });

  // The same screen in Traditional Chinese.
  await reloadInLanguage(page, "zh-cn");
  await expect(page.getByRole("heading", { name: "IEO 項目" })).toBeVisible();
  await expect(page.getByRole("row").filter({ hasText: `主控台代幣 ${symbol}` })).toContainText("開放申購");
  await page.screenshot({ path: test.info().outputPath("ieo-console-list-zh-cn.png") });
});
