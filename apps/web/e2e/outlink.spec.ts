// /outlink in the browser: another site is never framed inside Candor's header — the screen
// names its host and its "Open" link leaves the app in a new tab; a link to the app itself
// is navigated to. (The notice's rules: test/outlink.test.tsx.)
import { expect, test } from "@playwright/test";
import { routes } from "../src/app/routes";

test("another site: a notice naming its host, opened only in a new tab, never framed", async ({ page }) => {
  await page.goto(`/#${routes.externalPage}?url=${encodeURIComponent("https://example.org/offer?ref=1")}`);
  await expect(page.getByRole("heading", { name: "You are leaving Candor" })).toBeVisible();
  await expect(page.getByTestId("outlink-host")).toHaveText("example.org");
  const open = page.getByRole("link", { name: "Open" });
  await expect(open).toHaveAttribute("href", "https://example.org/offer?ref=1");
  await expect(open).toHaveAttribute("target", "_blank");
  await expect(open).toHaveAttribute("rel", /noopener/);
  await expect(page.locator("iframe")).toHaveCount(0);
  await page.screenshot({ path: test.info().outputPath("outlink-375.png") });
});

test("a link to the app itself is navigated to, not framed", async ({ page, baseURL }) => {
  await page.goto(`/#${routes.externalPage}?url=${encodeURIComponent(`${baseURL}/#${routes.market}`)}`);
  await expect(page).toHaveURL(/#\/hangqing$/);
  await expect(page.locator("iframe")).toHaveCount(0);
});
