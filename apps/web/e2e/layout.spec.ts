// Layout in the longest languages: every built route at 375 and 320 px in Vietnamese,
// Malay, Spanish and Thai, as a funded customer (and the public screens as a guest).
// Fails when text overflows its box sideways (tab bars, buttons, headers, titles,
// placeholders), when the page scrolls sideways, or when an empty state shows
// antd-mobile's default description ("Want to try a new search?") instead of its own.
import { expect, type Page, test } from "@playwright/test";
import { builtAreas } from "../src/app/areas";
import { routes } from "../src/app/routes";
import { fundCustomer, registerCustomer, useToken } from "./support/customer";

const LANGS = ["vl", "mlxy", "xi", "tai"] as const;
const WIDTHS = [375, 320] as const;

/** Every built screen a logged-in customer reaches without an id in the URL. */
const CUSTOMER_ROUTES = [
  "/home",
  routes.market,
  routes.contract,
  routes.flashExchange,
  "/my",
  routes.personalData,
  "/personalInfo",
  routes.identityVerification,
  routes.advancedVerification,
  routes.verificationResult,
  routes.assetCentre,
  routes.balanceLog,
  routes.depositWithdrawalRecords,
  routes.deposit,
  routes.withdraw,
  routes.settlementInfo,
  routes.arbitrage,
  routes.wealthOrders,
  routes.mining,
  routes.debtClaims,
  "/quant",
  routes.exchangeRecords,
  "/changePassword",
  "/changeWithdrawalPassword",
  "/priceDistribution",
  "/spot",
  "/options",
  routes.demoTrading,
  "/languages",
  "/googleAuth",
  "/sessions",
  "/verifyContact",
  "/kline?symbol=BTCUSDT",
  "/chat",
  routes.loans,
  `${routes.loans}?type=pledge`,
  routes.loanOrders,
  "/loanAccount",
  routes.contests,
  `${routes.contests}?status=0`,
  `${routes.contests}?status=-2`,
  routes.myContestEntries,
  `${routes.contestDetail}?id=1`,
  `${routes.contestTrading}?id=1`,
  "/ieo",
  "/ieo?tab=records",
  routes.welfareCentre,
  "/vipLevel",
  routes.teamInvitation,
  routes.news,
  "/articleList",
  "/inbox",
  "/help",
];
const GUEST_ROUTES = [
  "/home",
  routes.market,
  "/login",
  "/register",
  "/forgotPassword",
  routes.debtClaims,
  routes.news,
  "/help",
];

/** antd-mobile's ErrorBlock descriptions (English and the four languages tested). */
const ANTD_DEFAULTS = [
  "Want to try a new search?",
  "Please wait a minute and try again",
  "Try to refresh the page",
  "Quieres intentar una nueva búsqueda?",
  "Intente refrescar la página",
  "Tìm cái khác",
  "Thử quét mới",
  "Cari yang lain",
  "Muat semula dan cuba",
  "ลองค้นหาใหม่?",
  "ลองรีเฟรชหน้า",
];

/** What is wrong with the layout of the screen now showing (empty when nothing). */
async function layoutProblems(page: Page): Promise<string[]> {
  return page.evaluate((antdDefaults) => {
    const out: string[] = [];
    const visible = (el: Element) => (el as HTMLElement).offsetParent !== null || el.tagName === "BODY";
    const name = (el: Element) => `<${el.tagName.toLowerCase()}> "${(el.textContent ?? "").trim().slice(0, 40)}"`;
    const doc = document.scrollingElement as HTMLElement;
    if (doc.scrollWidth > doc.clientWidth + 1)
      out.push(`the page scrolls sideways (${doc.scrollWidth} > ${doc.clientWidth})`);
    // Tab bars must fit (shrink or wrap), not hide tabs behind a scroll.
    for (const el of document.querySelectorAll(".adm-tabs-tab-list")) {
      if (visible(el) && el.scrollWidth > el.clientWidth + 1)
        out.push(`tab bar ${name(el)} is cut off (${el.scrollWidth} > ${el.clientWidth})`);
    }
    const boxes = document.querySelectorAll(
      "button, a, [role=tab], .adm-tabs-tab, .adm-tab-bar-item-title, h1, h2, h3, .adm-nav-bar-title, .adm-card-header-title, .adm-list-item-content-main, th, label, dt, dd",
    );
    for (const el of boxes) {
      if (!visible(el)) continue;
      const css = getComputedStyle(el);
      if (css.overflowX === "auto" || css.overflowX === "scroll") continue;
      if (el.scrollWidth > el.clientWidth + 1)
        out.push(`${name(el)} overflows (${el.scrollWidth} > ${el.clientWidth})`);
    }
    // A placeholder wider than its input is clipped.
    const canvas = document.createElement("canvas").getContext("2d") as CanvasRenderingContext2D;
    for (const input of document.querySelectorAll<HTMLInputElement>("input[placeholder]")) {
      if (!visible(input) || input.value !== "" || input.type === "hidden") continue;
      const css = getComputedStyle(input);
      canvas.font = `${css.fontWeight} ${css.fontSize} ${css.fontFamily}`;
      const room = input.clientWidth - Number.parseFloat(css.paddingLeft) - Number.parseFloat(css.paddingRight);
      const width = canvas.measureText(input.placeholder).width;
      if (width > room + 1) out.push(`placeholder "${input.placeholder}" is clipped (${Math.ceil(width)} > ${room})`);
    }
    if (document.querySelector(".adm-error-block")) out.push("an antd-mobile ErrorBlock is shown");
    // biome-ignore lint/performance/useDomNodeTextContent: only the text on screen (kept-alive screens are hidden)
    const text = document.body.innerText;
    for (const d of antdDefaults) if (text.includes(d)) out.push(`antd-mobile's default description "${d}"`);
    return out;
  }, ANTD_DEFAULTS);
}

/** Open a route in the running app and wait until its data has arrived. */
async function open(page: Page, route: string) {
  await page.evaluate((r) => {
    window.location.hash = `#${r}`;
  }, route);
  await expect(page.getByTestId("page-loading")).toHaveAttribute("aria-hidden", "true");
  await expect(page.locator("main .adm-dot-loading:visible")).toHaveCount(0, { timeout: 15_000 });
}

async function walk(page: Page, lang: string, routes: string[]) {
  const problems: string[] = [];
  await page.goto("/#/home");
  await expect(page.locator("html")).toHaveAttribute("lang", /./);
  for (const route of routes) {
    await page.setViewportSize({ width: 375, height: 812 });
    await open(page, route);
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: 812 });
      await page.waitForTimeout(50); // one layout after the resize
      for (const p of await layoutProblems(page)) problems.push(`${lang} ${width}px ${route}: ${p}`);
    }
  }
  return problems;
}

test.describe("no text overflows its box in the longest languages", () => {
  test.describe.configure({ timeout: 300_000 });

  for (const lang of LANGS) {
    test(`${lang}: every built screen of a funded customer at 375 and 320 px`, async ({ page, request }) => {
      const customer = await registerCustomer(request, `layout-${lang}`);
      await fundCustomer(request, customer.token);
      await useToken(page, customer.token);
      await page.addInitScript((l) => localStorage.setItem("lang", l), lang);
      expect(await walk(page, lang, CUSTOMER_ROUTES)).toEqual([]);
    });

    test(`${lang}: the public screens of a guest at 375 and 320 px`, async ({ page }) => {
      await page.addInitScript((l) => localStorage.setItem("lang", l), lang);
      expect(await walk(page, lang, GUEST_ROUTES)).toEqual([]);
    });
  }
});

test("an empty list says what will appear there, never antd-mobile's default line", async ({ page, request }) => {
  const customer = await registerCustomer(request, "layout-empty");
  await useToken(page, customer.token);
  await page.goto(`/#${routes.contract}`);
  const empty = page.getByTestId("empty-state");
  await expect(empty).toContainText("No open positions");
  await expect(empty).toContainText("Positions you open with the form above appear here");
  expect(await layoutProblems(page)).toEqual([]);
});

test("home and My show no entry to an area still being built", async ({ page, request }) => {
  const customer = await registerCustomer(request, "layout-areas");
  await fundCustomer(request, customer.token);
  await useToken(page, customer.token);
  const unbuilt = {
    loans: "Loans",
    ieo: "IEO",
    contests: "Contests",
    rewards: "Rewards",
    vip: "VIP levels",
    team: "Team invitation",
    inbox: "Inbox",
    help: "Help centre",
    news: "News",
  } satisfies Record<keyof typeof builtAreas, string>;
  const hidden = Object.entries(unbuilt).filter(([area]) => !builtAreas[area as keyof typeof builtAreas]);
  await page.goto("/#/my");
  await expect(page.getByTestId("my-username")).not.toBeEmpty();
  for (const [, title] of hidden) await expect(page.getByText(title, { exact: true })).toHaveCount(0);
  await expect(page.getByText("Team invitation", { exact: true })).toHaveCount(builtAreas.team ? 1 : 0);
  // Every kind of trading is one tap from home, My and the Trade tab.
  await page.goto("/#/home");
  await expect(page.getByTestId("home-total-assets")).toHaveText(/1,000\.00/);
  await expect(page.getByText("Invite", { exact: true })).toHaveCount(builtAreas.team ? 1 : 0);
  await page.getByRole("navigation", { name: "Main sections" }).getByText("Trade").click();
  const kinds = page.getByRole("navigation", { name: "Kind of trading" });
  await kinds.getByRole("button", { name: "Options" }).click();
  await expect(page).toHaveURL(/#\/options/);
  await page.getByRole("navigation", { name: "Kind of trading" }).getByRole("button", { name: "Spot" }).click();
  await expect(page).toHaveURL(/#\/spot/);
});

test("rising prices can be red: the setting swaps the colours everywhere and is remembered", async ({
  page,
  request,
}) => {
  const customer = await registerCustomer(request, "layout-colour");
  await useToken(page, customer.token);
  await page.goto("/#/my");
  const up = () =>
    page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue("--candor-up").trim());
  expect(await up()).toBe("#15803d");
  await page.getByText("Red up, green down").click();
  await expect(page.locator("html")).toHaveClass(/red-up/);
  expect(await up()).toBe("#b91c1c");
  await page.reload();
  await expect(page.locator("html")).toHaveClass(/red-up/);
  await page.getByText("Green up, red down").click();
  await expect(page.locator("html")).not.toHaveClass(/red-up/);
});
