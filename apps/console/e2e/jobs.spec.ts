// Console failed jobs at 1280×800: finance opens the dead-letter list from the menu (the
// page, its explanation and the table, in English and Traditional Chinese); support has no
// such menu entry. Making a job fail needs a database fault, so the failure, the alert and
// the re-run are covered by apps/server/test/jobs/money-job-dead-letter-rerun.test.ts.
import { expect, test } from "@playwright/test";
import { CONSOLE_ADMIN } from "./admin";
import { consoleLogin, createStaffByApi, reloadInLanguage, staffApiToken, unique } from "./support";

const PASSWORD = "E2e-jobs-finance-1";

test("finance sees the failed-jobs page in both languages; support has no entry for it", async ({ page, request }) => {
  test.setTimeout(90_000);
  const adminToken = await staffApiToken(request, CONSOLE_ADMIN.username, CONSOLE_ADMIN.password);
  const finance = unique("fin");
  await createStaffByApi(request, adminToken, { username: finance, role: "finance", password: PASSWORD });
  await consoleLogin(page, finance, PASSWORD);
  await page.getByRole("menuitem", { name: "Failed jobs" }).click();
  await expect(page.getByRole("heading", { name: "Failed jobs" })).toBeVisible();
  await expect(page.getByText("Jobs marked Alert return money to customers.", { exact: false })).toBeVisible();
  await expect(page.getByRole("columnheader", { name: "Last error" })).toBeVisible();
  await expect(page.getByRole("checkbox", { name: "Only alerts" })).toBeVisible();

  await reloadInLanguage(page, "zh-cn");
  await expect(page.getByRole("heading", { name: "失敗任務" })).toBeVisible();
  await expect(page.getByRole("columnheader", { name: "最後錯誤" })).toBeVisible();
  await reloadInLanguage(page, "en-us");

  const support = unique("sup");
  await createStaffByApi(request, adminToken, { username: support, role: "support", password: PASSWORD });
  await page.context().clearCookies();
  await page.evaluate(() => sessionStorage.clear());
  await consoleLogin(page, support, PASSWORD);
  await expect(page.getByRole("menuitem", { name: "Failed jobs" })).toHaveCount(0);
});
