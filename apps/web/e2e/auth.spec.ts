// Accounts in the browser: register (the e-mail proved with its code) → log out → password
// login → e-mail code login → guest login (asked for an e-mail, a second guest on the device
// led to its login by username, the e-mail added and proved), plus the security code after
// failed logins.
import { expect, type Page, test } from "@playwright/test";
import { routes } from "../src/app/routes";
import { asNewClient, codeFor, fillProvedEmail, useToken } from "./support/customer";

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
  await fillProvedEmail(page, request, email);
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
  await asNewClient(page);
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

test("a guest is asked for an e-mail; a second guest on the device is led to its login by username, then proves an e-mail", async ({
  page,
  request,
}) => {
  await page.goto("/#/login");
  await page.getByRole("button", { name: "Continue as a guest" }).click();
  const dialog = page.getByTestId("guest-password");
  await expect(dialog).toBeVisible();
  const password = (await dialog.locator("code").textContent()) ?? "";
  const username = (await dialog.locator("dd").first().textContent()) ?? "";
  expect(password.length).toBeGreaterThanOrEqual(8);
  expect(username).toMatch(/^guest\d{8}$/);
  await page.getByRole("button", { name: "I saved it, continue" }).click();
  // No e-mail or phone yet: the app asks for one; "Later" goes on.
  await expect(page).toHaveURL(/#\/verifyContact/);
  await expect(page.getByRole("heading", { name: "Add an e-mail or phone" })).toBeVisible();
  await page.getByRole("button", { name: "Later" }).click();
  await expect(page).toHaveURL(/#\/home$/);
  await page.goto("/#/my");
  await expect(page.getByText("Guest", { exact: true })).toBeVisible();
  await expect(page.getByTestId("contact-proof-banner")).toBeVisible();
  await logoutFromMy(page);

  // The device already has a guest: the answer leads to its login, the username filled in.
  await page.goto("/#/login");
  await page.getByRole("button", { name: "Continue as a guest" }).click();
  await expect(page.getByText(/already exists/i)).toBeVisible();
  await expect(page).toHaveURL(/#\/login$/);
  await expect(field(page, "E-mail")).toHaveValue(username);
  await expect(field(page, "E-mail")).toHaveAttribute("placeholder", "E-mail or username");
  await field(page, "Password").fill(password);
  await asNewClient(page);
  await page.getByRole("button", { name: "Log in" }).click();

  // Asked again for an e-mail: add one and prove it with the code sent there.
  await expect(page.getByRole("heading", { name: "Add an e-mail or phone" })).toBeVisible();
  const email = uniqueEmail("guest");
  await field(page, "E-mail").fill(email);
  await page.getByRole("button", { name: "Send code" }).click();
  await field(page, "6-digit code").fill(await codeFor(request, email));
  await page.getByRole("button", { name: "Confirm" }).click();
  await expect(page.getByText("Address confirmed")).toBeVisible();
  await expect(page).not.toHaveURL(/verifyContact/);
  await page.goto("/#/my");
  await expect(page.getByTestId("contact-proof-banner")).toHaveCount(0);
});

test("an account registered without proving its e-mail is led to prove it before depositing", async ({
  page,
  request,
}) => {
  const email = uniqueEmail("unproved");
  const res = await request.post("/api/app/register", {
    headers: { "X-Forwarded-For": "10.9.9.9" },
    data: { type: "email", account: email, password: PASSWORD, agree: true },
  });
  expect(res.ok()).toBeTruthy();
  const token = (await res.json()).result.token as string;
  await useToken(page, token);
  await page.goto(`/#${routes.deposit}`);
  await expect(page.getByText("Confirm your e-mail or phone first")).toBeVisible();
  await asNewClient(page);
  await page.getByTestId("prove-contact").click();
  await expect(page).toHaveURL(/#\/verifyContact/);
  await expect(page.getByText(email)).toBeVisible();
  await page.getByRole("button", { name: "Send code" }).click();
  await field(page, "6-digit code").fill(await codeFor(request, email));
  await page.getByRole("button", { name: "Confirm" }).click();
  await expect(page).toHaveURL(/#\/chongzhi/);
  await expect(page.getByText("Confirm your e-mail or phone first")).toHaveCount(0);
  await expect(page.getByTestId("deposit-address")).toBeVisible();
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
