// On-chain deposits in the browser. The browser-test server runs without a chain (no
// CHAIN_EVM_*; the chain itself is tested on the server against ganache, and the screen
// parts in test/chain-deposit.test.tsx), and there is no sandbox seed for chain records.
// So the server's real answers are taken and, in the browser only, given the fields a
// configured chain adds (appRecharge/info: requiredConfirmations on the address;
// appRecharge/listMy: the four states of a chain record, shaped as the contract pins them).
// What this proves: the deposit screen's notice and the records' progress bar, states and
// explorer link show, in English and Vietnamese (long), at 375 and 320 px without overflow.
import { expect, type Page, test } from "@playwright/test";
import { routes } from "../src/app/routes";
import { registerCustomer, useToken } from "./support/customer";

const TX = (n: number) => `0x${String(n).repeat(64).slice(0, 64)}`;

function chainRecord(id: number, chain: Record<string, unknown>) {
  return {
    id,
    currency: "USDT",
    amount: "25",
    fee: "0",
    status: 0,
    createdAt: "2026-11-25T10:00:00.000Z",
    method: "crypto",
    network: "ERC20",
    address: "0x3f5ce5fbfe3e9af3971dd833d26ba9b5c936f0be",
    reason: null,
    completedAt: null,
    requestedAmount: "25",
    receivedAmount: null,
    txHash: TX(id),
    confirmations: 3,
    requiredConfirmations: 12,
    explorerUrl: `https://etherscan.io/tx/${TX(id)}`,
    chainState: "pending",
    notice: "3/12 confirmations",
    ...chain,
  };
}

const RECORDS = [
  chainRecord(4, {}),
  chainRecord(3, { status: 1, chainState: "credited", confirmations: 12, notice: null, receivedAmount: "25" }),
  chainRecord(2, {
    status: -1,
    amount: "0.5",
    requestedAmount: "0.5",
    chainState: "dust",
    confirmations: 1,
    receivedAmount: "0.5",
    notice: "Below the minimum deposit of USDT: recorded, not credited",
  }),
  chainRecord(1, {
    status: -2,
    chainState: "dropped",
    notice: "Dropped by a chain reorganisation before it was confirmed: not credited",
  }),
];

/** The server's answers, with what a configured chain adds. */
async function asIfOnChain(page: Page) {
  await page.route(/\/api\/finance\/appRecharge\/info/, async (route) => {
    const res = await route.fetch();
    const body = await res.json();
    body.result.addresses = body.result.addresses.map((a: object, i: number) =>
      i === 0 ? { ...a, requiredConfirmations: 12 } : a,
    );
    await route.fulfill({ response: res, json: body });
  });
  await page.route(/\/api\/finance\/appRecharge\/listMy/, async (route) => {
    const res = await route.fetch();
    const body = await res.json();
    body.result = { ...body.result, records: RECORDS, total: RECORDS.length };
    await route.fulfill({ response: res, json: body });
  });
}

// The routes answer from the server, so one can still be waiting on it when the test ends
// (the screen asks again as it leaves); without this its "Test ended" error lands on
// whichever test the worker runs next (seen: the wallet-login test, failed once in CI).
test.afterEach(async ({ page }) => {
  await page.unrouteAll({ behavior: "ignoreErrors" });
});

async function noSidewaysOverflow(page: Page) {
  const overflow = await page.evaluate(() => {
    const doc = document.scrollingElement as HTMLElement;
    const out: string[] = [];
    if (doc.scrollWidth > doc.clientWidth + 1) out.push(`page ${doc.scrollWidth} > ${doc.clientWidth}`);
    for (const el of document.querySelectorAll("[data-testid=chain-record], [data-testid=chain-deposit-notice], a"))
      if ((el as HTMLElement).offsetParent !== null && el.scrollWidth > el.clientWidth + 1)
        out.push(`${el.tagName} "${el.textContent?.slice(0, 30)}" ${el.scrollWidth} > ${el.clientWidth}`);
    return out;
  });
  expect(overflow).toEqual([]);
}

test("on-chain deposit: the screen says the chain decides the amount; records show confirmations, states and the explorer", async ({
  page,
  request,
}) => {
  const customer = await registerCustomer(request, "chain");
  await useToken(page, customer.token);
  await asIfOnChain(page);

  await page.goto(`/#${routes.deposit}`);
  const notice = page.getByTestId("chain-deposit-notice");
  await expect(notice).toContainText("credited automatically with the amount the chain shows");
  await expect(notice).toContainText("after 12 block confirmations");
  await expect(notice).toContainText("below the minimum deposit of");
  await expect(page.getByTestId("deposit-address")).not.toBeEmpty();
  // No amount to type on a chain network.
  await expect(page.getByRole("button", { name: "I have sent it" })).toHaveCount(0);
  await noSidewaysOverflow(page);
  await page.screenshot({ path: test.info().outputPath("chain-deposit-375.png"), fullPage: true });

  await page.goto(`/#${routes.depositWithdrawalRecords}?tab=deposit`);
  const bar = page.getByRole("progressbar", { name: "Confirmations needed" });
  await expect(bar).toHaveAttribute("aria-valuetext", "3/12 confirmations");
  await expect(page.getByText("3/12 confirmations")).toBeVisible();
  // Each record's tag is its chain state (dust is not "rejected": nobody rejected it).
  await expect(page.locator("[data-chain-state]")).toHaveText([
    "Confirming",
    "Credited",
    "Below the minimum",
    "Dropped",
  ]);
  await expect(page.getByText("Rejected")).toHaveCount(0);
  await expect(page.getByText("Received 0.50 USDT")).toBeVisible();
  const links = page.getByRole("link", { name: /View in block explorer/ });
  await expect(links).toHaveCount(4);
  await expect(links.first()).toHaveAttribute("target", "_blank");
  await expect(links.first()).toHaveAttribute("rel", "noopener noreferrer");
  await expect(links.first()).toHaveAttribute("href", `https://etherscan.io/tx/${TX(4)}`);
  await noSidewaysOverflow(page);
  await page.screenshot({ path: test.info().outputPath("chain-records-375.png"), fullPage: true });

  // The longest language at the narrowest width.
  await page.setViewportSize({ width: 320, height: 700 });
  await page.addInitScript(() => localStorage.setItem("lang", "vl"));
  await page.reload();
  await expect(page.getByText("Dưới mức tối thiểu", { exact: true })).toBeVisible();
  await noSidewaysOverflow(page);
  await page.screenshot({ path: test.info().outputPath("chain-records-320-vl.png"), fullPage: true });
  await page.goto(`/#${routes.deposit}`);
  await page.reload();
  await expect(page.getByTestId("chain-deposit-notice")).toContainText("cộng tự động");
  await noSidewaysOverflow(page);
  await page.screenshot({ path: test.info().outputPath("chain-deposit-320-vl.png"), fullPage: true });
});
