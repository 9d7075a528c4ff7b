// Words and formats at phone widths (issue 35 §13, §15): toasts break between words (Korean
// words and Japanese katakana words stay whole), dates in records and lists never wrap inside,
// the trade screen's tabs never split a word (es "Opciones" at 320 px), amounts and dates in
// the language's format, and nothing scrolls sideways. Screenshots of each screen in every
// language (375 px) and at 320 px for vi, ms, es and th go to SHOTS_DIR when set.
import fs from "node:fs";
import path from "node:path";
import { expect, type Locator, type Page, test } from "@playwright/test";
import { routes } from "../src/app/routes";
import { asNewClient, fundCustomer, registerCustomer, useToken } from "./support/customer";
import { fitsWidth, LANGS, type Lang, locale, pickLang, TAGS } from "./support/languages";

const NARROW: readonly Lang[] = ["vl", "mlxy", "xi", "tai"];
/** A date with its time, in the order of any of the eight languages (spaces may be no-break). */
const DATE_TIME =
  /\d{1,4}[./-]\s?\d{1,2}[./-]\s?\d{1,4}\.?,?\s*\d{2}:\d{2}(?::\d{2})?|\d{2}:\d{2}:\d{2}\s\d{1,2}\/\d{1,2}\/\d{4}/;

async function shot(page: Page, name: string): Promise<void> {
  const dir = process.env.SHOTS_DIR ?? test.info().outputPath();
  fs.mkdirSync(dir, { recursive: true });
  // After the navigation's "Loading…" overlay has faded out (else the picture shows it over the list).
  await page.waitForFunction(() => {
    const overlay = document.querySelector('[data-testid="page-loading"]');
    return !overlay || getComputedStyle(overlay).opacity === "0";
  });
  await page.screenshot({ path: path.join(dir, `${name}.png`) });
}

/**
 * The line boxes a text run of `el` sits on: for each match of `pattern` in its text, how many
 * lines its characters span (by the tops of their client rects), and the lines in all.
 */
async function linesOf(
  el: Locator,
  pattern: RegExp,
): Promise<{ lines: number; split: string[]; starts: string[]; matched: string[] }> {
  return el.evaluate((node, source) => {
    const top = (r: Range) => {
      const rects = [...r.getClientRects()].filter((x) => x.width > 0);
      return rects[0] ? Math.round(rects[0].top) : null;
    };
    const tops: number[] = [];
    const starts: string[] = [];
    const split: string[] = [];
    const matched: string[] = [];
    const walker = document.createTreeWalker(node, NodeFilter.SHOW_TEXT);
    for (let n = walker.nextNode() as Text | null; n; n = walker.nextNode() as Text | null) {
      let last: number | null = null;
      for (let i = 0; i < n.data.length; i++) {
        const r = document.createRange();
        r.setStart(n, i);
        r.setEnd(n, i + 1);
        const t = top(r);
        if (t === null) continue;
        if (last === null || Math.abs(t - last) > 2) {
          if (!tops.some((x) => Math.abs(x - t) <= 2)) tops.push(t);
          if (last !== null) starts.push(n.data.charAt(i));
        }
        last = t;
      }
      const re = new RegExp(source, "gu");
      for (let m = re.exec(n.data); m; m = re.exec(n.data)) {
        const lineTops = new Set<number>();
        for (let i = m.index; i < m.index + m[0].length; i++) {
          const r = document.createRange();
          r.setStart(n, i);
          r.setEnd(n, i + 1);
          const t = top(r);
          if (t !== null) lineTops.add(t);
        }
        matched.push(m[0]);
        if (lineTops.size > 1) split.push(m[0]);
      }
    }
    return { lines: tops.length, split, starts, matched };
  }, pattern.source);
}

test.describe("toasts at 320 px", () => {
  for (const [lang, words] of [
    ["ko", /[^\s]+/], // Korean words (eojeol) are separated by spaces
    ["jp", /[p{Script=Katakana}ー]+|[A-Za-z0-9]+/], // katakana loanwords and Latin words
  ] as const) {
    test(`a long ${lang} toast breaks between words, never inside one`, async ({ page }) => {
      const auth = locale("auth", lang);
      await pickLang(page, lang);
      await asNewClient(page);
      await page.setViewportSize({ width: 320, height: 812 });
      // The toast lives 2 s of the page's time. On a busy machine the screenshot and the
      // measures below outlasted it, so the page's clock stops before the click and moves
      // on only as far as the toast needs to appear and fade in (~0.5 s of its 2).
      const start = Date.parse("2026-11-20T08:00:00Z");
      await page.clock.install({ time: start });
      await page.goto("/#/login");
      await page.locator(`input[aria-label="${auth.email}"]`).fill(`nobody-${Date.now()}@example.com`);
      await page.locator(`input[aria-label="${auth.password}"]`).fill("Wrong1pass");
      await page.clock.pauseAt(start + 10 * 60_000);
      await page.getByRole("button", { name: auth.logIn, exact: true }).click();
      const main = page.locator(".adm-toast-main");
      await expect
        .poll(async () => {
          await page.clock.runFor(20);
          return main.isVisible();
        })
        .toBe(true);
      await page.clock.runFor(400);
      await shot(page, `toast-${lang}-320`);
      const result = await linesOf(main, words);
      expect(result.lines, "the message is long enough to wrap").toBeGreaterThan(1);
      expect(result.split, "words split across lines").toEqual([]);
      // Japanese: no line starts with a prolonged sound mark, small kana or closing punctuation.
      expect(result.starts.filter((c) => /[ーぁぃぅぇぉっゃゅょァィゥェォッャュョ、。）」』]/.test(c))).toEqual([]);
      const style = await main.evaluate((el) => {
        const css = getComputedStyle(el);
        return { lineBreak: css.lineBreak, wordBreak: css.wordBreak };
      });
      expect(style.lineBreak).toBe("strict");
      expect(style.wordBreak).toBe(lang === "ko" ? "keep-all" : "auto-phrase");
    });
  }
});

test("records, balance log, inbox, futures history and the trade screen in every language: dates on one line, amounts and dates in the language's format", async ({
  page,
  request,
}) => {
  test.setTimeout(240_000);
  const customer = await registerCustomer(request, "formats");
  await fundCustomer(request, customer.token, "1234.5");
  const headers = { "x-access-token": customer.token };
  const opened = await request.post("/api/trade/appTradePositions/create", {
    headers,
    data: { symbol: "BTCUSDT", direction: "long", margin: "100", leverage: 2 },
  });
  expect(opened.status(), await opened.text()).toBe(200);
  const closed = await request.post(`/api/trade/appTradePositions/close/${(await opened.json()).result.id}`, {
    headers,
    data: {},
  });
  expect(closed.status(), await closed.text()).toBe(200);
  await useToken(page, customer.token);

  /**
   * Every date of the screen (in a list or inside a sentence, in any language's order:
   * "2026-11-28 03:42:32", "2026. 11. 28. 03:42:32", "03:42:32 28/11/2026") sits on one line.
   */
  const datesOnOneLine = async (where: string, required = true) => {
    const root = page.locator("#root");
    // The screen's list may still be loading: wait for its dates.
    if (required)
      await expect
        .poll(async () => (await linesOf(root, DATE_TIME)).matched.length, { message: `${where}: a date is shown` })
        .toBeGreaterThan(0);
    const { split } = await linesOf(root, DATE_TIME);
    expect(split, `${where}: dates wrapping inside`).toEqual([]);
  };

  for (const lang of LANGS) {
    const tag = TAGS[lang];
    // 1,234.50 in the language's separators, read from Intl (es: "1234,50", vi: "1.234,50").
    const deposited = new Intl.NumberFormat(tag, { minimumFractionDigits: 2 }).format(1234.5);
    await pickLang(page, lang);
    for (const width of NARROW.includes(lang) ? [375, 320] : [375]) {
      await page.setViewportSize({ width, height: 812 });
      const name = (screen: string) => `${screen}-${lang}-${width}`;

      await page.goto(`/#${routes.depositWithdrawalRecords}`);
      await expect(page.getByText(deposited, { exact: false }).first()).toBeVisible();
      await datesOnOneLine(name("records"));
      // Gregorian years in every language (Thai's Buddhist era would read 25xx).
      await expect(page.locator("time:visible").first()).toContainText(/\b20\d\d\b/);
      await fitsWidth(page, width);
      await shot(page, name("records"));

      await page.goto(`/#${routes.balanceLog}`);
      await expect(page.locator("time:visible").first()).toBeVisible();
      await datesOnOneLine(name("balance-log"));
      await fitsWidth(page, width);
      await shot(page, name("balance-log"));

      await page.goto("/#/inbox");
      const messages = page.locator("button[aria-expanded]");
      await expect(messages.or(page.getByText(locale("content", lang).inboxEmpty)).first()).toBeVisible();
      await datesOnOneLine(name("inbox"), false);
      await fitsWidth(page, width);
      await shot(page, name("inbox"));

      await page.goto(`/#${routes.contract}`);
      await page.getByRole("tab", { name: locale("contracts", lang).history }).click();
      await expect(page.getByTestId("closed-position")).toHaveCount(1);
      await datesOnOneLine(name("futures-history"));
      await fitsWidth(page, width);
      await shot(page, name("futures-history"));

      // The trade screen's tabs: each label's words stay whole (es "Opciones" at 320 px).
      await page.goto("/#/options");
      const tabs = page.getByRole("navigation", { name: locale("common", lang).trade.label }).getByRole("button");
      await expect(tabs).toHaveCount(4);
      for (const tab of await tabs.all()) {
        const { split } = await linesOf(tab, /[^\s]+/);
        expect(split, `${name("trade")}: a tab label splits inside a word`).toEqual([]);
      }
      await fitsWidth(page, width);
      await shot(page, name("trade"));
    }
  }
});
