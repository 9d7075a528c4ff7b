#!/usr/bin/env node
// One-off: renders the app icons (apps/web/public/icons/*.png) from favicon.svg in
// Debian's Chromium. The PNGs are committed; run again only when the logo changes:
//   node apps/web/scripts/render-icons.mjs
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { chromium } from "playwright-core";

const publicDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../public");
const svg = fs.readFileSync(path.join(publicDir, "favicon.svg"), "utf8");
const outDir = path.join(publicDir, "icons");
fs.mkdirSync(outDir, { recursive: true });

// A maskable icon is cropped to a circle of 80 % of its size: full-bleed brand
// background, logo inside the safe zone.
const icons = [
  { file: "icon-192.png", size: 192, maskable: false },
  { file: "icon-512.png", size: 512, maskable: false },
  { file: "icon-maskable-512.png", size: 512, maskable: true },
];

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  args: ["--no-sandbox", "--disable-gpu", "--no-first-run"],
});
for (const icon of icons) {
  const page = await browser.newPage({ viewport: { width: icon.size, height: icon.size }, deviceScaleFactor: 1 });
  const inner = icon.maskable ? Math.round(icon.size * 0.7) : icon.size;
  const logo = icon.maskable ? svg.replace('rx="14"', 'rx="0"') : svg;
  await page.setContent(
    `<html><body style="margin:0;width:${icon.size}px;height:${icon.size}px;display:flex;align-items:center;justify-content:center;background:${icon.maskable ? "#1677ff" : "transparent"}">
      <div style="width:${inner}px;height:${inner}px">${logo.replace("<svg ", `<svg width="${inner}" height="${inner}" `)}</div>
    </body></html>`,
  );
  await page.screenshot({ path: path.join(outDir, icon.file), omitBackground: !icon.maskable });
  await page.close();
  console.log(path.join(outDir, icon.file));
}
await browser.close();
