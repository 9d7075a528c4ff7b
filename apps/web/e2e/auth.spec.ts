// Accounts in the browser: register → log out → password login → e-mail code login →
// guest login, plus the security code after failed logins.
import { expect, type Page, test } from "@playwright/test";

const PASSWORD = "Secret123";
/** antd-mobile puts the aria-label on the wrapper too: target the input itself. */
const field = (page: Page, label: string) => page.locator(`input[aria-label="${label}"]`);
const uniqueEmail = (tag: string) => `${tag}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;

async function logoutFromMy(page: Page) {
  await page.goto("/#/my");
  await page.getByRole("button", { name: "Log out" }).click();
  // Logging out goes to #/home and reloads the page: wait for that load, not just the URL
  // (which is #/home before the reload), or the page's context goes away mid-evaluate.
  const reloaded = page.waitForEvent("load");
  await page.getByRole("dialog").getByRole("button", { name: "Log out" }).click();
  await reloaded;
  await expect(page).toHaveURL(/#\/home$/);
  const stored = await page.evaluate(() => Object.keys(localStorage));
  expect(stored.filter((k) => k !== "lang" && k !== "publicSettings")).toEqual([]);
}

test("register, log out, log in with the password, then with an e-mail code", async ({ page, request }) => {
  const email = uniqueEmail("flow");
  await page.goto("/#/register?invite=");
  await field(page, "E-mail").fill(email);
  await field(page, "Password").fill(PASSWORD);
  await field(page, "Repeat the password").fill(PASSWORD);
  await page.getByRole("button", { name: "Register" }).click();
  await expect(page.getByText("Please agree to the user agreement to continue")).toBeVisible();
  await page.getByLabel("I agree to the user agreement").check();
  await page.getByRole("button", { name: "Register" }).click();
  await expect(page).toHaveURL(/#\/home$/);

  await page.goto("/#/my");
  await expect(page.getByTestId("my-username")).toHaveText(email);
  await logoutFromMy(page);

  // Password login, starting from a login-only page: we come back to it.
  await page.goto("/#/my");
  await expect(page).toHaveURL(/#\/login$/);
  await field(page, "E-mail").fill(email);
  await field(page, "Password").fill(PASSWORD);
  await page.getByRole("button", { name: "Log in" }).click();
  await expect(page).toHaveURL(/#\/my$/);
  await expect(page.getByTestId("my-username")).toHaveText(email);
  await logoutFromMy(page);

  // One-time code by e-mail, read from the sandbox outbox.
  await page.goto("/#/login");
  await page.getByText("One-time code").click();
  await field(page, "E-mail").fill(email);
  await page.getByRole("button", { name: "Send code" }).click();
  await expect(page.getByRole("button", { name: /Resend in/ })).toBeVisible();
  const outbox = await request.get(`/dev/outbox?to=${encodeURIComponent(email)}`);
  const messages = (await outbox.json()).result as { code: string | null }[];
  const code = messages.find((m) => m.code)?.code;
  expect(code).toMatch(/^\d{6}$/);
  await field(page, "6-digit code").fill(code ?? "");
  await page.getByRole("button", { name: "Log in" }).click();
  await expect(page).toHaveURL(/#\/home$/);
  await page.goto("/#/my");
  await expect(page.getByTestId("my-username")).toHaveText(email);
});

test("guest login shows the generated password once, and a second guest on the device is told to log in", async ({
  page,
}) => {
  await page.goto("/#/login");
  await page.getByRole("button", { name: "Continue as a guest" }).click();
  const dialog = page.getByTestId("guest-password");
  await expect(dialog).toBeVisible();
  const password = await dialog.locator("code").textContent();
  expect(password?.length ?? 0).toBeGreaterThanOrEqual(8);
  await page.getByRole("button", { name: "I saved it, continue" }).click();
  await expect(page).toHaveURL(/#\/home$/);
  await page.goto("/#/my");
  await expect(page.getByText("Guest", { exact: true })).toBeVisible();
  await logoutFromMy(page);

  await page.goto("/#/login");
  await page.getByRole("button", { name: "Continue as a guest" }).click();
  await expect(page.getByText(/already exists/i)).toBeVisible();
  await expect(page).toHaveURL(/#\/login$/);
});

test("after three wrong passwords the security check (proof of work) is required and passes", async ({
  page,
  request,
}) => {
  const email = uniqueEmail("captcha");
  const res = await request.post("/api/app/register", {
    data: { type: "email", account: email, password: PASSWORD, agree: true },
  });
  expect(res.ok()).toBeTruthy();
  await page.goto("/#/login");
  await field(page, "E-mail").fill(email);
  for (let i = 0; i < 3; i++) {
    await field(page, "Password").fill(`Wrong${i}pass`);
    await page.getByRole("button", { name: "Log in" }).click();
    await expect(page.locator(".adm-toast-main")).toBeVisible();
    await expect(page.locator(".adm-toast-main")).toBeHidden({ timeout: 5000 });
  }
  // The widget solves the check by itself, in the open: its checkbox ends up checked, "Verified".
  const check = page.getByTestId("security-check");
  await expect(check.getByRole("checkbox", { name: "Verified" })).toBeChecked({ timeout: 30_000 });
  // The typed e-mail survived every failure.
  await expect(field(page, "E-mail")).toHaveValue(email);
  await field(page, "Password").fill(PASSWORD);
  await page.getByRole("button", { name: "Log in" }).click();
  await expect(page).toHaveURL(/#\/home$/);
});
