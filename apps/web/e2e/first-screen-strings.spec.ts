// The first screens show with the first part of a language's strings only (issue 37,
// src/lib/i18n-namespaces.ts): the rest of the language comes in a second chunk after the
// first screen. With that chunk refused by the network, every first screen must still show
// no raw key of the rest (i18next shows a missing namespace's key itself, e.g.
// "balanceTitle"), and a deep link to another screen must wait for the rest and show its
// words, not its keys.
import fs from "node:fs";
import path from "node:path";
import { expect, type Page, test } from "@playwright/test";
import { FIRST_SCREENS, routes } from "../src/app/routes";
import { isFirstNamespace } from "../src/lib/i18n-namespaces";
import { registerCustomer, useToken } from "./support/customer";

const LANG = "tai";
const SRC = path.join(import.meta.dirname, "../src");

type Json = { [key: string]: string | Json };
const leafKeys = (json: Json, prefix = ""): string[] =>
  Object.entries(json).flatMap(([k, v]) => (typeof v === "string" ? [`${prefix}${k}`] : leafKeys(v, `${prefix}${k}.`)));

/** Every key of the namespaces that are not in the first part, as i18next would show it when missing. */
function restKeys(): Set<string> {
  const files = [
    ...fs.readdirSync(path.join(SRC, "locales")).map((ns) => [ns, path.join(SRC, "locales", ns, `${LANG}.json`)]),
    ...fs
      .readdirSync(path.join(SRC, "features"))
      .map((ns) => [ns, path.join(SRC, "features", ns, "locales", `${LANG}.json`)]),
  ].filter(([ns, file]) => !isFirstNamespace(ns) && fs.existsSync(file as string));
  const keys = new Set<string>();
  for (const [, file] of files)
    for (const k of leafKeys(JSON.parse(fs.readFileSync(file as string, "utf8")) as Json)) keys.add(k);
  return keys;
}

/** The words a customer sees: text, placeholders and accessible names. */
const shownWords = (page: Page) =>
  page.evaluate(() => {
    const out: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      const t = n.textContent?.trim();
      if (t) out.push(t);
    }
    for (const el of document.querySelectorAll("[placeholder], [aria-label], [title]"))
      for (const a of ["placeholder", "aria-label", "title"]) {
        const v = el.getAttribute(a)?.trim();
        if (v) out.push(v);
      }
    return out;
  });

test("the first screens show no key of the later strings while those have not arrived", async ({ page, request }) => {
  test.setTimeout(120_000);
  const keys = restKeys();
  expect(keys.size).toBeGreaterThan(300);
  const customer = await registerCustomer(request, "first-strings");
  await useToken(page, customer.token);
  await page.addInitScript((l) => localStorage.setItem("lang", l), LANG);
  let refused = 0;
  await page.route(/\/assets\/locale-[\w-]+-more-[\w-]+\.js$/, (route) => {
    refused++;
    return route.abort();
  });
  for (const screen of FIRST_SCREENS.filter((s) => s !== routes.login)) {
    await page.goto(`/#${screen}`);
    await expect(page.locator("html")).toHaveAttribute("lang", "th");
    await expect(page.locator(".adm-tab-bar")).toBeVisible();
    await page.waitForLoadState("networkidle");
    const raw = (await shownWords(page)).filter((w) => keys.has(w));
    expect(raw, `${screen}: keys of the later strings shown`).toEqual([]);
  }
  // A guest's login screen too.
  await page.evaluate(() => localStorage.removeItem("candor-user"));
  await page.context().clearCookies();
  const guest = await page.context().newPage();
  await guest.addInitScript((l) => localStorage.setItem("lang", l), LANG);
  await guest.route(/\/assets\/locale-[\w-]+-more-[\w-]+\.js$/, (route) => {
    refused++;
    return route.abort();
  });
  await guest.goto(`/#${routes.login}`);
  await expect(guest.locator("h1")).toBeVisible();
  await guest.waitForLoadState("networkidle");
  expect((await shownWords(guest)).filter((w) => keys.has(w))).toEqual([]);
  // The later strings were asked for (after the first screen) and refused: the check meant something.
  expect(refused).toBeGreaterThan(0);
});

test("a deep link to a later screen waits for the rest of the language and shows its words", async ({
  page,
  request,
}) => {
  const keys = restKeys();
  const customer = await registerCustomer(request, "later-strings");
  await useToken(page, customer.token);
  await page.addInitScript((l) => localStorage.setItem("lang", l), LANG);
  const thai = JSON.parse(fs.readFileSync(path.join(SRC, "locales/routes", `${LANG}.json`), "utf8")) as Json;
  await page.goto(`/#${routes.assetCentre}`);
  await expect(page.getByText(thai.assetCentre as string).first()).toBeVisible();
  await page.waitForLoadState("networkidle");
  const words = await shownWords(page);
  expect(words.filter((w) => keys.has(w))).toEqual([]);
  // Its own namespace (wallet) is in Thai script, not keys.
  expect(words.join(" ")).toMatch(/[\u0e00-\u0e7f]/);
});
