// TEMPORARY (not committed): screenshots of the contest screens against mocked contest endpoints.
import { expect, type Page, test } from "@playwright/test";
import { registerCustomer, useToken } from "./support/customer";

const now = Date.now();
const iso = (d: number) => new Date(now + d * 3_600_000).toISOString();
const summary = (id: number, status: number, name: string) => ({
  id, name, startAt: iso(-24), endAt: iso(48), prize: "1000", entryFunds: "10000", currency: "CUSDT",
  entrants: 37, status, entryStart: iso(-48), entryEnd: iso(24), prizeCurrency: "USDT", joinable: true, myStatus: id === 1 ? 1 : null,
});
const page1 = (records: unknown[]) => ({ records, total: records.length, pageNo: 1, pageSize: 20 });
const env = (result: unknown) => ({ success: true, code: 200, message: "", result, timestamp: Date.now() });

async function mock(page: Page) {
  await page.route(/\/api\/contest\/list/, (r) => {
    const s = new URL(r.request().url()).searchParams.get("status");
    const recs = s === "1" ? [summary(1, 1, "Weekly futures cup"), summary(2, 1, "BTC sprint — a very long contest name to test wrapping at 375")] : s === "0" ? [] : [summary(3, -2, "October cup")];
    return r.fulfill({ json: env(page1(recs)) });
  });
  await page.route(/\/api\/contest\/detail/, (r) => {
    const id = Number(new URL(r.request().url()).searchParams.get("id"));
    return r.fulfill({ json: env({ ...summary(id, 1, "Weekly futures cup"), rules: "Only BTC and ETH futures.\nMax leverage applies.", symbols: ["BTCUSDT", "ETHUSDT"], prizeSplit: ["0.5", "0.3", "0.2"],
      prizes: [{ rank: 1, share: "0.5", amount: "500" }, { rank: 2, share: "0.3", amount: "300" }, { rank: 3, share: "0.2", amount: "200" }],
      myEntry: id === 1 ? { entryId: 9, status: 1, entryTime: iso(-20), exitTime: null, rank: 3, yieldRate: "0.0123", equity: "10123", available: "8000", prizePaid: null } : null }) });
  });
  await page.route(/\/api\/contest\/ranking/, (r) => r.fulfill({ json: env(page1([
    { rank: 1, nickname: "a***1", yieldRate: "0.0821", me: false, status: 1 },
    { rank: 2, nickname: "b***x", yieldRate: "0.031", me: false, status: 1 },
    { rank: 3, nickname: "m***e", yieldRate: "0.0123", me: true, status: 1 },
    { rank: 4, nickname: "z***q", yieldRate: "-0.042", me: false, status: -3 },
  ])) }));
  await page.route(/\/api\/contest\/myEntries/, (r) => r.fulfill({ json: env(page1([
    { contestId: 1, name: "Weekly futures cup", entryTime: iso(-20), rank: 3, yieldRate: "0.0123", exitTime: null, dailyProfit: "45.2", totalProfit: "123", totalYieldRate: "0.0123", status: 1, entryId: 9, equity: "10123", entryFunds: "10000", currency: "CUSDT", startAt: iso(-24), endAt: iso(48), prizePaid: null },
    { contestId: 3, name: "October cup", entryTime: iso(-400), rank: 12, yieldRate: "-0.05", exitTime: iso(-300), dailyProfit: "0", totalProfit: "-500", totalYieldRate: "-0.05", status: -3, entryId: 4, equity: "9500", entryFunds: "10000", currency: "CUSDT", startAt: iso(-500), endAt: iso(-200), prizePaid: null },
  ])) }));
  await page.route(/\/api\/contest\/account/, (r) => r.fulfill({ json: env({ contestId: 1, entryId: 9, status: 1, currency: "CUSDT", available: "8000", margin: "2000", unrealisedPnl: "123", spotValue: "0", equity: "10123", entryFunds: "10000", yieldRate: "0.0123", rank: 3, symbols: ["BTCUSDT", "ETHUSDT"] }) }));
  await page.route(/appTradePositions\/(preview|summary|listMy).*mode=contest/, (r) => {
    const u = r.request().url();
    if (u.includes("summary")) return r.fulfill({ json: env({ count: 0, equity: "10123", currency: "CUSDT", margin: "0", unrealisedPnl: "0", available: "8000" }) });
    if (u.includes("listMy")) return r.fulfill({ json: env(page1([])) });
    return r.fulfill({ json: env({ available: "8000", currency: "CUSDT", feeRates: { open: "0.0005", close: "0.0005" } }) });
  });
}

for (const lang of ["en-us", "zh-cn"]) {
  test(`contest screens ${lang}`, async ({ page, request }) => {
    test.setTimeout(120_000);
    const c = await registerCustomer(request, "shots");
    await useToken(page, c.token);
    await page.addInitScript((l) => localStorage.setItem("lang", l), lang);
    await mock(page);
    for (const [path, file] of [["/bisai", "list"], ["/bisai?status=0", "list-empty"], ["/bisaiDetail?id=1", "detail"], ["/bisaiDetail?id=2", "detail-notjoined"], ["/bisaiMycansai", "entries"], ["/bisaiTrade?id=1", "trade"]]) {
      await page.goto(`/#${path}`);
      await page.waitForTimeout(2500);
      await page.screenshot({ path: `/tmp/cw-shots/${lang}-${file}.png`, fullPage: true });
    }
    await page.goto("/#/bisaiDetail?id=2");
    await page.getByRole("button", { name: lang === "en-us" ? "Join contest" : "參加比賽" }).click();
    await page.waitForTimeout(800);
    await page.screenshot({ path: `/tmp/cw-shots/${lang}-join-dialog.png` });
    expect(1).toBe(1);
  });
}
