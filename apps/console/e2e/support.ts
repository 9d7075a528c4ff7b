// Console browser tests: staff log in through the screens (password, then the TOTP code
// computed here from the secret the enrolment screen shows), customers are prepared
// through the public API.
import { type APIRequestContext, expect, type Page } from "@playwright/test";
import { generate } from "otplib";

/** Enrolment secrets of the staff enrolled in this run (a second login needs no QR). */
const secrets = new Map<string, string>();
/** Last TOTP step used per staff member: a code is accepted once, the next login uses a later step. */
const lastStep = new Map<string, number>();

async function nextCode(username: string): Promise<string> {
  const secret = secrets.get(username);
  if (!secret) throw new Error(`no TOTP secret for ${username}`);
  const now = Math.floor(Date.now() / 30_000);
  // One step of drift is accepted: use the next step when this one is already used.
  const step = Math.max(now, (lastStep.get(username) ?? -1) + 1);
  if (step > now + 1) throw new Error("two logins of one staff member in one TOTP step");
  lastStep.set(username, step);
  return generate({ secret, epoch: step * 30 });
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
    secrets.set(username, ((await secretText.textContent()) ?? "").trim());
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
