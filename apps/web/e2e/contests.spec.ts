// Trading contests on a phone (375×812): an admin creates a contest through the operator
// API; the customer joins it (confirmation that says contest money is virtual), opens a
// futures position with contest money in the contest trading view and sees the contest
// balance, rank and yield move; the test moves the sandbox clock past the end; the contest
// shows ended with the final ranking and the prize, paid in real USDT, arrives in the
// asset centre and the balance log; the rival who never traded is ranked after the trader
// and paid nothing (the prize rule shown before joining).
import { type APIRequestContext, expect, type Page, test } from "@playwright/test";
import { CONSOLE_ADMIN } from "../../console/e2e/admin";
import { staffApiToken, unique } from "../../console/e2e/support";
import { routes } from "../src/app/routes";
import { field, registerCustomer, useToken } from "./support/customer";
import { availableOf } from "./support/funds";
import { toast } from "./support/toast";

const MINUTE = 60_000;
const DAY = 86_400;

async function businessNow(request: APIRequestContext): Promise<number> {
  const res = await request.get("/dev/clock");
  expect(res.status(), await res.text()).toBe(200);
  return Date.parse((await res.json()).result.now as string);
}

async function advance(request: APIRequestContext, seconds: number): Promise<void> {
  const res = await request.post("/dev/clock/advance", { data: { seconds } });
  expect(res.status(), await res.text()).toBe(200);
}

async function call<T>(
  request: APIRequestContext,
  method: "get" | "post",
  path: string,
  token: string,
  data?: object,
): Promise<T> {
  const res = await request[method](path, { headers: { "X-Access-Token": token }, data });
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()).result as T;
}

/** A contest whose entry window is open now and that starts in a minute and lasts two days (business time). */
async function createContest(request: APIRequestContext, name: string): Promise<{ id: number; endAt: number }> {
  const admin = await staffApiToken(request, CONSOLE_ADMIN.username, CONSOLE_ADMIN.password);
  const now = await businessNow(request);
  const iso = (ms: number) => new Date(ms).toISOString();
  const endAt = now + 2 * DAY * 1000;
  const contest = await call<{ id: number }>(request, "post", "/api/operator/contests/create", admin, {
    name: { "en-us": name, "zh-cn": `${name}（比賽）` },
    rules: { "en-us": "Trade BTC and ETH futures with contest money." },
    entryStart: iso(now - MINUTE),
    entryEnd: iso(endAt - MINUTE),
    startAt: iso(now + MINUTE),
    endAt: iso(endAt),
    prize: "100",
    prizeSplit: ["0.6", "0.4"],
    entryFunds: "10000",
    symbols: ["BTCUSDT", "ETHUSDT"],
    // One closed trade is needed for a prize; a losing trader is paid too (the market decides the sign).
    minClosedTrades: 1,
    prizeNeedsProfit: false,
  });
  return { id: contest.id, endAt };
}

/** Open a screen afresh: business time moved on the server, so nothing cached in the app is current. */
async function openFresh(page: Page, path: string): Promise<void> {
  await page.goto(`/#${path}`);
  await page.reload();
}

test("join a contest, trade with contest money, see rank and yield, contest ends and the USDT prize arrives", async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const name = unique("Weekly futures cup ");
  const contest = await createContest(request, name);
  const customer = await registerCustomer(request, "contest");
  // A second entrant, so there is a ranking to be placed in.
  const rival = await registerCustomer(request, "contest-rival");
  await call(request, "post", "/api/contest/join", rival.token, { id: contest.id });
  expect(await availableOf(request, customer.token, "USDT")).toBe("0");

  await useToken(page, customer.token);
  await page.goto("/#/my");
  await page.getByText("Contests", { exact: true }).click();
  await expect(page).toHaveURL(/#\/bisai$/);
  await page.getByText("To start", { exact: true }).click();
  const card = page.getByTestId("contest-card").filter({ hasText: name });
  await expect(card).toContainText("100.00 USDT");
  await expect(card).toContainText("10,000.00 CUSDT");
  await page.screenshot({ path: test.info().outputPath("contest-list.png") });
  await card.click();
  await expect(page).toHaveURL(new RegExp(`#${routes.contestDetail}\\?id=${contest.id}$`));

  // The detail: prize split, entry funds said to be contest money, symbols, rules.
  await expect(page.getByTestId("contest-money")).toContainText("not real money");
  await expect(page.getByTestId("prize-split")).toContainText("60.00 USDT");
  await expect(page.getByTestId("prize-split")).toContainText("40.00 USDT");
  await expect(page.getByTestId("contest-symbols")).toContainText("ETHUSDT");
  await expect(page.getByTestId("contest-rules")).toContainText("contest money");
  await expect(page.getByTestId("prize-rule")).toContainText("at least 1 closed contest trades");
  await expect(page.getByTestId("prize-rule")).toContainText("even with a negative yield rate");

  // Join, after a confirmation that nothing comes from the balance.
  await page.getByRole("button", { name: "Join contest" }).click();
  const dialog = page.getByRole("dialog").filter({ hasText: "Join this contest?" });
  await expect(dialog.getByTestId("join-confirm")).toContainText("10,000.00 CUSDT");
  await expect(dialog.getByTestId("join-confirm")).toContainText("nothing is taken from your balance");
  await dialog.getByRole("button", { name: "Join" }).click();
  await expect(toast(page, "You have joined the contest")).toBeVisible();
  await expect(page.getByTestId("entry-status")).toHaveText("To start");
  await expect(page.getByTestId("contest-entrants")).toHaveText("2");
  // Real money untouched.
  expect(await availableOf(request, customer.token, "USDT")).toBe("0");

  // The contest starts: trade in it.
  await advance(request, 120);
  await openFresh(page, `${routes.contestDetail}?id=${contest.id}`);
  await expect(page.getByTestId("contest-status")).toHaveText("In progress");
  await page.screenshot({ path: test.info().outputPath("contest-detail.png"), fullPage: true });
  await page.getByRole("button", { name: "Trade in contest" }).click();
  await expect(page).toHaveURL(new RegExp(`#${routes.contestTrading}\\?id=${contest.id}$`));
  await expect(page.getByTestId("contest-equity")).toHaveText("10,000.00 CUSDT");
  await expect(page.getByTestId("contest-available")).toHaveText("Available 10,000.00 CUSDT");
  await field(page, "Margin (CUSDT)").fill("2000");
  await expect(page.getByTestId("preview-close-out")).not.toHaveText("--");
  await page.getByRole("button", { name: "Open long" }).click();
  // Opening goes through the confirmation sheet (issue 35 §11).
  await page
    .getByRole("dialog", { name: "Confirm your position" })
    .getByRole("button", { name: "Confirm long" })
    .click();
  await expect(toast(page, "Position opened")).toBeVisible();
  await expect(page.getByTestId("open-position")).toHaveCount(1);

  // Rank and yield: placed among the two entrants; the yield leaves 0 (the opening fee).
  await expect(page.getByTestId("trade-rank")).toHaveText(/^[12]$/, { timeout: 20_000 });
  const yieldRate = page.getByTestId("trade-yield");
  await expect(yieldRate).not.toHaveText("0.00%", { timeout: 20_000 });
  // The account follows the feed: the equity (to 0.01 CUSDT) moves with the price. The yield
  // is shown to 0.01 % (1 CUSDT here), which a quiet simulated market can leave unchanged
  // for half a minute, so it is not what is watched.
  const equity = page.getByTestId("contest-equity");
  const firstEquity = await equity.textContent();
  await expect.poll(() => equity.textContent(), { timeout: 30_000 }).not.toBe(firstEquity);
  await page.screenshot({ path: test.info().outputPath("contest-trade.png"), fullPage: true });

  // My entries show the same rank and a yield.
  await page.goto(`/#${routes.myContestEntries}`);
  const entry = page.getByTestId("contest-entry").filter({ hasText: name });
  await expect(entry.getByTestId("entry-rank")).toHaveText(/^[12]$/);
  await expect(entry.getByTestId("entry-yield")).toHaveText(/%$/);
  await expect(entry.getByTestId("entry-status")).toHaveText("In progress");
  await page.screenshot({ path: test.info().outputPath("contest-entries.png"), fullPage: true });

  // The contest ends: the ranking freezes; the trader (whose open position the end closed) is
  // paid the first prize in real USDT, the rival who never traded nothing.
  await advance(request, 2 * DAY);
  await openFresh(page, `${routes.contestDetail}?id=${contest.id}`);
  await expect(page.getByTestId("contest-status")).toHaveText("Ended");
  await expect(page.getByText("Final ranking")).toBeVisible();
  await expect(page.getByTestId("ranking-me")).toBeVisible();
  await expect(page.getByTestId("contest-prize-paid")).toContainText("USDT");
  await page.screenshot({ path: test.info().outputPath("contest-ended.png"), fullPage: true });
  const prize = Number(await availableOf(request, customer.token, "USDT"));
  expect(prize).toBe(60);
  expect(await availableOf(request, rival.token, "USDT")).toBe("0");

  // The prize in the asset centre and the balance log.
  await page.goto(`/#${routes.assetCentre}`);
  await expect(page.getByText(prize === 60 ? "60.00" : "40.00").first()).toBeVisible();
  await page.goto(`/#${routes.balanceLog}`);
  await expect(page.getByText(/\+\s?(60|40)(\.0+)?/).first()).toBeVisible();
});

test("exit a contest after a confirmation: the entry shows exited and trading is closed", async ({ page, request }) => {
  test.setTimeout(120_000);
  const name = unique("Exit cup ");
  const contest = await createContest(request, name);
  const customer = await registerCustomer(request, "contest-exit");
  await call(request, "post", "/api/contest/join", customer.token, { id: contest.id });
  await advance(request, 120);

  await useToken(page, customer.token);
  await openFresh(page, `${routes.contestDetail}?id=${contest.id}`);
  await expect(page.getByTestId("entry-status")).toHaveText("In progress");
  await page.getByRole("button", { name: "Exit contest" }).click();
  const dialog = page.getByRole("dialog").filter({ hasText: "Exit this contest?" });
  await expect(dialog.getByTestId("exit-confirm")).toContainText("closed at the market price");
  await dialog.getByRole("button", { name: "Exit" }).click();
  await expect(toast(page, "You have left the contest")).toBeVisible();
  await expect(page.getByTestId("entry-status")).toHaveText("Exited");
  await expect(page.getByRole("button", { name: "Trade in contest" })).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Join contest" })).toHaveCount(0);

  await page.goto(`/#${routes.contestTrading}?id=${contest.id}`);
  await expect(page.getByText("Trading is not open")).toBeVisible();
  await page.goto(`/#${routes.myContestEntries}`);
  const entry = page.getByTestId("contest-entry").filter({ hasText: name });
  await expect(entry.getByTestId("entry-status")).toHaveText("Exited");
});
