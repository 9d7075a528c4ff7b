// Data rights in the browser (issue 34 §4, 375×812): ask for my data, see it prepared (the
// sandbox runs the job at once) and download the zip; closing is blocked by a balance and the
// checklist links to the withdrawal; a fresh account closes after the password and the final
// confirmation, and is logged out (its old session is refused). Screenshots at 375 and 320 px;
// the screens again in all eight languages.
import { expect, test } from "@playwright/test";
import { fundCustomer, registerCustomer, useToken } from "./support/customer";
import { fitsWidth, LANGS, locale, pickLang } from "./support/languages";

test("download my data: request, ready with its expiry, download the zip", async ({ page, request }) => {
  const customer = await registerCustomer(request, "export");
  await useToken(page, customer.token);
  await page.goto("/#/my");
  await page.getByText("Download my data").first().click();
  await expect(page).toHaveURL(/#\/dataRights/);
  await expect(page.getByText("You have not asked for an export yet.")).toBeVisible();
  await page.screenshot({ path: test.info().outputPath("data-rights-empty.png"), fullPage: true });
  await page.getByRole("button", { name: "Prepare my data" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Ready. Offered until" })).toBeVisible({ timeout: 15_000 });
  await page.screenshot({ path: test.info().outputPath("data-rights-ready.png"), fullPage: true });
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("link", { name: "Download (zip)" }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^candor-data-\d+\.zip$/);
  const file = await download.path();
  expect(file).toBeTruthy();
  await page.setViewportSize({ width: 320, height: 812 });
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await page.screenshot({ path: test.info().outputPath("data-rights-320.png"), fullPage: true });
});

test("closing is blocked by a balance: the checklist names it and leads to the withdrawal", async ({
  page,
  request,
}) => {
  const customer = await registerCustomer(request, "close-blocked");
  await fundCustomer(request, customer.token, "1000");
  await useToken(page, customer.token);
  await page.goto("/#/closeAccount");
  const checklist = page.getByRole("region", { name: "Still open or held" });
  await expect(checklist).toContainText("USDT");
  await expect(checklist).toContainText("Withdraw it (dust too)");
  await expect(page.getByRole("button", { name: "Close my account" })).toHaveCount(0);
  await page.screenshot({ path: test.info().outputPath("close-blocked.png"), fullPage: true });
  await checklist.getByText("Withdraw it (dust too)").click();
  await expect(page).toHaveURL(/#\/tixian/);
});

test("a fresh account closes after the password and the final confirmation, and is logged out", async ({
  page,
  request,
}) => {
  const customer = await registerCustomer(request, "close-ok");
  await useToken(page, customer.token);
  await page.goto("/#/closeAccount");
  await expect(page.getByRole("region", { name: "Nothing is open: your account can close" })).toBeVisible();
  await page.locator('input[aria-label="Login password"]').fill(customer.password);
  await page.screenshot({ path: test.info().outputPath("close-ready.png"), fullPage: true });
  await page.getByRole("button", { name: "Close my account" }).click();
  const dialog = page.getByRole("dialog");
  await expect(dialog).toContainText("Kept by law");
  await expect(dialog).toContainText("This cannot be undone.");
  await page.screenshot({ path: test.info().outputPath("close-confirm.png") });
  await dialog.getByRole("button", { name: "Close my account" }).click();
  await expect(page).toHaveURL(/#\/home/);
  const old = await request.get("/api/user/dataExport", { headers: { "X-Access-Token": customer.token } });
  expect(old.status()).toBe(401);
});

// The same screens in every language: translated texts from the shipped locale files, the
// export prepared, the close checklist, no sideways scroll at 375 or 320 px.
for (const lang of LANGS) {
  test(`data rights and closing in ${lang}: translated, prepared, checklist, fits 375 and 320 px`, async ({
    page,
    request,
  }) => {
    const t = locale("privacy", lang);
    const routes = locale("routes", lang);
    const customer = await registerCustomer(request, `rights-${lang}`);
    await fundCustomer(request, customer.token, "10");
    await pickLang(page, lang);
    await useToken(page, customer.token);
    await page.goto("/#/dataRights");
    await expect(page.getByText(routes.dataRights).first()).toBeVisible();
    await expect(page.getByText(t.export.none)).toBeVisible();
    await page.getByRole("button", { name: t.export.request }).click();
    const ready = String(t.export.ready).split("{{at}}")[0]?.trim() ?? "";
    await expect(page.getByRole("status").filter({ hasText: ready })).toBeVisible({ timeout: 15_000 });
    await expect(page.getByRole("link", { name: t.export.download })).toBeVisible();
    await page.screenshot({ path: test.info().outputPath(`data-rights-${lang}-375.png`), fullPage: true });
    await fitsWidth(page, 320);
    await page.screenshot({ path: test.info().outputPath(`data-rights-${lang}-320.png`), fullPage: true });

    await page.setViewportSize({ width: 375, height: 812 });
    await page.goto("/#/closeAccount");
    const checklist = page.getByRole("region", { name: t.close.checklistTitle });
    await expect(checklist).toContainText(t.close.where.balance);
    await expect(checklist).toContainText("USDT");
    await page.screenshot({ path: test.info().outputPath(`close-${lang}-375.png`), fullPage: true });
    await fitsWidth(page, 320);
    await page.screenshot({ path: test.info().outputPath(`close-${lang}-320.png`), fullPage: true });
  });
}
