// @vitest-environment node
// The bundle budget script (scripts/check-bundle.mjs) on small fake builds, and the
// build's precompression (build/precompress.ts).
import { spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import { afterAll, describe, expect, it } from "vitest";
import { compressDir } from "../build/precompress";

const root = path.resolve(import.meta.dirname, "../../..");
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "candor-bundle-"));
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

/** Incompressible text of about `kb` KB gzip. */
const noise = (kb: number) => `export const n=${JSON.stringify(randomBytes(kb * 1024).toString("base64"))};`;

function fakeDist(name: string, files: Record<string, string>) {
  const dir = path.join(tmp, name);
  for (const [file, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    fs.writeFileSync(path.join(dir, file), text);
  }
  return dir;
}

const page = (entry: string, preloads: string[] = []) =>
  `<html><head><script type="module" crossorigin src="/assets/${entry}"></script>${preloads
    .map((p) => `<link rel="modulepreload" crossorigin href="/assets/${p}">`)
    .join("")}</head></html>`;

function check(dir: string) {
  const r = spawnSync(process.execPath, [path.join(root, "scripts/check-bundle.mjs"), "--dist", dir], {
    encoding: "utf8",
  });
  return { status: r.status, out: r.stdout + r.stderr };
}

describe("bundle budget", () => {
  it("counts the entry, its static imports (not dynamic ones) and modulepreloads", () => {
    const dir = fakeDist("ok", {
      "index.html": page("main-a1.js", ["pre-a1.js"]),
      "pc.html": page("pc-a1.js"),
      "assets/main-a1.js": `import{a}from"./dep-a1.js";import"./side-a1.js";const s=()=>import("./lazy-a1.js");${noise(20)}`,
      "assets/dep-a1.js": `export{b as a}from"./deeper-a1.js";${noise(10)}`,
      "assets/deeper-a1.js": noise(10),
      "assets/side-a1.js": noise(5),
      "assets/pre-a1.js": noise(5),
      "assets/lazy-a1.js": noise(40),
      "assets/pc-a1.js": noise(2),
    });
    const { status, out } = check(dir);
    expect(status, out).toBe(0);
    const shell = out.match(/index\.html: initial JS ([\d.]+) KB gzip in (\d+) files/);
    expect(shell?.[2]).toBe("5");
    expect(Number(shell?.[1])).toBeGreaterThan(45);
    expect(Number(shell?.[1])).toBeLessThan(60);
    expect(out).toMatch(/other chunks \(lazy\): 2,/); // lazy-a1 and pc-a1
    expect(out).toContain("bundle budget ok");
  });

  it("fails when the shell is over 150 KB or a lazy chunk other than the chart library over 60 KB", () => {
    const dir = fakeDist("over", {
      "index.html": page("main-b1.js"),
      "assets/main-b1.js": `import"./big-b1.js";import"./big2-b1.js";${noise(50)}`,
      "assets/big-b1.js": noise(55),
      "assets/big2-b1.js": noise(55),
      "assets/report-b1.js": noise(65),
      "assets/lightweight-charts.production-b1.js": noise(65),
    });
    const { status, out } = check(dir);
    expect(status, out).toBe(1);
    expect(out).toMatch(/app shell initial JS [\d.]+ KB > 150\.0 KB/);
    expect(out).toMatch(/assets\/report-b1\.js [\d.]+ KB > 60\.0 KB/);
    expect(out).not.toMatch(/lightweight-charts[^\n]*> 60/);
  });
});

describe("precompression at build", () => {
  it("writes .br and .gz that decode to the file, for text assets of 1 KB or more only", async () => {
    const big = `body{color:red}\n${"a{b:c}\n".repeat(400)}`;
    const dir = fakeDist("compress", {
      "index.html": `<html>${"<p>x</p>".repeat(300)}</html>`,
      "assets/app.css": big,
      "assets/small.js": "export{};",
      "manifest.webmanifest": JSON.stringify({ name: "Candor", pad: "x".repeat(2000) }),
      "logo.png": "x".repeat(5000),
    });
    await compressDir(dir);
    const css = path.join(dir, "assets/app.css");
    expect(zlib.brotliDecompressSync(fs.readFileSync(`${css}.br`)).toString()).toBe(big);
    expect(zlib.gunzipSync(fs.readFileSync(`${css}.gz`)).toString()).toBe(big);
    expect(fs.statSync(`${css}.br`).size).toBeLessThan(big.length / 10);
    expect(fs.existsSync(path.join(dir, "index.html.br"))).toBe(true);
    expect(fs.existsSync(path.join(dir, "manifest.webmanifest.gz"))).toBe(true);
    expect(fs.existsSync(path.join(dir, "assets/small.js.br"))).toBe(false);
    expect(fs.existsSync(path.join(dir, "logo.png.br"))).toBe(false);
  });

  it("fails when a first screen needs more than 6 JS files beyond the shell", () => {
    const files = Array.from({ length: 7 }, (_, i) => `assets/part${i}-c1.js`);
    const screens = { "/home": ["assets/home-c1.js"], "/login": files, "/hangqing": [], "/heyue": [] };
    const dir = fakeDist("requests", {
      "index.html": page("main-c1.js"),
      "assets/main-c1.js": noise(5),
      "assets/first-screen-abcdefgh.js": `(function(){var s=${JSON.stringify(screens)},l={};})();`,
      "assets/home-c1.js": noise(2),
      ...Object.fromEntries(files.map((f) => [f, noise(1)])),
    });
    const { status, out } = check(dir);
    expect(status, out).toBe(1);
    expect(out).toMatch(/first screen \/login needs 7 JS files beyond the shell \(> 6\)/);
    expect(out).not.toMatch(/first screen \/home needs/);
  });
});
