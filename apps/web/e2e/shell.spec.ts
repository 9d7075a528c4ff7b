// The shell: languages, login redirect, unknown routes, overlay, tab bar, desktop frame.
import { expect, test } from "@playwright/test";
import { routes } from "../src/app/routes";

test("home switches to Korean and remembers it", async ({ page }) => {
  await page.goto("/#/home");
  await expect(page.getByRole("heading", { name: "Welcome to Candor" })).toBeVisible();
  await page.getByRole("button", { name: "Language" }).click();
  await page.getByText("한국어", { exact: true }).click();
  await expect(page.getByRole("heading", { name: "Candor에 오신 것을 환영합니다" })).toBeVisible();
  await expect(page.locator("html")).toHaveAttribute("lang", "ko");
  expect(await page.evaluate(() => localStorage.getItem("lang"))).toBe("ko");
  await page.reload();
  await expect(page.getByText("바로가기")).toBeVisible();
  await expect(page.getByRole("navigation").getByText("시세")).toBeVisible();
});

test("logged-out home offers Sign up and Log in; the login screen does not greet a newcomer with 'Welcome back'", async ({
  page,
}) => {
  await page.goto("/#/home");
  const hero = page.getByRole("heading", { name: "Welcome to Candor" });
  await expect(hero).toBeVisible();
  await page.getByRole("button", { name: "Sign up" }).click();
  await expect(page).toHaveURL(/#\/register$/);
  await page.goto("/#/home");
  await page.getByRole("button", { name: "Log in" }).click();
  await expect(page).toHaveURL(/#\/login$/);
  await expect(page.getByRole("heading", { name: "Log in to Candor" })).toBeVisible();
  await expect(page.getByText("Welcome back")).toHaveCount(0);
});

test("the page asks for the first screen's files while the shell loads, with no CSP violation", async ({ page }) => {
  const violations: string[] = [];
  page.on("console", (m) => {
    if (/Content Security Policy/i.test(m.text())) violations.push(m.text());
  });
  await page.goto(`/#${routes.market}`);
  await expect(page.getByRole("navigation")).toBeVisible();
  // index.html's first-screen script (build/first-screen.ts) added links for this screen.
  const preloads = await page.evaluate(() =>
    [...document.querySelectorAll<HTMLLinkElement>("link[rel=modulepreload][data-first-screen]")].map((l) => l.href),
  );
  expect(preloads.some((href) => /\/assets\/market-screen-[\w-]+\.js$/.test(href))).toBe(true);
  expect(violations).toEqual([]);
});

test("the splash shows first; a page opened in the background starts without waiting for a frame", async ({ page }) => {
  // index.html's splash is there before any script has run.
  const html = await (await page.request.get("/")).text();
  expect(html).toContain('class="boot-splash"');
  // A hidden page runs no animation frame: the app must still start (main.tsx).
  await page.addInitScript(() => {
    Object.defineProperty(document, "visibilityState", { get: () => "hidden" });
    window.requestAnimationFrame = () => 0;
  });
  await page.goto("/#/home");
  await expect(page.getByRole("heading", { name: "Welcome to Candor" })).toBeVisible();
});

test("a login-only route sends a logged-out visitor to /login and remembers /my", async ({ page }) => {
  await page.goto("/#/my");
  await expect(page).toHaveURL(/#\/login$/);
  await expect(page.getByText("Log in").first()).toBeVisible();
  const redirect = await page.evaluate(() => JSON.parse(localStorage.getItem("candor-user") ?? "{}").state?.redirect);
  expect(redirect).toBe("/my");
});

test("unknown routes and the root go to /home", async ({ page }) => {
  await page.goto("/#/no/such/place");
  await expect(page).toHaveURL(/#\/home$/);
  await page.goto("/#/");
  await expect(page).toHaveURL(/#\/home$/);
});

test("the loading overlay shows during navigation for at least 300 ms, then hides", async ({ page }) => {
  await page.goto("/#/home");
  const overlay = page.getByTestId("page-loading");
  await expect(overlay).toHaveAttribute("aria-hidden", "true");
  const shownAt = await page.evaluate(() => {
    const el = document.querySelector('[data-testid="page-loading"]');
    return new Promise<number>((resolve) => {
      const start = performance.now();
      const obs = new MutationObserver(() => {
        if (el?.getAttribute("aria-hidden") === "true") {
          obs.disconnect();
          resolve(performance.now() - start);
        }
      });
      if (el) obs.observe(el, { attributes: true });
      window.location.hash = "#/languages";
    });
  });
  expect(shownAt).toBeGreaterThanOrEqual(290);
  await expect(page.getByText("Languages").first()).toBeVisible();
});

test("the tab bar navigates between the main sections and sets the title", async ({ page }) => {
  await page.goto("/#/home");
  const nav = page.getByRole("navigation", { name: "Main sections" });
  await nav.getByText("Market").click();
  await expect(page).toHaveURL(/#\/hangqing$/);
  await expect(page).toHaveTitle(/Market · Candor/);
  await nav.getByText("Home").click();
  await expect(page).toHaveURL(/#\/home$/);
});

test("unknown /api paths answer with the 404 envelope", async ({ request }) => {
  const res = await request.get("/api/no/such/thing");
  expect(res.status()).toBe(404);
  expect(await res.json()).toMatchObject({ success: false, code: 404, result: null });
});

test.describe("desktop", () => {
  test.use({
    viewport: { width: 1280, height: 900 },
    isMobile: false,
    hasTouch: false,
    userAgent: "Mozilla/5.0 (X11; Linux x86_64) Chrome/156.0 Safari/537.36",
  });

  test("a wide desktop screen gets the phone frame and a QR code of the page it asked for", async ({ page }) => {
    await page.goto(`/#${routes.market}`);
    await expect(page).toHaveURL(/\/pc\.html$/);
    const frame = page.frameLocator("iframe[title=Candor]");
    await expect(frame.getByRole("navigation", { name: "Main sections" })).toBeVisible();
    await expect(page.locator("iframe[title=Candor]")).toHaveAttribute("src", /\/#\/hangqing$/);
    await expect(page.locator("canvas[data-url]")).toBeVisible();
    await expect(page.getByRole("heading", { name: "Open Candor on your phone" })).toBeVisible();
  });
});

test("sandbox mode: every screen shows 'Sandbox — no real money' without covering the header, content or tab bar", async ({
  page,
}) => {
  const below = async (upper: { y: number; height: number } | null, lower: { y: number } | null) => {
    expect(upper).not.toBeNull();
    expect(lower).not.toBeNull();
    expect((lower?.y ?? 0) + 0.5).toBeGreaterThanOrEqual((upper?.y ?? 0) + (upper?.height ?? 0));
  };
  await page.goto("/#/home");
  const ribbon = page.getByRole("status").filter({ hasText: "Sandbox — no real money" });
  await expect(ribbon).toBeVisible();
  const box = await ribbon.boundingBox();
  expect(box).toMatchObject({ x: 0, y: 0, width: 375 });
  await below(box, await page.getByRole("heading", { name: "Welcome to Candor" }).boundingBox());
  const nav = await page.getByRole("navigation", { name: "Main sections" }).boundingBox();
  await below(box, nav);
  // A screen with a sticky header, scrolled: the header sits under the ribbon, not behind it.
  await page.goto("/#/languages");
  await expect(ribbon).toBeVisible();
  await page.mouse.wheel(0, 400);
  await below(await ribbon.boundingBox(), await page.locator(".adm-nav-bar").first().boundingBox());
});
