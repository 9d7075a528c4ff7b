// Security screens in the browser: login and withdrawal passwords, Google authenticator
// (TOTP computed here from the key on screen), sessions with revoke.
import { expect, test } from "@playwright/test";
import { generate } from "otplib";
import { field, logInAsDevice, logInFromDevice, registerCustomer, useToken } from "./support/customer";

test("change the login password: wrong old password, the rule, then success", async ({ page, request }) => {
  const customer = await registerCustomer(request, "pw");
  const otherDevice = await logInAsDevice(customer.email, customer.password);
  await useToken(page, customer.token);
  await page.goto("/#/changePassword");

  // A wrong current password is a 400 with the server's message; nothing typed is lost.
  await field(page, "Current login password").fill("WrongPass1");
  await field(page, "New login password").fill("NewPassw0rd2");
  await field(page, "Repeat the new password").fill("NewPassw0rd2");
  await page.getByRole("button", { name: "Change password" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "The current password is wrong" }).first()).toBeVisible();
  await expect(field(page, "New login password")).toHaveValue("NewPassw0rd2");
  await expect(page).toHaveURL(/#\/changePassword$/);

  // The rule is checked here too.
  await field(page, "New login password").fill("lettersonly");
  await page.getByRole("button", { name: "Change password" }).click();
  await expect(page.getByText("Include at least one digit")).toBeVisible();
  await expect(page.getByText("The two passwords do not match")).toBeVisible();

  await field(page, "Current login password").fill(customer.password);
  await field(page, "New login password").fill("NewPassw0rd2");
  await page.getByRole("button", { name: "Change password" }).click();
  await expect(page.getByText("Password changed. Other devices signed out: 1")).toBeVisible();

  // The new password works, the old one does not, and the other device was signed out.
  expect((await logInFromDevice(customer.email, "NewPassw0rd2")).status).toBe(200);
  expect((await logInFromDevice(customer.email, customer.password)).status).toBe(401);
  const other = await request.get("/api/user/appUser/getMyUserInfo", { headers: { "X-Access-Token": otherDevice } });
  expect(other.status()).toBe(401);
});

test("set the first withdrawal password with the login password, then change it", async ({ page, request }) => {
  const customer = await registerCustomer(request, "wd");
  await useToken(page, customer.token);
  await page.goto("/#/changeWithdrawalPassword");
  await expect(page.getByText("You have not set a withdrawal password yet", { exact: false })).toBeVisible();
  await field(page, "Login password").fill(customer.password);
  await field(page, "Withdrawal password").fill(customer.password);
  await field(page, "Repeat the new password").fill(customer.password);
  await page.getByRole("button", { name: "Set withdrawal password" }).click();
  await expect(page.getByText("The withdrawal password must differ from the login password")).toBeVisible();
  await field(page, "Withdrawal password").fill("Withdraw123");
  await field(page, "Repeat the new password").fill("Withdraw123");
  await page.getByRole("button", { name: "Set withdrawal password" }).click();
  await expect(page.getByText("Withdrawal password set")).toBeVisible();
  await expect
    .poll(() =>
      page.evaluate(() => JSON.parse(localStorage.getItem("candor-user") ?? "{}").state?.user?.hasWithdrawalPassword),
    )
    .toBe(true);

  await page.goto("/#/changeWithdrawalPassword");
  await field(page, "Current withdrawal password").fill("Withdraw123");
  await field(page, "New withdrawal password").fill("Withdraw456");
  await field(page, "Repeat the new password").fill("Withdraw456");
  await page.getByRole("button", { name: "Change password" }).click();
  await expect(page.getByText("Password changed")).toBeVisible();
});

test("bind Google authenticator with a code computed from the key on screen", async ({ page, request }) => {
  const customer = await registerCustomer(request, "totp");
  await useToken(page, customer.token);
  await page.goto("/#/googleAuth");
  await expect(page.getByRole("img", { name: "QR code for the authenticator app" })).toBeVisible();
  const secret = await page.getByTestId("google-secret").getAttribute("data-secret");
  expect(secret).toMatch(/^[A-Z2-7]{16,}$/);

  // A wrong code is refused with the server's message.
  await field(page, "Authenticator code").fill("000000");
  await field(page, "Login password").fill(customer.password);
  await page.getByRole("button", { name: "Turn on" }).click();
  await expect(page.getByText("The Google Authenticator code is wrong or already used")).toBeVisible();

  await field(page, "Authenticator code").fill(await generate({ secret: secret ?? "" }));
  await page.getByRole("button", { name: "Turn on" }).click();
  await expect(page.getByText("When you log in, you will also be asked for a code from the app.")).toBeVisible();
  const status = await request.get("/api/user/appUser/checkGoogleAuth", {
    headers: { "X-Access-Token": customer.token },
  });
  expect((await status.json()).result).toEqual({ bound: true });
  await expect
    .poll(() =>
      page.evaluate(() => JSON.parse(localStorage.getItem("candor-user") ?? "{}").state?.user?.googleAuthBound),
    )
    .toBe(true);

  // Reopening shows the bound state with the way to turn it off.
  await page.reload();
  await expect(page.getByRole("button", { name: "Turn off" })).toBeVisible();
});

test("list my sessions, sign out another one, then all others", async ({ page, request }) => {
  const customer = await registerCustomer(request, "sess");
  const phone = await logInAsDevice(customer.email, customer.password);
  await useToken(page, customer.token);
  await page.goto("/#/sessions");
  const cards = page.getByRole("list", { name: "My sessions" }).getByRole("listitem");
  await expect(cards).toHaveCount(2);
  // This device first; the phone is named from its user agent.
  await expect(cards.first().getByText("This device")).toBeVisible();
  await expect(cards.first().getByText("Signed in")).toBeVisible();
  await expect(cards.first().getByText("Last active")).toBeVisible();
  const phoneCard = page.getByRole("listitem", { name: "Safari · iOS" });
  await expect(phoneCard).toHaveCount(1);
  await expect(phoneCard.getByText("This device")).toHaveCount(0);

  // Sign out the phone after confirming.
  await phoneCard.getByRole("button", { name: "Sign out" }).click();
  const dialog = page.getByRole("dialog");
  await expect(dialog.getByText("Sign out this device?")).toBeVisible();
  await expect(dialog.getByText("Safari · iOS will need to log in again.")).toBeVisible();
  await dialog.getByRole("button", { name: "Sign out" }).click();
  await expect(page.getByText("Session ended")).toBeVisible();
  await expect(cards).toHaveCount(1);
  const revoked = await request.get("/api/user/appUser/getMyUserInfo", { headers: { "X-Access-Token": phone } });
  expect(revoked.status()).toBe(401);

  // Two more devices, then "sign out all other devices".
  const a = await logInAsDevice(customer.email, customer.password);
  await logInAsDevice(customer.email, customer.password, "Mozilla/5.0 (Windows NT 10.0; Win64; x64) Firefox/127.0");
  await page.reload();
  await expect(cards).toHaveCount(3);
  await expect(page.getByRole("listitem", { name: "Firefox · Windows" })).toHaveCount(1);
  await page.getByRole("button", { name: "Sign out all other devices" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Sign out all other devices" }).click();
  await expect(page.getByText("Sessions ended: 2")).toBeVisible();
  await expect(cards).toHaveCount(1);
  await expect(page.getByText("No other device is signed in.")).toBeVisible();
  const headers = (token: string) => ({ headers: { "X-Access-Token": token } });
  expect((await request.get("/api/user/appUser/getMyUserInfo", headers(a))).status()).toBe(401);
  expect((await request.get("/api/user/appUser/getMyUserInfo", headers(customer.token))).status()).toBe(200);
});
