// Wallet login and linking in the browser at 375×812: an EIP-1193 `window.ethereum` shim
// whose personal_sign is a key made in this spec (page.exposeFunction), so the server checks
// a real signature; and the plain message when the browser has no wallet.
import { expect, type Page, test } from "@playwright/test";
import { generatePrivateKey, type PrivateKeyAccount, privateKeyToAccount } from "viem/accounts";
import { field, registerCustomer, useToken } from "./support/customer";

/** Give the page a wallet holding `key`. */
async function injectWallet(page: Page, key: PrivateKeyAccount) {
  await page.exposeFunction("__testSign", (hex: `0x${string}`) => key.signMessage({ message: { raw: hex } }));
  await page.addInitScript((address) => {
    const sign = (window as unknown as { __testSign: (hex: string) => Promise<string> }).__testSign;
    (window as unknown as { ethereum: unknown }).ethereum = {
      request: async ({ method, params }: { method: string; params?: unknown[] }) => {
        if (method === "eth_requestAccounts" || method === "eth_accounts") return [address];
        if (method === "personal_sign") return sign(String(params?.[0]));
        throw Object.assign(new Error(`unsupported ${method}`), { code: 4200 });
      },
    };
  }, key.address);
}

/** Nothing on screen wider than its box (what layout.spec.ts checks for every route). */
async function overflowing(page: Page) {
  return page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>("button, a, h1, h2, p, li, .adm-list-item-content-main")]
      // Visible boxes only (screen-reader-only labels are 1 px wide on purpose).
      .filter((el) => el.offsetParent !== null && el.clientWidth > 1 && el.scrollWidth > el.clientWidth + 1)
      .map((el) => `${el.tagName} "${(el.textContent ?? "").slice(0, 40)}" ${el.scrollWidth} > ${el.clientWidth}`),
  );
}

test("a first wallet login creates an account; the same wallet logs into it again", async ({ page }) => {
  const key = privateKeyToAccount(generatePrivateKey());
  await injectWallet(page, key);
  await page.goto("/#/login");
  await page.getByRole("button", { name: "Continue with wallet" }).click();
  await expect(page).not.toHaveURL(/#\/login/);
  // A new account with no e-mail: the app asks for one (it can be added later).
  await expect(page.getByRole("heading", { name: "Add an e-mail or phone" })).toBeVisible();
  const first = await page.evaluate(() => JSON.parse(localStorage.getItem("candor-user") ?? "{}").state?.token);
  expect(first).toEqual(expect.any(String));

  await page.goto("/#/sessions");
  await expect(page.getByRole("region", { name: "Linked wallets" })).toBeVisible();
  await expect(page.getByText(key.address.toLowerCase().slice(0, 8))).toBeVisible();
  // The wallet the account was made with is its only way in: unlinking it is refused.
  await page.getByRole("button", { name: "Unlink" }).click();
  await field(page, "Login password").fill("Anything1");
  const [refused] = await Promise.all([
    page.waitForResponse((r) => r.url().includes("/unlinkWallet")),
    page.getByRole("dialog").getByRole("button", { name: "Unlink" }).click(),
  ]);
  expect(refused.status()).toBe(409);
  await expect(page.getByText("Set a login password first", { exact: false })).toBeVisible();
});

test("a customer links this browser's wallet, then unlinks it with the login password", async ({ page, request }) => {
  const customer = await registerCustomer(request, "wallet-link");
  const key = privateKeyToAccount(generatePrivateKey());
  await injectWallet(page, key);
  await useToken(page, customer.token);
  await page.goto("/#/sessions");
  const wallets = page.getByRole("region", { name: "Linked wallets" });
  await expect(wallets.getByText("No wallet is linked.")).toBeVisible();
  await wallets.getByRole("button", { name: "Link this browser's wallet" }).click();
  await expect(page.getByText("Wallet linked")).toBeVisible();
  await expect(wallets.getByText(key.address.toLowerCase().slice(0, 8))).toBeVisible();
  expect(await overflowing(page)).toEqual([]);
  await page.screenshot({ path: "test-results/wallets-en-us.png", fullPage: true });

  await wallets.getByRole("button", { name: "Unlink" }).click();
  await field(page, "Login password").fill(customer.password);
  await page.getByRole("dialog").getByRole("button", { name: "Unlink" }).click();
  await expect(page.getByText("Wallet unlinked")).toBeVisible();
  await expect(wallets.getByText("No wallet is linked.")).toBeVisible();
});

test("without a wallet in the browser the login screen says so plainly", async ({ page }) => {
  await page.goto("/#/login");
  await page.getByRole("button", { name: "Continue with wallet" }).click();
  await expect(
    page.getByRole("dialog").getByText("No wallet was found in this browser.", { exact: false }),
  ).toBeVisible();
  expect(await overflowing(page)).toEqual([]);
  await page.screenshot({ path: "test-results/login-no-wallet-en-us.png" });
});

for (const lang of ["vl", "mlxy"] as const) {
  test(`${lang}: the login screen's wallet button fits at 375 px`, async ({ page }) => {
    await page.addInitScript((l) => localStorage.setItem("lang", l), lang);
    await page.goto("/#/login");
    await expect(page.locator("html")).toHaveAttribute("lang", lang === "vl" ? /^vi/ : /^ms/);
    await expect(page.getByRole("region").last().getByRole("button")).toBeVisible();
    expect(await overflowing(page)).toEqual([]);
    await page.screenshot({ path: `test-results/login-${lang}.png`, fullPage: true });
  });

  test(`${lang}: the linked wallets fit at 375 px`, async ({ page, request }) => {
    const customer = await registerCustomer(request, `wallet-${lang}`);
    await page.addInitScript((l) => localStorage.setItem("lang", l), lang);
    await injectWallet(page, privateKeyToAccount(generatePrivateKey()));
    await useToken(page, customer.token);
    await page.goto("/#/sessions");
    const wallets = page.locator("section").last();
    await wallets.getByRole("button").last().click();
    await expect(wallets.locator("li")).toHaveCount(1);
    expect(await overflowing(page)).toEqual([]);
    await page.screenshot({ path: `test-results/wallets-${lang}.png`, fullPage: true });
  });
}
