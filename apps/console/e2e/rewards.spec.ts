// Rewards in the console at 1280×800: the admin sees the welfare tasks and edits a VIP
// level's one-time gift (the top level: browser tests of the app check VIP1); the public
// level list shows the new gift.
import { expect, test } from "@playwright/test";
import { CONSOLE_ADMIN } from "./admin";
import { consoleLogin } from "./support";

test("the admin edits the VIP5 gift and sees the welfare tasks", async ({ page, request }) => {
  await consoleLogin(page, CONSOLE_ADMIN.username, CONSOLE_ADMIN.password);
  await page.getByRole("menuitem", { name: "Rewards" }).click();
  await expect(page.getByRole("cell", { name: "Make your first deposit" })).toBeVisible();

  await page.getByRole("tab", { name: "VIP levels" }).click();
  const vip5 = page.getByRole("row").filter({ hasText: "VIP5" });
  await vip5.getByRole("button", { name: "Edit" }).click();
  const dialog = page.getByRole("dialog");
  await dialog.getByLabel("One-time gift (USDT)").fill("1200");
  await dialog.getByRole("button", { name: "OK" }).click();
  await expect(page.getByText("Saved")).toBeVisible();
  await expect(vip5).toContainText("1200");
  await page.screenshot({ path: test.info().outputPath("console-rewards.png") });

  const levels = await request.get("/api/user/appLevels/list");
  const list = (await levels.json()).result as { level: number; gift: string }[];
  expect(list.find((l) => l.level === 5)?.gift).toBe("1200");
});
