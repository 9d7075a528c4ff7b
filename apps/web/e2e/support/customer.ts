// Customers for browser tests: registered through the API (fast), then handed to the
// page as a stored token before the app starts.
import http from "node:http";
import { type APIRequestContext, expect, type Page, test } from "@playwright/test";
import { deposit } from "./funds";

export const PASSWORD = "Passw0rd1";
export const IPHONE_SAFARI =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1";

export interface Customer {
  email: string;
  password: string;
  token: string;
}

/**
 * A client address of its own (the test servers trust X-Forwarded-For from 127.0.0.1, as
 * behind a proxy): one-time codes are limited to one a minute per client address, and the
 * specs send many at once from this machine.
 */
export const randomIp = () => `10.${byte(0)}.${byte(0)}.${byte(1)}`;

/** The page's requests come from a client address of their own from now on. */
export async function asNewClient(page: Page): Promise<void> {
  await page.setExtraHTTPHeaders({ "X-Forwarded-For": randomIp() });
}

/** The newest one-time code sent to `to`, read from the sandbox outbox. */
export async function codeFor(request: APIRequestContext, to: string): Promise<string> {
  let code: string | null | undefined;
  await expect
    .poll(async () => {
      const res = await request.get(`/dev/outbox?to=${encodeURIComponent(to)}`);
      code = ((await res.json()).result as { code: string | null }[]).find((m) => m.code)?.code;
      return code ?? null;
    })
    .toMatch(/^\d{6}$/);
  return code as string;
}

/** On /register: type the e-mail, send its code and type it (the address is proved at sign-up). */
export async function fillProvedEmail(page: Page, request: APIRequestContext, email: string): Promise<void> {
  await asNewClient(page);
  await field(page, "E-mail").fill(email);
  await page.getByRole("button", { name: "Send code" }).click();
  await expect(page.getByRole("button", { name: /Resend in/ })).toBeVisible();
  await field(page, "6-digit code").fill(await codeFor(request, email));
}

/**
 * Register by e-mail through the API as the app does: the e-mail proved with the code sent to
 * it (purpose=register), so the customer may deposit and withdraw. `extra`: inviteCode, … .
 */
export async function registerWith(
  request: APIRequestContext,
  email: string,
  extra: Record<string, unknown> = {},
): Promise<string> {
  const headers = { "X-Forwarded-For": randomIp() };
  const sent = await request.get(`/api/app/getEmailCaptcha?email=${encodeURIComponent(email)}&purpose=register`, {
    headers,
  });
  expect(sent.status(), await sent.text()).toBe(200);
  const code = await codeFor(request, email);
  const res = await request.post("/api/app/register", {
    headers,
    data: { type: "email", account: email, password: PASSWORD, agree: true, code, ...extra },
  });
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()).result.token as string;
}

export async function registerCustomer(request: APIRequestContext, tag: string): Promise<Customer> {
  const email = `${tag}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;
  return { email, password: PASSWORD, token: await registerWith(request, email) };
}

const byte = (min: number) => min + Math.floor(Math.random() * (255 - min));

/**
 * Log in from another device: its own loopback address (127.x.y.z) and user agent. The
 * server counts failed logins per address, and other specs (the security-code test)
 * fail logins from 127.0.0.1 on purpose; a device of its own is not affected by them.
 */
export async function logInFromDevice(
  account: string,
  password: string,
  userAgent = IPHONE_SAFARI,
): Promise<{ status: number; token: string | null }> {
  const base = new URL(test.info().project.use.baseURL ?? "http://127.0.0.1:18080");
  const body = JSON.stringify({ account, password });
  const { status, text } = await new Promise<{ status: number; text: string }>((resolve, reject) => {
    const req = http.request(
      {
        host: base.hostname,
        port: base.port,
        path: "/api/app/login",
        method: "POST",
        localAddress: `127.${byte(1)}.${byte(0)}.${byte(2)}`,
        headers: {
          "Content-Type": "application/json",
          "User-Agent": userAgent,
          "Content-Length": Buffer.byteLength(body),
        },
      },
      (res) => {
        let text = "";
        res.on("data", (chunk) => {
          text += chunk;
        });
        res.on("end", () => resolve({ status: res.statusCode ?? 0, text }));
      },
    );
    req.on("error", reject);
    req.end(body);
  });
  return { status, token: status === 200 ? (JSON.parse(text).result.token as string) : null };
}

/** Another session of the customer, on another device. */
export async function logInAsDevice(account: string, password: string, userAgent = IPHONE_SAFARI): Promise<string> {
  const { status, token } = await logInFromDevice(account, password, userAgent);
  expect(status).toBe(200);
  return token as string;
}

/** Start the app logged in with this token (the user store's persisted shape). */
export async function useToken(page: Page, token: string): Promise<void> {
  await page.addInitScript((t) => {
    localStorage.setItem(
      "candor-user",
      JSON.stringify({ state: { token: t, user: null, redirect: "/home" }, version: 0 }),
    );
  }, token);
}

/** antd-mobile puts the aria-label on the wrapper too: target the input itself. */
export const field = (page: Page, label: string) => page.locator(`input[aria-label="${label}"]`);

/** Give a customer real (sandbox) USDT: a deposit confirmed by the sandbox provider. */
export async function fundCustomer(request: APIRequestContext, token: string, amount = "1000"): Promise<void> {
  await deposit(request, token, "USDT", amount);
}
