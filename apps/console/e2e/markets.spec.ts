// Console Markets at 1280×800: the admin sees where every symbol's price comes from (the
// sandbox's simulated feed here: every symbol trading, no venues), which node runs the
// feed, and sets a venue's weight (audited, applied on every node); then puts it back.
// The same screen in Traditional Chinese.
import { expect, test } from "@playwright/test";
import { CONSOLE_ADMIN } from "./admin";
import { consoleLogin, reloadInLanguage } from "./support";

test("admin sees the markets' price sources and sets a venue's weight", async ({ page }) => {
  await consoleLogin(page, CONSOLE_ADMIN.username, CONSOLE_ADMIN.password);
  await page.getByRole("menuitem", { name: "Markets" }).click();
  await expect(page.getByRole("heading", { name: "Markets" })).toBeVisible();
  await expect(page.getByTestId("market-leaders")).toContainText("sim");
  await expect(page.getByTestId("market-leaders")).toContainText("Yes");
  const btc = page.getByRole("row").filter({ hasText: "BTCUSDT" });
  await expect(btc).toContainText("Trading");
  await page.screenshot({ path: test.info().outputPath("console-markets.png"), fullPage: true });

  const weight = page.getByLabel("Weight okx");
  await weight.fill("0.5");
  await weight.locator("xpath=following::button[1]").click();
  await expect(page.getByText("okx's weight is now 0.5.")).toBeVisible();
  await weight.fill("1");
  await weight.locator("xpath=following::button[1]").click();
  await expect(page.getByText("okx's weight is now 1.")).toBeVisible();

  await reloadInLanguage(page, "zh-cn");
  await expect(page.getByRole("heading", { name: "行情來源" })).toBeVisible();
  await expect(page.getByRole("row").filter({ hasText: "BTCUSDT" })).toContainText("交易中");
  await page.screenshot({ path: test.info().outputPath("console-markets-zh.png"), fullPage: true });
});
