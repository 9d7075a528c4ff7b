// Content in the browser, in English and Traditional Chinese: news and an announcement,
// the announcement's server-rendered share page with its Open Graph tags, the home ticker
// and banners, an inbox message after a sandbox deposit is credited (read, then marked
// read), and a help search that finds an article.
import { expect, type Page, test } from "@playwright/test";
import { routes } from "../src/app/routes";
import { registerCustomer, useToken } from "./support/customer";
import { deposit } from "./support/funds";

const LANGS = [
  {
    lang: "en-us",
    fees: "How Candor's fees work",
    news: "Product update: your inbox tells you when money moves",
    share: "Share",
    credited: "Deposit credited",
    unread: "Unread",
    read: "Read",
    markAll: "Mark all read",
    search: "Search help articles",
    keyword: "withdrawals",
    found: "How withdrawals are reviewed",
  },
  {
    lang: "zh-cn",
    fees: "Candor 的費用說明",
    news: "產品更新：資金異動時收件匣會通知您",
    share: "分享",
    credited: "儲值已入帳",
    unread: "未讀",
    read: "已讀",
    markAll: "全部標為已讀",
    search: "搜尋說明文章",
    keyword: "提領",
    found: "提領如何審核",
  },
] as const;

const useLang = (page: Page, lang: string) => page.addInitScript((l) => localStorage.setItem("lang", l), lang);

for (const L of LANGS) {
  test.describe(`content (${L.lang})`, () => {
    test("news, an announcement and its share page with Open Graph tags", async ({ page, request }) => {
      await useLang(page, L.lang);
      await page.goto("/#/home");
      // The ticker and banners come from the API.
      await expect(page.getByRole("region", { name: /Announcements|公告/ }).first()).toBeVisible();
      await expect(page.getByRole("region", { name: /Highlights|焦點/ })).toBeVisible();
      await page.screenshot({ path: test.info().outputPath(`home-${L.lang}.png`) });
      await page.goto(`/#${routes.news}`);
      await page.getByRole("button", { name: new RegExp(L.news) }).click();
      await expect(page).toHaveURL(/xinwen\?id=\d+/);
      await expect(page.getByRole("heading", { name: L.news })).toBeVisible();
      await page.screenshot({ path: test.info().outputPath(`news-${L.lang}.png`) });

      await page.goto("/#/articleList");
      await page.getByRole("button", { name: new RegExp(L.fees) }).click();
      await expect(page).toHaveURL(/articleDetail\?id=\d+/);
      await expect(page.getByRole("heading", { name: L.fees })).toBeVisible();
      await page.screenshot({ path: test.info().outputPath(`announcement-${L.lang}.png`) });
      await page.getByRole("button", { name: L.share }).click();
      await expect(page).toHaveURL(/articleShare\?id=\d+/);
      const url = (await page.getByTestId("share-url").textContent()) ?? "";
      expect(url).toMatch(new RegExp(`/share/announcement/\\d+\\?lang=${L.lang}$`));
      await page.screenshot({ path: test.info().outputPath(`share-${L.lang}.png`) });

      // The share page itself: server-rendered, with Open Graph and Twitter card tags.
      const html = await (await request.get(url)).text();
      expect(html).toContain(`<meta property="og:title" content="${L.fees.replace(/'/g, "&#39;")}">`);
      expect(html).toContain('<meta name="twitter:card"');
      await page.goto(url);
      await expect(page.locator('meta[property="og:title"]')).toHaveAttribute("content", L.fees);
      await expect(page.locator('meta[property="og:url"]')).toHaveAttribute("content", url);
      await expect(page.getByRole("heading", { name: L.fees })).toBeVisible();
    });

    test("an inbox message after a sandbox deposit is credited, then marked read", async ({ page, request }) => {
      const customer = await registerCustomer(request, `inbox-${L.lang}`);
      await useLang(page, L.lang);
      await useToken(page, customer.token);
      await deposit(request, customer.token, "USDT", "42");
      await page.goto("/#/inbox");
      const message = page.getByRole("button", { name: new RegExp(L.credited) });
      await expect(message).toBeVisible({ timeout: 15_000 });
      await expect(message).toContainText("42 USDT");
      await expect(message).toContainText(L.unread);
      await page.screenshot({ path: test.info().outputPath(`inbox-${L.lang}.png`) });
      await message.click();
      await expect(message).toContainText(L.read);
      await expect(message).not.toContainText(L.unread);
      // The first deposit also completes a welfare task, whose message (category "task") stays
      // unread: no transaction message is left unread.
      const unread = await request.get("/api/content/appNotice/unread", {
        headers: { "x-access-token": customer.token },
      });
      expect((await unread.json()).result.transaction).toBe(0);
    });

    test("help search finds an article", async ({ page }) => {
      await useLang(page, L.lang);
      await page.goto("/#/help");
      await page.getByPlaceholder(L.search).fill(L.keyword);
      const hit = page.getByRole("button", { name: new RegExp(L.found) });
      await expect(hit).toBeVisible();
      await page.screenshot({ path: test.info().outputPath(`help-${L.lang}.png`) });
      await hit.click();
      await expect(page).toHaveURL(/help\?id=\d+/);
      await expect(page.getByRole("heading", { name: L.found })).toBeVisible();
      // A search that finds nothing, with odd characters, says so.
      await page.goto("/#/help");
      await page.getByPlaceholder(L.search).fill("%_\\'\"<script>");
      await expect(page.getByText(/Nothing found|找不到/)).toBeVisible();
    });
  });
}

// Movement that starts by itself stays still for a customer who asked for reduced motion:
// the ticker shows every title at once, wrapped, and the banners change only when swiped.
// The page's clock is Playwright's, moved on by hand (no waiting on real time); the same
// steps without the setting show that the check would see the movement.
for (const reduced of [false, true]) {
  test(`home's ticker and banners ${reduced ? "stand still with reduced motion" : "move without reduced motion"}`, async ({
    page,
  }) => {
    await page.emulateMedia({ reducedMotion: reduced ? "reduce" : "no-preference" });
    await page.clock.install({ time: new Date("2026-11-20T08:00:00Z") });
    await useLang(page, "en-us");
    await page.goto("/#/home");
    const ticker = page.getByRole("region", { name: "Announcements" }).locator(".adm-notice-bar");
    const banners = page.getByRole("region", { name: "Highlights" });
    await expect(ticker).toBeVisible();
    await expect(banners.locator(".adm-page-indicator-dot")).toHaveCount(2);
    const activeDot = () =>
      banners
        .locator(".adm-page-indicator-dot")
        .evaluateAll((dots) => dots.findIndex((d) => d.classList.contains("adm-page-indicator-dot-active")));
    expect(await activeDot()).toBe(0);
    // Past the ticker's start delay (2 s) and the banners' autoplay interval (5 s).
    await page.clock.runFor(6_000);
    const inner = ticker.locator(".adm-notice-bar-content-inner");
    if (reduced) {
      await expect(ticker).toHaveClass(/adm-notice-bar-wrap/);
      expect(await inner.evaluate((el) => (el as HTMLElement).style.transform)).toBe("");
      expect(await activeDot()).toBe(0);
      await page.screenshot({ path: test.info().outputPath("home-reduced-motion.png") });
    } else {
      await expect(ticker).not.toHaveClass(/adm-notice-bar-wrap/);
      await expect.poll(() => inner.evaluate((el) => (el as HTMLElement).style.transform)).toMatch(/translateX/);
      await expect.poll(activeDot).toBe(1);
    }
  });
}
