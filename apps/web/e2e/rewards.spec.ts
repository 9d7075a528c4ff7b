// Rewards on a phone: an invitation link opens registration with the code filled in; the
// invited customer deposits and trades, sees two welfare tasks complete and claims both;
// the inviter sees the team count and a rebate line for the invitee's trade.
import { type APIRequestContext, expect, type Page, test } from "@playwright/test";
import { routes } from "../src/app/routes";
import { field, registerCustomer, registerWith, useToken } from "./support/customer";
import { deposit } from "./support/funds";

/** A full page load (a new query string), so the stored token of the init script applies before the app starts. */
async function openFresh(page: Page, path: string) {
  await page.goto(`/?load=${Date.now()}#${path}`);
}

async function me(request: APIRequestContext, token: string) {
  const res = await request.get("/api/user/appUser/getMyUserInfo", { headers: { "X-Access-Token": token } });
  return (await res.json()).result as { id: number; inviteCode: string; vipLevel: number };
}

test("invited customer completes and claims two tasks; the inviter sees the team and a rebate", async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const inviter = await registerCustomer(request, "rewards-inviter");
  const { inviteCode } = await me(request, inviter.token);

  // The invitation link opens registration with the code prefilled.
  await page.goto(`/#/login?invite=${inviteCode}`);
  await expect(page).toHaveURL(/#\/register\?invite=/);
  await expect(field(page, "Invitation code")).toHaveValue(inviteCode);

  const email = `rewards-friend-${Date.now()}@example.com`;
  const friendToken = await registerWith(request, email, { inviteCode });

  await deposit(request, friendToken, "USDT", "1100");
  const swap = await request.post("/api/trade/appFlashExchangeLog/flashExchange", {
    headers: { "X-Access-Token": friendToken },
    data: { from: "USDT", to: "BTC", amount: "200" },
  });
  expect(swap.status(), await swap.text()).toBe(200);

  await useToken(page, friendToken);
  await openFresh(page, routes.welfareCentre);
  const depositTask = page.getByTestId("task-deposit");
  const tradeTask = page.getByTestId("task-trade");
  await expect(depositTask).toHaveAttribute("data-status", "done");
  await expect(tradeTask).toHaveAttribute("data-status", "done");
  await expect(depositTask).toContainText("Progress 1/1");
  await expect(page.getByTestId("task-kyc_verified")).toHaveAttribute("data-status", "open");
  await page.screenshot({ path: test.info().outputPath("fuli-center.png") });

  await depositTask.getByRole("button", { name: "Claim" }).click();
  await expect(page.getByText("Received 5.00 USDT")).toBeVisible();
  await expect(depositTask).toHaveAttribute("data-status", "claimed");
  await tradeTask.getByRole("button", { name: "Claim" }).click();
  await expect(tradeTask).toHaveAttribute("data-status", "claimed");
  await expect(tradeTask.getByRole("button", { name: "Claimed" })).toBeDisabled();

  await page.getByRole("tab", { name: "Team" }).click();
  await expect(page.getByTestId("task-deposit")).toContainText("Progress 0/3");

  // The VIP level is measured by the daily run (net equity at 00:00 UTC), and a level's gift is
  // due once the level was held from one daily run to the next: two daily runs.
  const advanced = await request.post("/dev/clock/advance", { data: { seconds: 2 * 86_400 } });
  expect(advanced.status(), await advanced.text()).toBe(200);
  await openFresh(page, "/vipLevel");
  // 1,100 USDT deposited (200 of it swapped to BTC): VIP1, whose one-time gift waits to be claimed.
  await expect(page.getByTestId("vip-hero")).toContainText("VIP1");
  await expect(page.getByTestId("vip-hero")).toContainText("more to reach VIP2");
  await expect(
    page.getByText(
      "One-time gift: 5.00 USDT (the first time you reach this level, once you have held it for a full day)",
    ),
  ).toBeVisible();
  const gift = page.getByTestId("gift");
  await expect(gift).toHaveAttribute("data-claimed", "no");
  await gift.getByRole("button", { name: "Claim" }).click();
  await expect(gift).toHaveAttribute("data-claimed", "yes");
  await page.screenshot({ path: test.info().outputPath("vip-level.png"), fullPage: true });

  await useToken(page, inviter.token);
  await openFresh(page, routes.teamInvitation);
  await expect(page.getByTestId("invite-code")).toHaveText(inviteCode);
  await expect(page.getByTestId("invite-link")).toContainText(`/#/login?invite=${inviteCode}`);
  await expect(page.getByTestId("team-size")).toHaveText("1");
  await expect(page.getByTestId("team-depositors")).toHaveText("1");
  await expect(page.getByTestId("rebate")).toHaveCount(1);
  await expect(page.getByTestId("rebate").first()).toContainText("Flash exchange");
  await expect(page.getByRole("img", { name: "QR code of your invitation link" })).toBeVisible();
  await page.getByRole("button", { name: "Copy code" }).click();
  await expect(page.getByText(/Success|Fail/)).toBeVisible();
  await page.screenshot({ path: test.info().outputPath("team-invitation.png"), fullPage: true });
});
