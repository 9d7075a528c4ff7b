// Console proof of reserves at 1280×800: finance opens the page from the menu, makes a proof
// now and sees it published (its number and root match the public endpoint).
import { expect, test } from "@playwright/test";
import { CONSOLE_ADMIN } from "./admin";
import { consoleLogin, createStaffByApi, staffApiToken, unique } from "./support";

const PASSWORD = "E2e-proof-finance-1";

test("finance makes a proof of reserves now and sees the published root", async ({ page, request }) => {
  test.setTimeout(90_000);
  const adminToken = await staffApiToken(request, CONSOLE_ADMIN.username, CONSOLE_ADMIN.password);
  const finance = unique("fin");
  await createStaffByApi(request, adminToken, { username: finance, role: "finance", password: PASSWORD });
  await consoleLogin(page, finance, PASSWORD);
  await page.getByRole("menuitem", { name: "Proof of reserves" }).click();
  await expect(page.getByRole("heading", { name: "Proof of reserves" })).toBeVisible();
  await page.getByTestId("make-proof").click();
  await expect(page.getByText(/Proof #\d+ published\./)).toBeVisible();
  const latest = (await (await request.get("/api/public/proof/latest")).json()).result;
  await expect(page.getByTestId("proof-latest")).toContainText(`#${latest.id}`);
  await expect(page.getByTestId("proof-latest")).toContainText(latest.root);
  await expect(page.getByTestId("proof-latest")).toContainText("No blockchain configured: no reserves");
});
