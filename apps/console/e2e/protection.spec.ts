// The console shows a customer's limits and time-out read-only (issue 34 §2): the values,
// the exclusion's end, and no button that could lift it.
import { expect, test } from "@playwright/test";
import { registerCustomer } from "../../web/e2e/support/customer";
import { CONSOLE_ADMIN } from "./admin";
import { consoleLogin } from "./support";

test("a customer's limits and time-out are shown read-only, with no way to lift the time-out", async ({
  page,
  request,
}) => {
  const customer = await registerCustomer(request, "console-limits");
  const headers = { "x-access-token": customer.token };
  expect(
    (await request.post("/api/user/limits", { headers, data: { depositDay: "100", lossWeek: "50" } })).status(),
  ).toBe(200);
  expect(
    (await request.post("/api/user/exclusion", { headers, data: { kind: "timeout", period: "7d" } })).status(),
  ).toBe(200);

  await consoleLogin(page, CONSOLE_ADMIN.username, CONSOLE_ADMIN.password);
  const me = await (await request.get("/api/user/appUser/getMyUserInfo", { headers })).json();
  await page.goto(`/console/#/customers/${me.result.id}`);
  const card = page.locator(".ant-card").filter({ hasText: "Limits and exclusion" });
  await expect(card).toContainText("Time-out until");
  await expect(card).toContainText("100 USDT");
  await expect(card).toContainText("50 USDT");
  await expect(card.getByRole("button")).toHaveCount(0);
  await card.scrollIntoViewIfNeeded();
  await page.screenshot({ path: test.info().outputPath("console-customer-limits.png") });
});
