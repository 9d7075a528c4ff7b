// Customers for browser tests: registered through the API (fast), then handed to the
// page as a stored token before the app starts.
import { type APIRequestContext, expect, type Page } from "@playwright/test";

export const PASSWORD = "Passw0rd1";

export interface Customer {
  email: string;
  password: string;
  token: string;
}

export async function registerCustomer(request: APIRequestContext, tag: string): Promise<Customer> {
  const email = `${tag}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;
  const res = await request.post("/api/app/register", {
    data: { type: "email", account: email, password: PASSWORD, agree: true },
  });
  expect(res.status(), await res.text()).toBe(200);
  const token = (await res.json()).result.token as string;
  return { email, password: PASSWORD, token };
}

/** Another session of the same customer (another "device"). */
export async function logIn(request: APIRequestContext, account: string, password: string): Promise<string> {
  const res = await request.post("/api/app/login", { data: { account, password } });
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()).result.token as string;
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
