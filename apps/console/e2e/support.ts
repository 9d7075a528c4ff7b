// Console browser tests: staff log in through the screens (password, then the TOTP code
// computed here from the secret the enrolment screen shows), customers are prepared
// through the public API.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Lang } from "@candor/contract";
import { type APIRequestContext, expect, type Locator, type Page, test } from "@playwright/test";
import { generate } from "otplib";
import { PASSWORD, registerCustomer } from "../../web/e2e/support/customer";
import { deposit } from "../../web/e2e/support/funds";

// Enrolment secrets of the staff enrolled in this run (a second login needs no QR) and the
// last TOTP step used per staff member (a code is accepted once; the next login uses a later
// step). Kept in a file so every spec and worker shares them (the chat spec answers as the
// seeded admin the console spec enrols). A first login always writes a fresh secret.
// One file per server (each group of specs has its own server and database, see
// apps/web/playwright.config.ts).
const stateFile = () =>
  path.join(
    process.env.E2E_DATA_DIR ?? os.tmpdir(),
    `e2e-staff-totp-${new URL(test.info().project.use.baseURL ?? "http://127.0.0.1:0").port}.json`,
  );
type TotpState = Record<string, { secret: string; lastStep: number }>;
const readState = (): TotpState => {
  try {
    return JSON.parse(fs.readFileSync(stateFile(), "utf8")) as TotpState;
  } catch {
    return {};
  }
};
const writeState = (state: TotpState) => fs.writeFileSync(stateFile(), JSON.stringify(state));

function rememberSecret(username: string, secret: string): void {
  writeState({ ...readState(), [username]: { secret, lastStep: -1 } });
}

async function nextCode(username: string): Promise<string> {
  const state = readState();
  const entry = state[username];
  if (!entry) throw new Error(`no TOTP secret for ${username}`);
  const now = Math.floor(Date.now() / 30_000);
  // One step of drift is accepted: use the next step when this one is already used.
  let step = Math.max(now, entry.lastStep + 1);
  if (step > now + 1) {
    await new Promise((resolve) => setTimeout(resolve, (now + 1) * 30_000 - Date.now() + 100));
    step = Math.max(Math.floor(Date.now() / 30_000), entry.lastStep + 1);
  }
  writeState({ ...state, [username]: { ...entry, lastStep: step } });
  return generate({ secret: entry.secret, epoch: step * 30 });
}

/** A staff session token through the API (password, then the TOTP code; enrols on the first login). */
export async function staffApiToken(request: APIRequestContext, username: string, password: string): Promise<string> {
  const step1 = await request.post("/api/staff/login", { data: { username, password } });
  expect(step1.status(), await step1.text()).toBe(200);
  const { ticket, totpSecret } = (await step1.json()).result as { ticket: string; totpSecret: string | null };
  if (totpSecret) rememberSecret(username, totpSecret);
  const step2 = await request.post("/api/staff/login/totp", { data: { ticket, code: await nextCode(username) } });
  expect(step2.status(), await step2.text()).toBe(200);
  return (await step2.json()).result.token as string;
}

export async function consoleLogin(page: Page, username: string, password: string): Promise<void> {
  await page.goto("/console/");
  await page.getByLabel("Username").fill(username);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Next" }).click();
  const code = page.getByLabel("Authenticator code");
  await expect(code).toBeVisible();
  const secretText = page.getByTestId("totp-secret");
  if (await secretText.isVisible()) {
    // First login: the enrolment screen shows the secret (and its QR code).
    await expect(page.locator("img[width='180']")).toBeVisible();
    rememberSecret(username, ((await secretText.textContent()) ?? "").trim());
  }
  await code.fill(await nextCode(username));
  await page.getByRole("button", { name: "Verify and log in" }).click();
  await expect(page.getByRole("heading", { name: "Dashboard" })).toBeVisible();
}

/** The console session's token, for preparing data through the API. */
export async function consoleToken(page: Page): Promise<string> {
  const raw = await page.evaluate(() => sessionStorage.getItem("candor.console.session"));
  return (JSON.parse(raw ?? "{}") as { token: string }).token;
}

export async function createStaffByApi(
  request: APIRequestContext,
  adminToken: string,
  body: { username: string; role: string; password: string },
): Promise<void> {
  const res = await request.post("/api/operator/staff/create", {
    headers: { "X-Access-Token": adminToken },
    data: body,
  });
  expect(res.status(), await res.text()).toBe(200);
}

export const unique = (prefix: string) => `${prefix}${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

/** Switches the console's language the way the language menu remembers it, and reloads. */
export async function reloadInLanguage(page: Page, lang: Lang): Promise<void> {
  await page.evaluate((l) => localStorage.setItem("candor.console.lang", l), lang);
  await page.reload();
}

/** Types a customer-facing text in one language: opens that language's tab of the text first. */
export async function fillText(
  form: Locator,
  text: string,
  tab: "English" | "한국어" | "日本語" | "ไทย" | "Bahasa Melayu" | "Tiếng Việt" | "Español" | "繁體中文",
  label: string,
  value: string,
): Promise<void> {
  await form.getByTestId(`texts-${text}`).getByRole("tab", { name: tab, exact: true }).click();
  await form.getByLabel(label, { exact: true }).fill(value);
}

/** Types a UTC date-time into the console's picker ("YYYY-MM-DD HH:mm") and leaves the field. */
export async function fillUtc(form: Locator, label: string, value: string): Promise<void> {
  const input = form.getByLabel(label, { exact: true });
  await input.click();
  await input.fill(value);
  await input.press("Enter");
}

/** Saves a form whose texts miss languages: the console asks first, and the operator saves anyway. */
export async function saveAnyway(page: Page, form: Locator): Promise<void> {
  await form.getByRole("button", { name: "Save" }).click();
  await expect(page.getByTestId("missing-langs")).toBeVisible();
  await page.getByRole("button", { name: "Save anyway" }).click();
  // The question's own dialog is gone before the caller looks at "the dialog" again (while
  // both animate out, a bare getByRole("dialog") would match two).
  await expect(page.getByTestId("missing-langs")).toHaveCount(0);
}

/** A customer with 200 USDT and a 50 USDT withdrawal to a TRC20 address, under review. */
export async function withdrawalUnderReview(request: APIRequestContext) {
  const customer = await registerCustomer(request, "console-wd");
  const headers = { "X-Access-Token": customer.token };
  await deposit(request, customer.token, "USDT", "200");
  const setPassword = await request.post("/api/user/appUser/changePassword", {
    headers,
    data: { kind: "withdrawal", oldPassword: PASSWORD, newPassword: "Withdraw1" },
  });
  expect(setPassword.status(), await setPassword.text()).toBe(200);
  const account = await request.post("/api/user/appUserWithdrawalInfoSet/addAccount", {
    headers,
    data: { type: "wallet", currency: "USDT", network: "TRC20", address: "TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE" },
  });
  expect(account.status(), await account.text()).toBe(200);
  // A new address is usable after its hold (WITHDRAWAL_ADDRESS_COOLDOWN_HOURS, business clock).
  const passed = await request.post("/dev/clock/advance", { data: { seconds: 24 * 3600 + 1 } });
  expect(passed.status(), await passed.text()).toBe(200);
  const applied = await request.post("/api/finance/appWithdrawal/apply", {
    headers,
    data: {
      currency: "USDT",
      amount: "50",
      accountId: (await account.json()).result.id,
      withdrawalPassword: "Withdraw1",
    },
  });
  expect(applied.status(), await applied.text()).toBe(200);
  return { customer, id: (await applied.json()).result.id as number };
}
