// Money in the browser: deposit → balance → bind a wallet → withdrawal password →
// withdraw (fee out of the amount, funds frozen) → cancel (funds back).
import { expect, type Page, test } from "@playwright/test";
import { registerCustomer, useToken } from "./support/customer";

const input = (page: Page, label: string) => page.locator(`input[aria-label="${label}"]`);
const TRON_ADDRESS = "TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE";

test("deposit, see the balance, bind a wallet, set a withdrawal password, withdraw and cancel", async ({
  page,
  request,
}) => {
  const customer = await registerCustomer(request, "wallet");
  await useToken(page, customer.token);

  // Deposit: the sandbox address is shown with a QR code, then the amount is recorded.
  await page.goto("/#/chongzhi");
  await expect(page.getByTestId("deposit-address")).not.toBeEmpty();
  await expect(page.locator("img[data-qr-text]")).toBeVisible();
  await expect(page.getByTestId("sandbox-note")).toBeVisible();
  await input(page, "Amount you sent").fill("500");
  await page.getByRole("button", { name: "I have sent it" }).click();
  await expect(page).toHaveURL(/chongzhitixianResult\?type=deposit&id=\d+/);
  await expect(page.getByText("Deposit credited")).toBeVisible({ timeout: 15_000 });

  await page.goto("/#/zichanCenter");
  await expect(page.getByTestId("total-assets")).toHaveText("500.00");

  // Bind a TRC20 wallet.
  await page.goto("/#/jiesuanInfo");
  await page.getByRole("button", { name: "Add wallet" }).click();
  await input(page, "Address").fill(TRON_ADDRESS);
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByTestId("payout-account")).toContainText("USDT");

  // The withdraw screen asks for a withdrawal password first.
  await page.goto("/#/tixian");
  await page.getByRole("button", { name: "Set withdrawal password" }).click();
  await expect(page).toHaveURL(/changeWithdrawalPassword/);
  await page.locator("input[type=password]").nth(0).fill(customer.password);
  await page.locator("input[type=password]").nth(1).fill("Withdraw123");
  await page.locator("input[type=password]").nth(2).fill("Withdraw123");
  await page
    .getByRole("button", { name: /save|set|confirm|change/i })
    .last()
    .click();
  // Saving goes back to where we came from: the withdraw screen.
  await expect(page).toHaveURL(/#\/tixian$/);
  await expect(page.getByText(/never asks you to pay/)).toBeVisible();
  await input(page, "Amount").fill("100");
  await expect(page.getByTestId("withdraw-receive")).toContainText("99");
  await input(page, "Withdrawal password").fill("Withdraw123");
  await page.getByRole("button", { name: "Withdraw", exact: true }).click();
  await expect(page).toHaveURL(/chongzhitixianResult\?type=withdrawal&id=\d+/);
  await expect(page.getByTestId("no-payment-notice")).toBeVisible();
  await expect(page.getByText("Under review").first()).toBeVisible();

  const headers = { "x-access-token": customer.token };
  const frozen = async () =>
    (
      (await (await request.get("/api/finance/appWallet/queryUserBalance", { headers })).json()).result as {
        currency: string;
        available: string;
        frozen: string;
      }[]
    ).find((b) => b.currency === "USDT");
  expect(await frozen()).toMatchObject({ available: "400", frozen: "100" });

  // Cancel while under review: the hold is released.
  await page.getByRole("button", { name: "Cancel withdrawal" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Cancel withdrawal" }).click();
  await expect(page.getByText("Cancelled").first()).toBeVisible();
  expect(await frozen()).toMatchObject({ available: "500", frozen: "0" });

  // The balance log shows the deposit and the released hold.
  await page.goto("/#/zhangbianRecord");
  await expect(page.getByTestId("balance-entry").first()).toBeVisible();
});
