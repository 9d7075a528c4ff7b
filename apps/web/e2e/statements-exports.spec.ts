// Statements and exports on the balance log (issue 34 §3), on a phone: the month's statement
// downloads as a PDF and the balance log of a date range as a CSV with its header row. With
// STMT_SHOTS=<dir> it also saves a screenshot there.
import { readFile } from "node:fs/promises";
import { expect, test } from "@playwright/test";
import { routes } from "../src/app/routes";
import { registerCustomer, useToken as startLoggedIn } from "./support/customer";
import { deposit } from "./support/funds";
import { fitsWidth, LANGS, locale, pickLang } from "./support/languages";

const shots = process.env.STMT_SHOTS;

test("the statement PDF and the balance-log CSV download from the balance log", async ({ page, request }) => {
  test.setTimeout(90_000);
  const customer = await registerCustomer(request, "exports");
  await deposit(request, customer.token, "USDT", "250");
  await page.addInitScript(() => localStorage.setItem("lang", "en-us"));
  await startLoggedIn(page, customer.token);
  await page.goto(`/#${routes.balanceLog}`);
  await page.getByRole("button", { name: "Statements and exports" }).click();
  await expect(page.getByRole("button", { name: "Download statement (PDF)" })).toBeVisible();
  if (shots) await page.screenshot({ path: `${shots}/statements-exports-en-us.png`, fullPage: false });

  const statementAnswer = page.waitForResponse((r) => r.url().includes("/api/finance/statement"));
  const pdfDownload = page.waitForEvent("download");
  await page.getByRole("button", { name: "Download statement (PDF)" }).click();
  const pdfResponse = await statementAnswer;
  expect(pdfResponse.status()).toBe(200);
  expect(pdfResponse.headers()["content-type"]).toBe("application/pdf");
  const pdf = await pdfDownload;
  expect(pdf.suggestedFilename()).toMatch(/^candor-statement-\d{4}-\d{2}\.pdf$/);
  const pdfBytes = await readFile((await pdf.path()) as string);
  expect(pdfBytes.subarray(0, 5).toString()).toBe("%PDF-");
  await expect(page.getByText(/^Saved candor-statement-/)).toBeVisible();

  // The range is of business dates: other specs on this sandbox server may have moved its
  // clock past the browser's today (the form's default), so the range is the server's day.
  const clock = await request.get("/dev/clock");
  const businessDay = String((await clock.json()).result.now).slice(0, 10);
  await page.getByLabel("From").fill(businessDay);
  await page.getByLabel("To").fill(businessDay);
  const exportAnswer = page.waitForResponse((r) => r.url().includes("/api/finance/export"));
  const csvDownload = page.waitForEvent("download");
  await page.getByRole("button", { name: "Download CSV" }).click();
  const csvResponse = await exportAnswer;
  expect(csvResponse.headers()["content-type"]).toBe("text/csv; charset=utf-8");
  const csv = await csvDownload;
  expect(csv.suggestedFilename()).toMatch(/^candor-ledger-.+\.csv$/);
  const text = (await readFile((await csv.path()) as string)).toString("utf8");
  expect(
    text.startsWith("\uFEFFtime_utc,kind,title,currency,account,to_account,amount,balance_after,reference,memo"),
  ).toBe(true);
  expect(text).toContain(",deposit,Deposit,USDT,spot,,250,250,");
});

test("a range the server refuses shows its message", async ({ page, request }) => {
  const customer = await registerCustomer(request, "exports-bad");
  await page.addInitScript(() => localStorage.setItem("lang", "en-us"));
  await startLoggedIn(page, customer.token);
  await page.goto(`/#${routes.balanceLog}`);
  await page.getByRole("button", { name: "Statements and exports" }).click();
  await page.getByLabel("From").fill("2020-01-01");
  await page.getByRole("button", { name: "Download CSV" }).click();
  await expect(page.getByRole("alert")).toContainText("at most 366 days");
  if (shots) {
    await page.setViewportSize({ width: 320, height: 700 });
    await page.screenshot({ path: `${shots}/statements-exports-320.png` });
  }
});

// The statements sheet in every language: translated labels from the shipped locale files,
// the month's PDF made in that language (the server answers a PDF), a refused range explained
// in that language, no sideways scroll at 320 px.
for (const lang of LANGS) {
  test(`statements and exports in ${lang}: translated, the PDF downloads, a refusal is explained; fits 320 px`, async ({
    page,
    request,
  }) => {
    test.setTimeout(90_000);
    const t = locale("wallet", lang).exports;
    const customer = await registerCustomer(request, `exports-${lang}`);
    await pickLang(page, lang);
    await startLoggedIn(page, customer.token);
    await page.goto(`/#${routes.balanceLog}`);
    await page.getByRole("button", { name: t.title }).click();
    await expect(page.getByRole("button", { name: t.downloadPdf })).toBeVisible();
    await page.screenshot({ path: test.info().outputPath(`exports-${lang}-375.png`) });
    const answer = page.waitForResponse((r) => r.url().includes("/api/finance/statement"));
    const download = page.waitForEvent("download");
    await page.getByRole("button", { name: t.downloadPdf }).click();
    const res = await answer;
    expect(res.status()).toBe(200);
    expect(res.headers()["content-type"]).toBe("application/pdf");
    expect((await download).suggestedFilename()).toMatch(/\.pdf$/);

    await page.getByLabel(t.from).fill("2020-01-01");
    await page.getByRole("button", { name: t.downloadCsv }).click();
    const refusal = page.getByRole("alert");
    await expect(refusal).toContainText("366");
    if (lang !== "en-us") await expect(refusal).not.toContainText("at most 366 days");
    await fitsWidth(page, 320);
    await page.screenshot({ path: test.info().outputPath(`exports-${lang}-320.png`) });
  });
}
