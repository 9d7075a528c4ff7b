// IEO on a phone: an admin creates a project through the operator API, a customer applies
// (confirmation: nothing charged), the sandbox test clock moves past the draw, the customer
// sees the draw results (seed checked against its hash and the winners recomputed in the
// browser), pays the win (confirmation), the clock moves past the listing and the new token
// is in the asset centre. Screenshots of each IEO screen in English and Traditional Chinese.
import AxeBuilder from "@axe-core/playwright";
import { type APIRequestContext, expect, type Page, test } from "@playwright/test";
import { CONSOLE_ADMIN } from "../../console/e2e/admin";
import { staffApiToken } from "../../console/e2e/support";
import { routes } from "../src/app/routes";
import { registerCustomer, useToken } from "./support/customer";
import { availableOf, deposit } from "./support/funds";

const MINUTE = 60;
const HOUR = 3600;

async function advance(request: APIRequestContext, seconds: number): Promise<void> {
  const res = await request.post("/dev/clock/advance", { data: { seconds } });
  expect(res.status(), await res.text()).toBe(200);
}

async function businessNow(request: APIRequestContext): Promise<number> {
  const res = await request.get("/dev/clock");
  expect(res.status(), await res.text()).toBe(200);
  return Date.parse((await res.json()).result.now as string);
}

/** A fresh token symbol: 2–10 capitals/digits starting with a letter, not a currency yet. */
const newSymbol = () => `Q${Date.now().toString(36).toUpperCase().slice(-6)}`;

interface Created {
  id: number;
  name: string;
  symbol: string;
}

/** The seeded admin creates a project whose applications open a minute from business now. */
async function createProject(request: APIRequestContext, totalQuantity = 1_000_000): Promise<Created> {
  const admin = await staffApiToken(request, CONSOLE_ADMIN.username, CONSOLE_ADMIN.password);
  const now = await businessNow(request);
  const at = (seconds: number) => new Date(now + seconds * 1000).toISOString();
  const symbol = newSymbol();
  const name = `Quokka ${symbol}`;
  const res = await request.post("/api/operator/ieo/create", {
    headers: { "X-Access-Token": admin },
    data: {
      name: { "en-us": name, "zh-cn": `袋鼠幣 ${symbol}` },
      symbol,
      estimatedPrice: "0.5",
      totalQuantity,
      maxPerCustomer: 100,
      applyStart: at(MINUTE),
      applyEnd: at(HOUR),
      drawAt: at(2 * HOUR),
      payEnd: at(26 * HOUR),
      listAt: at(50 * HOUR),
      description: { "en-us": "A test token for the browser test.", "zh-cn": "瀏覽器測試用的代幣。" },
      riskText: { "en-us": "Test tokens have no use outside this test.", "zh-cn": "測試代幣在此測試之外沒有用途。" },
    },
  });
  expect(res.status(), await res.text()).toBe(200);
  return { id: (await res.json()).result.id as number, name, symbol };
}

/** Open a screen afresh: business time moved on the server, so nothing cached in the app is current. */
async function openFresh(page: Page, path: string): Promise<void> {
  await page.goto(`/#${path}`);
  await page.reload();
}

/** Serious or critical axe violations of the screen as it is now (rule ids and targets). */
async function axeProblems(page: Page): Promise<string[]> {
  // Once the navigation's "Loading…" overlay has faded out: mid-fade, axe measures its
  // half-transparent text's contrast (a flaky "color-contrast" on the overlay's text).
  await page.waitForFunction(() => {
    const overlay = document.querySelector('[data-testid="page-loading"]');
    return !overlay || (overlay.getAttribute("aria-hidden") === "true" && getComputedStyle(overlay).opacity === "0");
  });
  const { violations } = await new AxeBuilder({ page }).analyze();
  return violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
}

/** A full-page screenshot once the navigation overlay has gone. */
async function shot(page: Page, name: string): Promise<void> {
  await expect(page.getByTestId("page-loading")).toHaveAttribute("aria-hidden", "true");
  await page.screenshot({ path: test.info().outputPath(`${name}.png`), fullPage: true });
}

test("apply (nothing charged) → draw → pay the win → the listed token in the asset centre", async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const project = await createProject(request);
  const customer = await registerCustomer(request, "ieo");
  await deposit(request, customer.token, "USDT", "100");
  await useToken(page, customer.token);

  // Upcoming: the list shows it with its countdown; the seed hash is published already.
  await page.goto("/#/my");
  await page.getByText("IEO", { exact: true }).click();
  await expect(page).toHaveURL(/#\/ieo$/);
  const card = page.getByTestId("ieo-project").filter({ hasText: project.name });
  await expect(card.getByTestId("ieo-status")).toHaveText("Upcoming");
  await expect(card.getByTestId("ieo-countdown")).toContainText("Applications open in");

  // Applications open.
  await advance(request, 2 * MINUTE);
  await openFresh(page, "/ieo");
  await expect(card.getByTestId("ieo-status")).toHaveText("Applications open");
  await expect(card.getByTestId("ieo-countdown")).toContainText("Applications close in");
  await shot(page, "ieo-list-en");
  await card.click();
  await expect(page).toHaveURL(new RegExp(`#/ieo\\?id=${project.id}$`));
  await expect(page.getByTestId("ieo-estimated-price")).toHaveText("0.50 USDT");
  await expect(page.getByTestId("ieo-max")).toHaveText(`100 ${project.symbol}`);
  await expect(page.getByTestId("ieo-seed-hash")).toHaveText(/^[0-9a-f]{64}$/);
  await expect(page.getByTestId("ieo-fairness")).toContainText("cannot be changed after seeing the applications");
  await expect(page.getByTestId("ieo-risk")).toContainText("Test tokens have no use outside this test.");
  await expect(page.getByTestId("ieo-no-charge")).toContainText("Nothing is charged now");
  const seedHash = (await page.getByTestId("ieo-seed-hash").textContent()) ?? "";

  // Three tokens: the stepper, the estimate, the confirmation.
  const apply = page.getByTestId("ieo-apply");
  const plus = apply.getByRole("button", { name: "One more" });
  await plus.click();
  await plus.click();
  await expect(apply.getByTestId("ieo-estimate")).toHaveText("1.50 USDT");
  await expect(apply.getByLabel("Quantity")).toHaveValue("3");
  await shot(page, "ieo-detail-en");
  expect(await axeProblems(page)).toEqual([]);
  await apply.getByRole("button", { name: "Apply", exact: true }).click();
  const confirm = page.getByRole("dialog").filter({ hasText: "Confirm your application" });
  await expect(confirm.getByTestId("ieo-apply-confirm")).toContainText(`3 ${project.symbol}`);
  await expect(confirm.getByTestId("ieo-apply-confirm")).toContainText("Nothing is charged now");
  await shot(page, "ieo-apply-confirm-en");
  await confirm.getByRole("button", { name: "Apply", exact: true }).click();
  const order = page.getByTestId("ieo-order");
  await expect(order.getByTestId("ieo-order-status")).toHaveText("Applied");
  await expect(order.getByTestId("order-quantity")).toHaveText(`3 ${project.symbol}`);
  await expect(page.getByTestId("ieo-room")).toHaveText(`97 ${project.symbol}`);
  expect(await availableOf(request, customer.token, "USDT")).toBe("100");

  // Past the draw: every applicant wins in full (3 of 1,000,000 on offer). The draw mixes in
  // the first BTCUSDT tick after applications closed, so it may run a moment after the advance.
  await advance(request, 2 * HOUR);
  await expect
    .poll(async () => (await request.get(`/api/prod/appProdIoe/draw?id=${project.id}`)).status(), { timeout: 15_000 })
    .toBe(200);
  await openFresh(page, "/ieo?tab=records");
  const record = page.getByTestId("ieo-order").filter({ hasText: project.symbol });
  await expect(record.getByTestId("ieo-order-status")).toHaveText("Won");
  await expect(record.getByTestId("order-won")).toHaveText(`3 ${project.symbol}`);
  await expect(record.getByTestId("order-amount")).toHaveText("1.50 USDT");

  // The draw results: seed, hash, my tickets, winners, checked in the browser.
  await record.getByRole("button", { name: "Draw results" }).click();
  await expect(page).toHaveURL(new RegExp(`#/ieo\\?id=${project.id}&view=results$`));
  await expect(page.getByTestId("ieo-seed")).toHaveText(/^[0-9a-f]{64}$/);
  await expect(page.getByTestId("ieo-draw-seed-hash")).toHaveText(seedHash);
  await expect(page.getByTestId("ieo-hash-check")).toHaveText(
    "Checked in your browser: the SHA-256 of this seed is the published hash.",
  );
  await expect(page.getByTestId("ieo-winners-check")).toHaveText(
    "Recomputed in your browser: the winners are exactly the published ones.",
  );
  await expect(page.getByTestId("ieo-my-tickets")).toContainText(`3 tickets, 3 ${project.symbol} won`);
  await expect(page.getByTestId("ieo-winners")).toContainText("(you)");
  await expect(page.getByTestId("ieo-algorithm")).toContainText("HMAC-SHA-256");
  await shot(page, "ieo-results-en");
  expect(await axeProblems(page)).toEqual([]);

  // Pay the win.
  await openFresh(page, "/ieo?tab=records");
  await record.getByTestId("ieo-pay").click();
  const pay = page.getByRole("dialog").filter({ hasText: "Confirm the payment" });
  await expect(pay.getByTestId("pay-amount")).toHaveText("1.50 USDT");
  await expect(pay.getByTestId("ieo-pay-confirm")).toContainText("100.00 USDT");
  await shot(page, "ieo-pay-confirm-en");
  await pay.getByRole("button", { name: "Pay", exact: true }).click();
  await expect(record.getByTestId("ieo-order-status")).toHaveText("Paid");
  await expect(record.getByTestId("ieo-pay")).toHaveCount(0);
  expect(await availableOf(request, customer.token, "USDT")).toBe("98.5");
  await shot(page, "ieo-records-en");
  expect(await axeProblems(page)).toEqual([]);

  // Past the listing: delivered, and the new token is in the asset centre.
  await advance(request, 50 * HOUR);
  await openFresh(page, "/ieo?tab=records");
  await expect(record.getByTestId("ieo-order-status")).toHaveText("Delivered");
  await page.goto(`/#${routes.assetCentre}`);
  await expect(page.getByTestId(`balance-${project.symbol}`)).toContainText("3");
  expect(await availableOf(request, customer.token, project.symbol)).toBe("3");

  // The same screens in Traditional Chinese.
  await page.evaluate(() => localStorage.setItem("lang", "zh-cn"));
  await openFresh(page, "/ieo");
  await expect(
    page.getByTestId("ieo-project").filter({ hasText: project.symbol }).getByTestId("ieo-status"),
  ).toHaveText("已上市");
  await shot(page, "ieo-list-zh-cn");
  await openFresh(page, `/ieo?id=${project.id}`);
  await expect(page.getByTestId("ieo-fairness")).toContainText("公平抽籤");
  await shot(page, "ieo-detail-zh-cn");
  await openFresh(page, `/ieo?id=${project.id}&view=results`);
  await expect(page.getByTestId("ieo-hash-check")).toContainText("已在您的瀏覽器中核對");
  await shot(page, "ieo-results-zh-cn");
  await openFresh(page, "/ieo?tab=records");
  await expect(record.getByTestId("ieo-order-status")).toHaveText("已發放");
  await shot(page, "ieo-records-zh-cn");
});

test("an empty record list says what will appear there", async ({ page, request }) => {
  const customer = await registerCustomer(request, "ieo-empty");
  await useToken(page, customer.token);
  await page.goto("/#/ieo?tab=records");
  const empty = page.getByTestId("empty-state");
  await expect(empty).toContainText("No IEO records yet");
  await expect(empty).toContainText("after you apply for a project");
});
