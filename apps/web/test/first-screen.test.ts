// The build step that preloads the first screen from index.html (build/first-screen.ts).
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { inlineFavicon, inlineStylesheets, preloadScript, routeModules } from "../build/first-screen";

describe("first screen preload (build/first-screen.ts)", () => {
  it("finds the route table's screens", () => {
    const modules = routeModules(fs.readFileSync(path.join(import.meta.dirname, "../src/app/route-table.ts"), "utf8"));
    expect(modules.get("/home")).toBe("../features/home/home-screen");
    expect(modules.get("/login")).toBe("../features/auth/login-screen");
    expect(modules.get("/heyue")).toBe("../features/contracts/contracts-screen");
  });

  it("adds links for the hash's screen and the stored language, nothing for other screens", () => {
    const script = preloadScript(
      { "/home": ["assets/home.js", "assets/home.css"] },
      { "en-us": "assets/locale-en.js", ko: "assets/locale-ko.js" },
    );
    const run = (hash: string, lang: string | null) => {
      document.head.innerHTML = "";
      window.location.hash = hash;
      if (lang) localStorage.setItem("lang", lang);
      else localStorage.removeItem("lang");
      new Function(script)();
      return [...document.head.querySelectorAll("link")].map((l) => `${l.rel} ${l.getAttribute("href")}`);
    };
    expect(run("#/home?x=1", "ko")).toEqual([
      "modulepreload /assets/home.js",
      "preload /assets/home.css",
      "modulepreload /assets/locale-ko.js",
    ]);
    expect(run("", null)).toContain("modulepreload /assets/home.js"); // no hash: home
    expect(run("#/kline", null)).toEqual(["modulepreload /assets/locale-en.js"]);
  });

  it("inlines the favicon as a data URL that decodes to the file", () => {
    const svg = fs.readFileSync(path.join(import.meta.dirname, "../public/favicon.svg"), "utf8");
    const html = inlineFavicon(`<head><link rel="icon" href="/favicon.svg" type="image/svg+xml" /></head>`, svg);
    const href = html.match(/href="([^"]+)"/)?.[1] ?? "";
    expect(href.startsWith("data:image/svg+xml,")).toBe(true);
    const decoded = decodeURIComponent(href.slice("data:image/svg+xml,".length));
    expect(decoded).toBe(svg.trim().replace(/"/g, "'"));
    expect(new DOMParser().parseFromString(decoded, "image/svg+xml").querySelector("parsererror")).toBeNull();
  });

  it.each([
    ["a small stylesheet becomes a style block", "a{color:red}", "<style>a{color:red}</style>"],
    [
      "a large one stays a link",
      `a{color:red}${" ".repeat(5000)}`,
      '<link rel="stylesheet" crossorigin href="/assets/x.css">',
    ],
    [
      "one that could close the style element stays a link",
      "a{content:'</style>'}",
      '<link rel="stylesheet" crossorigin href="/assets/x.css">',
    ],
  ])("%s", (_name, css, expected) => {
    const bundle = { "assets/x.css": { type: "asset", source: css } } as never;
    expect(inlineStylesheets('<head><link rel="stylesheet" crossorigin href="/assets/x.css"></head>', bundle)).toBe(
      `<head>${expected}</head>`,
    );
  });

  it("leaves a link to a file not in the bundle", () => {
    const tag = '<link rel="stylesheet" href="/assets/other.css">';
    expect(inlineStylesheets(tag, {} as never)).toBe(tag);
  });
});
