// The console in each of the app's eight languages at 1280×800: the admin picks the language
// in the header; the menu and the dashboard show that language's words (read from the shipped
// locale files, not typed here), <html lang> is the real BCP-47 tag, the choice survives a
// reload, and no screen scrolls sideways (dashboard, withdrawals with its review drawer,
// customers, loans, an earn product form). Screenshots of each language for a person to look at.
import { LANG_LABELS, LANG_TAGS, LANGS } from "@candor/contract";
import { expect, type Page, test } from "@playwright/test";
import { CONSOLE_LOCALES } from "../src/locales";
import { CONSOLE_ADMIN } from "./admin";
import { consoleLogin, withdrawalUnderReview } from "./support";

test.use({ viewport: { width: 1280, height: 800 } });

/**
 * Nothing scrolls or sticks out sideways: the page is no wider than the window; in an open
 * drawer or dialog no field, label, button or table cell reaches past the box's right edge
 * (Ant Design's gutter rows overhang by design, so the box's own scrollWidth is not the test).
 */
async function noSidewaysScroll(page: Page, where: string, box?: string) {
  if (!box) {
    const [scroll, client] = await page.evaluate(() => [
      document.documentElement.scrollWidth,
      document.documentElement.clientWidth,
    ]);
    expect.soft(scroll, `${where} scrolls sideways`).toBeLessThanOrEqual(client);
    return;
  }
  // (With a drawer or dialog open Ant Design locks the page's scrolling and the page measures a
  // few pixels wider in every language, English too: the box is what can overflow then.)
  const sticking = await page
    .locator(box)
    .last()
    .evaluate((b) => {
      const right = b.getBoundingClientRect().right + 1;
      return [...b.querySelectorAll("input, textarea, button, label, th, td, .ant-select, .ant-tabs-tab")]
        .filter((e) => e.getBoundingClientRect().right > right)
        .map((e) => (e.textContent ?? e.tagName).slice(0, 40));
    });
  expect.soft(sticking, `${where}: sticks out of its box`).toEqual([]);
}

// (Japanese and Chinese once hung here: Ant Design spaced their two-character buttons, "審 核",
// so the review button's name did not match; the console's ConfigProvider now turns that off.)
for (const lang of LANGS)
  test(`the console in ${LANG_LABELS[lang]} (${lang}) holds its layout at 1280×800 and is remembered`, async ({
    page,
    request,
  }) => {
    test.setTimeout(120_000);
    const { id } = await withdrawalUnderReview(request);
    await consoleLogin(page, CONSOLE_ADMIN.username, CONSOLE_ADMIN.password);
    const shot = (name: string) => page.screenshot({ path: test.info().outputPath(`${name}.png`) });
    const words = CONSOLE_LOCALES[lang];
    // The header's picker lists every language by its own name (the contract's labels).
    await page.getByLabel(CONSOLE_LOCALES["en-us"].app.language).click();
    // (Ant Design's listbox options are hidden for assistive tech; the visible item carries the title.)
    await page.locator(`.ant-select-item-option[title="${LANG_LABELS[lang]}"]`).click();
    await expect(page.locator("html")).toHaveAttribute("lang", LANG_TAGS[lang]);
    const menu = page.getByRole("menu");
    await expect(menu.getByRole("menuitem", { name: words.nav.withdrawals, exact: true })).toBeVisible();
    await expect(menu.getByRole("menuitem", { name: words.nav.customers, exact: true })).toBeVisible();

    await menu.getByRole("menuitem", { name: words.nav.dashboard, exact: true }).click();
    await expect(page.getByRole("heading", { name: words.nav.dashboard })).toBeVisible();
    await expect(page.getByText(words.dashboard.withdrawalsPending, { exact: true })).toBeVisible();
    await expect(page.getByText(words.dashboard.exposure, { exact: true })).toBeVisible();
    await noSidewaysScroll(page, `${lang} dashboard`);
    await shot(`${lang}-dashboard`);

    await menu.getByRole("menuitem", { name: words.nav.withdrawals, exact: true }).click();
    await expect(page.getByRole("columnheader", { name: words.withdrawals.receive })).toBeVisible();
    await noSidewaysScroll(page, `${lang} withdrawals`);
    // The row whose first cell is the withdrawal id (another row may show the same number as a customer id).
    const row = page.getByRole("row", { name: new RegExp(`^${id} `) });
    await row.getByRole("button", { name: words.withdrawals.review }).click();
    const drawer = page.getByRole("dialog");
    await expect(drawer.getByTestId("withdrawal-destination")).toContainText(
      words.withdrawals.destinationFields.network,
    );
    await noSidewaysScroll(page, `${lang} withdrawal review`, ".ant-drawer-body");
    await shot(`${lang}-withdrawal-review`);
    await page.keyboard.press("Escape");
    await expect(drawer).toBeHidden();

    await menu.getByRole("menuitem", { name: words.nav.customers, exact: true }).click();
    await expect(page.getByRole("columnheader", { name: words.customers.registered })).toBeVisible();
    await noSidewaysScroll(page, `${lang} customers`);

    await menu.getByRole("menuitem", { name: words.nav.loans, exact: true }).click();
    await expect(page.getByRole("tab", { name: words.loans.settings })).toBeVisible();
    await noSidewaysScroll(page, `${lang} loans`);

    await menu.getByRole("menuitem", { name: words.nav.earn, exact: true }).click();
    await page.getByRole("button", { name: words.earn.newProduct }).click();
    const form = page.getByRole("dialog");
    await expect(form.getByText(words.earn.termDays, { exact: true })).toBeVisible();
    await noSidewaysScroll(page, `${lang} product form`, ".ant-modal-body");
    await shot(`${lang}-product-form`);
    await page.keyboard.press("Escape");
    await expect(form).toBeHidden();

    // The choice is remembered: after a reload the console is still in this language.
    await page.reload();
    await expect(page.getByRole("menuitem", { name: words.nav.withdrawals, exact: true })).toBeVisible();
    await expect(page.locator("html")).toHaveAttribute("lang", LANG_TAGS[lang]);
  });
