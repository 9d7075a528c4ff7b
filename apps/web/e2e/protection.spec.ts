// Limits and time-out in the browser (issue 34 §2, 375×812): a deposit limit refuses a larger
// deposit with the server's message; a time-out (confirmed, cannot be undone) refuses opening
// a futures position while the withdrawal screen still opens. Screenshots of the new screen
// in all eight languages and at 320 px.
import { expect, type Page, test } from "@playwright/test";
import { routes } from "../src/app/routes";
import { fundCustomer, registerCustomer, useToken } from "./support/customer";
import { toast } from "./support/toast";

const input = (page: Page, label: string) => page.locator(`input[aria-label="${label}"]`);
const useLang = (page: Page, lang: string) => page.addInitScript((l) => localStorage.setItem("lang", l), lang);

test("a day deposit limit refuses a larger deposit with the limit named", async ({ page, request }) => {
  const customer = await registerCustomer(request, "limits");
  await useToken(page, customer.token);
  await page.goto("/#/limits");
  const deposits = page.getByRole("region", { name: "Deposit limits" });
  await deposits.locator('input[aria-label="Per day"]').fill("100");
  await page.getByRole("button", { name: "Save limits" }).click();
  await expect(toast(page, "Saved")).toBeVisible();
  await page.screenshot({ path: test.info().outputPath("limits-set.png"), fullPage: true });

  // Raising it waits 24 hours and is listed.
  await deposits.locator('input[aria-label="Per day"]').fill("500");
  await page.getByRole("button", { name: "Save limits" }).click();
  await expect(page.getByRole("region", { name: "Waiting for the 24-hour cool-off" })).toContainText(
    "Per day: 500 USDT",
  );

  await page.goto(`/#${routes.deposit}`);
  await expect(page.getByTestId("deposit-address")).not.toBeEmpty();
  await input(page, "Amount you sent").fill("150");
  await page.getByRole("button", { name: "I have sent it" }).click();
  await expect(toast(page, "daily (last 24 hours) deposit limit of 100 USDT")).toBeVisible();
});

test("the reality check interrupts a trading session after the chosen minutes; Stop goes home", async ({
  page,
  request,
}) => {
  const customer = await registerCustomer(request, "reality");
  const saved = await request.post("/api/user/limits", {
    headers: { "X-Access-Token": customer.token },
    data: { realityCheckMinutes: 15 },
  });
  expect(saved.ok()).toBe(true);
  await page.clock.install();
  await useToken(page, customer.token);
  // The check loads with the first trading screen and starts the session (it asks the server
  // for the session's start); nothing shows before the interval.
  const sessionStarted = page.waitForResponse((r) => r.url().includes("/api/user/session/summary"));
  await page.goto(`/#${routes.contract}`);
  await expect(page.getByRole("navigation").first()).toBeVisible();
  await sessionStarted;
  await page.clock.fastForward("14:00");
  await expect(page.getByRole("dialog")).toHaveCount(0);
  await page.clock.fastForward("01:30");
  const dialog = page.getByRole("dialog");
  await expect(dialog).toContainText("Reality check");
  // The time spent (the clock jumped 15½ minutes) and the session's realised result.
  await expect(dialog).toContainText(/You have been trading for 1[56] minutes\./);
  await expect(dialog).toContainText("Realised result this session: 0 USDT");
  await page.screenshot({ path: test.info().outputPath("reality-check.png") });
  await dialog.getByRole("button", { name: "Stop" }).click();
  await expect(page).toHaveURL(/#\/home$/);
});

test("a time-out refuses opening a futures position; the withdrawal screen still opens", async ({ page, request }) => {
  const customer = await registerCustomer(request, "timeout");
  await fundCustomer(request, customer.token, "1000");
  await useToken(page, customer.token);
  await page.goto("/#/limits");
  await page.getByRole("region", { name: "Take a time-out" }).getByRole("button", { name: "24 hours" }).click();
  const dialog = page.getByRole("dialog");
  await expect(dialog).toContainText("cannot be undone early");
  await page.screenshot({ path: test.info().outputPath("timeout-confirm.png") });
  await dialog.getByRole("button", { name: "Yes, start it" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Time-out running" })).toBeVisible();
  await page.screenshot({ path: test.info().outputPath("timeout-running.png"), fullPage: true });

  await page.goto(`/#${routes.contract}?symbol=BTCUSDT`);
  await expect(page.getByText("available 1,000.00 USDT")).toBeVisible();
  await input(page, "Margin (USDT)").fill("100");
  await page.getByRole("button", { name: "Open long" }).click();
  // Opening goes through the confirmation sheet (issue 35 §11).
  await page
    .getByRole("dialog", { name: "Confirm your position" })
    .getByRole("button", { name: "Confirm long" })
    .click();
  await expect(toast(page, "You are taking a time-out")).toBeVisible();
  await page.screenshot({ path: test.info().outputPath("timeout-futures-refused.png") });

  await page.goto(`/#${routes.withdraw}`);
  await expect(page).toHaveTitle(/Withdraw/);
  await expect(page.getByText("You are taking a time-out")).toHaveCount(0);
});

for (const lang of ["en-us", "ko", "jp", "tai", "mlxy", "vl", "xi", "zh-cn"]) {
  test(`the limits screen in ${lang} fits 375 px and 320 px`, async ({ page, request }) => {
    const customer = await registerCustomer(request, `limits-${lang}`);
    await useLang(page, lang);
    await useToken(page, customer.token);
    for (const width of [375, 320]) {
      await page.setViewportSize({ width, height: 812 });
      await page.goto("/#/limits");
      await expect(page.locator("input").first()).toBeVisible();
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      await page.screenshot({ path: test.info().outputPath(`limits-${lang}-${width}.png`), fullPage: true });
    }
  });
}
