// Price alerts in the browser (issue 34 §5, 375×812): create an above and a below alert a
// hair from the simulator's price (one of them is crossed within seconds), the fired alert
// shows a toast while the app is open and leaves a system inbox message; delete works.
// Screenshots: empty, list, fired; 320 px. Then the screen in all eight languages.
import { expect, test } from "@playwright/test";
import { registerCustomer, useToken } from "./support/customer";
import { fitsWidth, LANGS, locale, pickLang } from "./support/languages";
import { toast } from "./support/toast";

test("an alert crossed by the price shows a toast and an inbox message; delete removes it", async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const customer = await registerCustomer(request, "alerts");
  await useToken(page, customer.token);
  await page.goto("/#/alerts?symbol=BTCUSDT");
  await expect(page.getByText("No alerts yet")).toBeVisible();
  await page.screenshot({ path: test.info().outputPath("alerts-empty.png"), fullPage: true });

  const quote = await (await request.get("/api/trade/appSymbol/price?symbol=BTCUSDT")).json();
  const price = Number(quote.result.price);
  const value = page.locator('input[aria-label="Price"]');
  await page.locator(".adm-selector-item", { hasText: "Above" }).click();
  await value.fill((price * 1.00005).toFixed(2));
  await page.getByRole("button", { name: "Create alert" }).click();
  await expect(toast(page, "Alert created")).toBeVisible();
  await page.locator(".adm-selector-item", { hasText: "Below" }).click();
  await value.fill((price * 0.99995).toFixed(2));
  await page.getByRole("button", { name: "Create alert" }).click();
  await expect(page.getByTestId("alert-row")).toHaveCount(2);
  await page.screenshot({ path: test.info().outputPath("alerts-list.png"), fullPage: true });

  // The simulator's price moves: one of the two is crossed; the open app shows a toast. If the
  // price drifted away from both before they were armed (an alert created beyond its line
  // waits for a new crossing), two fresh ones go around the latest price.
  const fired = toast(page, /Price alert: BTC\/USDT at/);
  for (let round = 0; ; round++) {
    try {
      await expect(fired).toBeVisible({ timeout: 40_000 });
      break;
    } catch (err) {
      if (round === 2) throw err;
      const latest = Number(
        (await (await request.get("/api/trade/appSymbol/price?symbol=BTCUSDT")).json()).result.price,
      );
      for (const [kind, factor] of [
        ["above", 1.00002],
        ["below", 0.99998],
      ] as const) {
        const res = await request.post("/api/market/alerts", {
          headers: { "X-Access-Token": customer.token },
          data: { symbol: "BTCUSDT", kind, value: (latest * factor).toFixed(2) },
        });
        expect(res.ok()).toBe(true);
      }
    }
  }
  await expect(page.getByText(/Last fired at/).first()).toBeVisible();
  await page.screenshot({ path: test.info().outputPath("alerts-fired.png"), fullPage: true });
  const inbox = await (
    await request.get("/api/content/appNotice/myList?category=system", {
      headers: { "X-Access-Token": customer.token },
    })
  ).json();
  expect(inbox.result.records.map((r: { title: string }) => r.title)).toContain("Price alert: BTC/USDT");

  const rows = await page.getByTestId("alert-row").count();
  await page.getByTestId("alert-row").first().getByRole("button", { name: "Delete" }).click();
  await page
    .getByRole("dialog")
    .getByRole("button", { name: /OK|Confirm/i })
    .click();
  await expect(page.getByTestId("alert-row")).toHaveCount(rows - 1);

  await page.setViewportSize({ width: 320, height: 700 });
  await page.screenshot({ path: test.info().outputPath("alerts-320.png"), fullPage: true });
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
});

// The alerts screen in every language: translated texts from the shipped locale files, an
// alert created (far from the price, so it waits) and deleted, no sideways scroll at 320 px.
for (const lang of LANGS) {
  test(`price alerts in ${lang}: translated, created, listed and deleted; fits 375 and 320 px`, async ({
    page,
    request,
  }) => {
    const t = locale("alerts", lang);
    const customer = await registerCustomer(request, `alerts-${lang}`);
    await pickLang(page, lang);
    await useToken(page, customer.token);
    await page.goto("/#/alerts?symbol=BTCUSDT");
    await expect(page.getByText(locale("routes", lang).alerts).first()).toBeVisible();
    await expect(page.getByText(t.empty)).toBeVisible();
    await page.screenshot({ path: test.info().outputPath(`alerts-${lang}-empty.png`), fullPage: true });
    const quote = await (await request.get("/api/trade/appSymbol/price?symbol=BTCUSDT")).json();
    const far = (Number(quote.result.price) * 3).toFixed(2);
    await page.locator(".adm-selector-item", { hasText: t.kind_above }).click();
    await page.locator(`input[aria-label="${t.price}"]`).fill(far);
    await page.getByRole("button", { name: t.create }).click();
    await expect(toast(page, t.created)).toBeVisible();
    const row = page.getByTestId("alert-row");
    await expect(row).toHaveCount(1);
    await expect(row).toContainText(t.waiting);
    await page.screenshot({ path: test.info().outputPath(`alerts-${lang}-375.png`), fullPage: true });
    await fitsWidth(page, 320);
    await page.screenshot({ path: test.info().outputPath(`alerts-${lang}-320.png`), fullPage: true });
    await row.getByRole("button", { name: t.delete }).click();
    const dialog = page.getByRole("dialog");
    await expect(dialog).toContainText(t.deleteConfirm);
    await page.screenshot({ path: test.info().outputPath(`alerts-${lang}-delete.png`) });
    await dialog.getByRole("button").last().click();
    await expect(row).toHaveCount(0);
    await expect(page.getByText(t.empty)).toBeVisible();
  });
}
