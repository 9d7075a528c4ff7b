// The installable app: the manifest is linked and valid, its icons load at their
// declared sizes, the service worker controls the page, and a navigation that fails
// offline shows the (translated) offline page.
import { expect, test } from "@playwright/test";

interface ManifestIcon {
  src: string;
  sizes: string;
  type: string;
  purpose?: string;
}

test("the manifest is linked, valid, and its icons load at their declared sizes", async ({ page, request }) => {
  await page.goto("/#/home");
  const href = await page.locator('link[rel="manifest"]').getAttribute("href");
  expect(href).toBe("/manifest.webmanifest");
  const res = await request.get(href as string);
  expect(res.status()).toBe(200);
  const manifest = await res.json();
  expect(manifest).toMatchObject({
    name: "Candor",
    short_name: "Candor",
    start_url: "/#/home",
    scope: "/",
    display: "standalone",
  });
  const themeColor = await page.locator('meta[name="theme-color"]').getAttribute("content");
  expect(manifest.theme_color).toBe(themeColor);
  expect(manifest.background_color).toMatch(/^#[0-9a-f]{6}$/i);

  const icons = manifest.icons as ManifestIcon[];
  expect(icons.map((i) => i.sizes).sort()).toEqual(["192x192", "512x512", "512x512"]);
  expect(icons.some((i) => i.purpose === "maskable")).toBe(true);
  for (const icon of icons) {
    const size = await page.evaluate(async (src) => {
      const img = new Image();
      img.src = src;
      await img.decode();
      return `${img.naturalWidth}x${img.naturalHeight}`;
    }, icon.src);
    expect(size, icon.src).toBe(icon.sizes);
  }
});

test("the service worker controls the page and offline navigation shows the offline page", async ({
  page,
  context,
}) => {
  await page.addInitScript(() => localStorage.setItem("lang", "ko"));
  await page.goto("/#/home");
  await page.evaluate(() => navigator.serviceWorker.ready);
  await page.reload();
  await expect
    .poll(() => page.evaluate(() => navigator.serviceWorker.controller?.scriptURL ?? null))
    .toMatch(/\/sw\.js$/);

  // The worker never answers API requests from a cache.
  const cached = await page.evaluate(async () => {
    const names = await caches.keys();
    const urls: string[] = [];
    for (const name of names) for (const req of await (await caches.open(name)).keys()) urls.push(req.url);
    return urls;
  });
  // Precache keys carry a revision query: compare paths.
  expect(cached.some((u) => new URL(u).pathname === "/offline.html")).toBe(true);
  expect(
    cached.filter((u) => new URL(u).pathname.startsWith("/api") || new URL(u).pathname.startsWith("/dev")),
  ).toEqual([]);

  await context.setOffline(true);
  await page.goto("/?offline-check#/market");
  await expect(page.getByRole("heading", { name: "오프라인 상태입니다" })).toBeVisible();
  await expect(page.getByRole("link", { name: "다시 시도" })).toBeVisible();
  await context.setOffline(false);
});
