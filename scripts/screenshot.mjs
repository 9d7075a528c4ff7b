#!/usr/bin/env node
// Dev helper: screenshots of app routes in Debian's Chromium at 375×812.
// Usage: node scripts/screenshot.mjs <baseUrl> <outDir> <hashPath>[@lang] ...
//   e.g. node scripts/screenshot.mjs http://127.0.0.1:8080 screenshots /home /home@ko /my
import fs from "node:fs";
import path from "node:path";
import { chromium } from "@playwright/test";
import { CHROMIUM_ARGS } from "./local.mjs";

const [baseUrl, outDir, ...paths] = process.argv.slice(2);
if (!baseUrl || !outDir || paths.length === 0) {
  console.error("usage: screenshot.mjs <baseUrl> <outDir> <hashPath>[@lang] ...");
  process.exit(2);
}
fs.mkdirSync(outDir, { recursive: true });
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH || "/usr/bin/chromium",
  args: CHROMIUM_ARGS,
});
for (const spec of paths) {
  const [route, lang = "en-us"] = spec.split("@");
  const context = await browser.newContext({
    viewport: { width: 375, height: 812 },
    deviceScaleFactor: 1,
    isMobile: true,
    hasTouch: true,
  });
  await context.addInitScript((l) => localStorage.setItem("lang", l), lang);
  const token = process.env.SCREENSHOT_TOKEN;
  if (token)
    await context.addInitScript(
      (t) =>
        localStorage.setItem(
          "candor-user",
          JSON.stringify({ state: { token: t, user: null, redirect: "/home" }, version: 0 }),
        ),
      token,
    );
  const page = await context.newPage();
  await page.goto(`${baseUrl}/#${route}`);
  await page.waitForTimeout(Number(process.env.SCREENSHOT_WAIT_MS || 1200));
  const file = path.join(outDir, `${route.replace(/[^a-zA-Z0-9]+/g, "_").replace(/^_/, "") || "root"}-${lang}.png`);
  await page.screenshot({ path: file, fullPage: process.env.FULL_PAGE === "1" });
  console.log(file);
  await context.close();
}
await browser.close();
