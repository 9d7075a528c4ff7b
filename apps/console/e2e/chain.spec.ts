// Console chain page at 1280×800: finance opens "Chain" from the menu. The e2e server runs
// without CHAIN_EVM_* (the sandbox default), so the page says no chain is configured and
// shows no watcher, sweeps or held deposits; the endpoints behind it answer for finance.
import { expect, test } from "@playwright/test";
import { CONSOLE_ADMIN } from "./admin";
import { consoleLogin, createStaffByApi, staffApiToken, unique } from "./support";

const PASSWORD = "E2e-chain-finance-1";

test("finance opens the chain page and reads that no chain is configured", async ({ page, request }) => {
  test.setTimeout(90_000);
  const adminToken = await staffApiToken(request, CONSOLE_ADMIN.username, CONSOLE_ADMIN.password);
  const finance = unique("fin");
  await createStaffByApi(request, adminToken, { username: finance, role: "finance", password: PASSWORD });
  await consoleLogin(page, finance, PASSWORD);
  await page.getByRole("menuitem", { name: "Chain" }).click();
  await expect(page.getByRole("heading", { name: "Chain", exact: true })).toBeVisible();
  await expect(page.getByTestId("chain-none")).toContainText("No blockchain is configured");
  await expect(page.getByTestId("chain-status")).toHaveCount(0);
  await expect(page.getByTestId("chain-sweeps")).toHaveCount(0);
  const held = await request.get("/api/operator/wallet/chain/held", {
    headers: { "X-Access-Token": adminToken },
  });
  expect((await held.json()).result).toEqual([]);
  await page.screenshot({ path: "/tmp/shots-c/chain-none-en.png" });
});
