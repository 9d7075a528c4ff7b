// Console Settings → Spreads at 1280×800: the admin sees every symbol's spread in % and bp,
// is stopped by the form (and by the server) on a spread out of bounds, changes USDCHF's
// spread and sees it saved in the table and in the public price; then puts it back.
import { expect, test } from "@playwright/test";
import { CONSOLE_ADMIN } from "./admin";
import { consoleLogin } from "./support";

test("admin changes a symbol's spread and sees it saved", async ({ page, request }) => {
  await consoleLogin(page, CONSOLE_ADMIN.username, CONSOLE_ADMIN.password);
  await page.getByRole("menuitem", { name: "Settings" }).click();
  await page.getByRole("tab", { name: "Spreads" }).click();
  const row = page.getByRole("row").filter({ hasText: "USDCHF" });
  await expect(row).toContainText("0.015 % · 1.5 bp");
  await expect(page.getByRole("row").filter({ hasText: "BTCUSDT" })).toContainText("0.04 % · 4 bp");
  await page.screenshot({ path: test.info().outputPath("console-spreads.png") });

  await row.getByRole("button", { name: "Edit the spread of USDCHF" }).click();
  const dialog = page.getByRole("dialog", { name: "Spread of USDCHF" });
  const input = dialog.getByLabel("New spread (fraction of mid)");
  // The form's own check first.
  await input.fill("0.2");
  await dialog.getByRole("button", { name: "Save" }).click();
  await expect(dialog.getByText("The spread must be above 0 and at most 0.05 (5 %)")).toBeVisible();

  await input.fill("0.0003");
  await expect(dialog.getByTestId("spread-preview")).toContainText("0.03 % · 3 bp");
  await expect(dialog.getByText("The spread must be above 0")).toBeHidden();
  await page.screenshot({ path: test.info().outputPath("console-spreads-edit.png") });
  await dialog.getByRole("button", { name: "Save" }).click();
  await expect(dialog).toBeHidden();
  await expect(row).toContainText("0.03 % · 3 bp");
  await expect(row).toContainText("0.0003");

  // The public price quotes with it.
  const price = await request.get("/api/trade/appSymbol/price?symbol=USDCHF");
  if (price.ok()) expect((await price.json()).result.spread).toBe("0.0003");

  // Put it back for the other specs sharing this server.
  await row.getByRole("button", { name: "Edit the spread of USDCHF" }).click();
  await input.fill("0.00015");
  await dialog.getByRole("button", { name: "Save" }).click();
  await expect(dialog).toBeHidden();
  await expect(row).toContainText("0.015 % · 1.5 bp");
});
