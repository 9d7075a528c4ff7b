// The operator console at 1280×800: the admin logs in with TOTP and creates a support
// agent (who sees only the screens of the role); compliance approves a KYC and the
// customer's screen shows verified; finance approves a withdrawal and the customer's
// tracker shows it paid; the support agent answers a customer's chat live from the inbox.
import { type Browser, expect, type Page, test } from "@playwright/test";
import { registerCustomer, useToken as startWithToken } from "../../web/e2e/support/customer";
import { routes } from "../../web/src/app/routes";
import { CONSOLE_ADMIN } from "./admin";
import { consoleLogin, consoleToken, createStaffByApi, saveAnyway, unique, withdrawalUnderReview } from "./support";

const STAFF_PASSWORD = "Staff-pass-2026";
const compliance = unique("comp");
const finance = unique("fin");
const agent = unique("agent");

/** The customer app on a phone, logged in with this token. */
async function customerPage(browser: Browser, token: string): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true });
  const page = await context.newPage();
  await startWithToken(page, token);
  return page;
}

async function staffPage(browser: Browser, username: string): Promise<Page> {
  const page = await (await browser.newContext({ viewport: { width: 1280, height: 800 } })).newPage();
  await consoleLogin(page, username, STAFF_PASSWORD);
  return page;
}

test.describe
  .serial("operator console", () => {
    test("the admin logs in with TOTP and creates a support agent, who sees only the support screens", async ({
      page,
      browser,
      request,
    }) => {
      await consoleLogin(page, CONSOLE_ADMIN.username, CONSOLE_ADMIN.password);
      await expect(page.getByTestId("ledger-status")).toContainText("Every currency sums to zero");

      await page.getByRole("menuitem", { name: "Staff" }).click();
      await page.getByRole("button", { name: "New staff account" }).click();
      const dialog = page.getByRole("dialog");
      await dialog.getByLabel("Username").fill(agent);
      await dialog.getByLabel("Name", { exact: true }).fill("Agent Smith");
      await dialog.getByLabel("First password").fill("short1");
      await dialog.getByRole("button", { name: "Save" }).click();
      await expect(dialog.getByText("10–64 characters with a letter and a digit")).toBeVisible();
      await dialog.getByLabel("First password").fill(STAFF_PASSWORD);
      await dialog.getByRole("button", { name: "Save" }).click();
      await expect(dialog).toBeHidden();
      const row = page.getByRole("row").filter({ hasText: agent });
      await expect(row).toContainText("Support");
      await expect(row).toContainText("At first login");

      // The same username again: the server's message is shown in the form.
      await page.getByRole("button", { name: "New staff account" }).click();
      await dialog.getByLabel("Username").fill(agent);
      await dialog.getByLabel("First password").fill(STAFF_PASSWORD);
      await dialog.getByRole("button", { name: "Save" }).click();
      await expect(dialog.getByRole("alert")).toContainText("This username is already taken");
      await dialog.getByRole("button", { name: "Cancel" }).click();

      // The other reviewers of this run, prepared through the API with the admin's session.
      const adminToken = await consoleToken(page);
      await createStaffByApi(request, adminToken, {
        username: compliance,
        role: "compliance",
        password: STAFF_PASSWORD,
      });
      await createStaffByApi(request, adminToken, { username: finance, role: "finance", password: STAFF_PASSWORD });

      // The agent enrols an authenticator at the first login and sees only the role's screens.
      const agentPage = await staffPage(browser, agent);
      const menu = agentPage.getByRole("menu");
      await expect(menu.getByRole("menuitem", { name: "KYC review" })).toBeVisible();
      await expect(menu.getByRole("menuitem", { name: "Customers" })).toBeVisible();
      // Exactly the menus whose endpoints the support role may call (test/permissions.test.ts).
      await expect(menu.getByRole("menuitem")).toHaveText([
        "Dashboard",
        "KYC review",
        "Withdrawals",
        "Deposits",
        "Customers",
        "Support chat",
        "Earn",
        "Loans",
        "Content",
      ]);
      await agentPage.screenshot({ path: "/tmp/shots-c/support-menu-en.png" });
      // Whatever the URL, a screen of another role is not shown.
      await agentPage.goto("/console/#/staff");
      await expect(agentPage.getByRole("heading", { name: "Dashboard" })).toBeVisible();

      // The admin sees the agent's session and the audit log holds the creation.
      await page.getByRole("tab", { name: "Sessions" }).click();
      await expect(page.getByRole("row").filter({ hasText: agent })).toBeVisible();
      await page.getByRole("menuitem", { name: "Audit log" }).click();
      // Actions in words, the recorded key beside them, and the target with its id.
      const created = page.getByRole("row").filter({ hasText: "staff.create" }).first();
      await expect(created.getByTestId("audit-action")).toContainText("Created a staff account");
      await expect(created.getByTestId("audit-target")).toContainText("Staff account");
      await page.screenshot({ path: "/tmp/shots-c/audit-en.png" });
      await page.getByRole("button", { name: "Verify chain" }).click();
      await expect(page.getByTestId("audit-verification")).toContainText("The chain is intact");
    });

    test("compliance approves a KYC and the customer's screen shows verified", async ({ browser, request }) => {
      const customer = await registerCustomer(request, "console-kyc");
      const headers = { "X-Access-Token": customer.token };
      const jpeg = Buffer.concat([Buffer.from("ffd8ffe000104a464946", "hex"), Buffer.alloc(256, 7)]);
      const urls: string[] = [];
      for (const name of ["front.jpg", "back.jpg"]) {
        const up = await request.post("/api/sys/common/upload?purpose=kyc", {
          headers,
          multipart: { file: { name, mimeType: "image/jpeg", buffer: jpeg } },
        });
        expect(up.status(), await up.text()).toBe(200);
        urls.push((await up.json()).result.url);
      }
      const submitted = await request.post("/api/user/kyc/basic", {
        headers,
        data: {
          documentType: "id_card",
          countryCode: "TH",
          realName: "Somchai Console",
          documentNumber: "1234567890123",
          frontImage: urls[0],
          backImage: urls[1],
        },
      });
      expect(submitted.status(), await submitted.text()).toBe(200);

      const page = await staffPage(browser, compliance);
      await page.getByRole("menuitem", { name: "KYC review" }).click();
      const row = page.getByRole("row").filter({ hasText: "Somchai Console" });
      await row.getByRole("button", { name: "Review" }).click();
      const drawer = page.getByRole("dialog");
      await expect(drawer.getByText("1234567890123")).toBeVisible();
      // The identity images load with the staff session (they are never public).
      await expect(drawer.getByRole("img", { name: "Front" })).toBeVisible();
      await drawer.getByRole("button", { name: "Approve" }).click();
      await expect(page.getByText("Verification approved")).toBeVisible();
      await expect(page.getByRole("row").filter({ hasText: "Somchai Console" })).toHaveCount(0);

      const phone = await customerPage(browser, customer.token);
      await phone.goto(`/#${routes.identityVerification}`);
      await expect(phone.getByText("Your identity is verified")).toBeVisible();
    });

    test("finance approves a withdrawal and the customer's tracker shows it paid", async ({ browser, request }) => {
      const { customer, id } = await withdrawalUnderReview(request);

      const page = await staffPage(browser, finance);
      await expect(page.getByTestId("withdrawal-age")).toContainText("of the 24 h review limit");
      await page.getByRole("menuitem", { name: "Withdrawals" }).click();
      const row = page.getByRole("row").filter({ has: page.getByRole("cell", { name: String(id), exact: true }) });
      await row.getByRole("button", { name: "Review" }).click();
      const drawer = page.getByRole("dialog");
      // Reviewed against the customer's history: the deposit is in the recent balance changes.
      await expect(drawer.getByText("deposit", { exact: true }).first()).toBeVisible();
      // The destination field by field, the customer's e-mail, only the balances they hold.
      const destination = drawer.getByTestId("withdrawal-destination");
      await expect(destination).toContainText("Network");
      await expect(destination).toContainText("TRC20");
      await expect(destination).toContainText("TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE");
      await expect(drawer.getByTestId("customer-email")).toHaveText(customer.email);
      await expect(drawer.getByTestId("customer-balances")).toContainText("USDT");
      await expect(drawer.getByTestId("customer-balances")).not.toContainText("BTC");
      await page.screenshot({ path: "/tmp/shots-c/withdrawal-review-en.png" });
      await drawer.getByRole("button", { name: "Approve" }).click();
      await page.getByRole("tooltip").getByRole("button", { name: "Confirm" }).click();
      await expect(page.getByText("Done: Paid out")).toBeVisible();

      const phone = await customerPage(browser, customer.token);
      await phone.goto(`/#${routes.depositWithdrawalResult}?type=withdrawal&id=${id}`);
      await expect(phone.getByText("Paid out").first()).toBeVisible();
    });

    test("the support agent answers a customer's chat live from the inbox", async ({ browser, request }) => {
      const customer = await registerCustomer(request, "console-chat");
      const phone = await customerPage(browser, customer.token);
      await phone.goto("/#/chat");
      const input = phone.getByRole("textbox", { name: "Message" });
      const question = unique("Where is my deposit ");
      await input.fill(question);
      await input.press("Control+Enter");
      await expect(phone.locator('[data-testid="chat-message"][data-sender="customer"]').first()).toContainText(
        question,
      );

      const page = await staffPage(browser, agent);
      await page.getByRole("menuitem", { name: "Support chat" }).click();
      await expect(page.getByTestId("chat-live")).toHaveText("Live");
      // The chat went to the least busy online agent (or the queue): "All" lists it either way.
      const item = page.getByRole("listitem").filter({ hasText: question });
      await expect(item).toBeVisible();
      await item.click();
      const conversation = page.getByTestId("chat-conversation");
      await expect(conversation).toContainText(question);
      await expect(conversation).toContainText("Online");

      // A second message arrives live while the agent has the conversation open.
      const followUp = unique("I sent it an hour ago ");
      await input.fill(followUp);
      await input.press("Control+Enter");
      await expect(conversation).toContainText(followUp);

      // Beside the chat: who the customer is (profile, identity check, balances).
      await expect(page.getByTestId("chat-customer-panel")).toContainText(customer.email);
      await expect(page.getByTestId("chat-customer-panel")).toContainText("Not verified");

      const reply = page.getByRole("textbox", { name: "Reply" });
      await page.getByRole("button", { name: "Canned replies" }).click();
      await page.getByRole("menuitem", { name: /Thank you for waiting/ }).click();
      await expect(reply).toHaveValue("Thank you for waiting. I am checking this for you now.");
      await reply.fill("It is being credited now — thank you for waiting.");
      await reply.press("Enter");
      await expect(conversation).toContainText(`Assigned to`);
      await expect(phone.locator('[data-testid="chat-message"][data-sender="agent"]').first()).toContainText(
        "It is being credited now",
      );
      // The customer's screen shows the agent's reply; the agent sees it read.
      await expect(conversation.getByText("Read").last()).toBeVisible();

      await page.getByRole("button", { name: "Close conversation" }).click();
      await page.getByRole("dialog").getByRole("button", { name: "Close conversation" }).click();
      // The close's answer can take longer than 5 s on a busy CI machine (it once did).
      await expect(page.getByText("Conversation closed")).toBeVisible({ timeout: 15_000 });
      await expect(page.getByRole("listitem").filter({ hasText: followUp })).toHaveCount(0);
    });

    test("the admin creates a fixed-term product, pauses it, and customers see it paused", async ({
      page,
      request,
    }) => {
      await consoleLogin(page, CONSOLE_ADMIN.username, CONSOLE_ADMIN.password);
      await page.getByRole("menuitem", { name: "Earn" }).click();
      await page.getByRole("button", { name: "New product" }).click();
      const dialog = page.getByRole("dialog", { name: "New product" });
      const name = unique("Console fixed term ");
      await dialog.getByLabel("Name (English)").fill(name);
      await dialog.getByLabel("Risk notice (English)").fill("Interest is paid by Candor; this is not a bank deposit.");
      await dialog.getByLabel("Term (days)").fill("14");
      // The rate is typed in percent (0.02 % a day) with its yearly figure; the API keeps 0.0002.
      await dialog.getByLabel("Daily rate (%)").fill("0.02");
      await expect(dialog.getByTestId("dailyRatePct-yearly")).toContainText("7.3 % a year");
      await dialog.getByLabel("Minimum per order").fill("100");
      await dialog.getByLabel("Maximum per order").fill("1000");
      await saveAnyway(page, dialog);
      await expect(dialog).toBeHidden();
      const row = page.getByRole("row").filter({ hasText: name });
      await expect(row).toContainText("Open");
      await row.getByRole("button", { name: "Pause" }).click();
      await expect(row).toContainText("Paused");

      const list = await request.get("/api/prod/appProductInfo/list?type=arbitrage");
      const product = (await list.json()).result.find((p: { name: string }) => p.name === name);
      expect(product).toMatchObject({ status: "paused", termDays: 14, dailyRate: "0.0002" });
      await row.getByRole("button", { name: "End sales" }).click();
      await expect(row).toContainText("Ended");
    });
    test("the admin pauses Convert for new orders and withholds spot from a country", async ({ page, request }) => {
      await consoleLogin(page, CONSOLE_ADMIN.username, CONSOLE_ADMIN.password);
      await page.getByRole("menuitem", { name: "Settings" }).click();
      await page.getByRole("tab", { name: "Products" }).click();
      const convert = page.getByRole("row").filter({ hasText: "Convert" });
      await convert.getByRole("button", { name: "Edit" }).click();
      const dialog = page.getByRole("dialog");
      await dialog.getByRole("switch", { checked: true }).click();
      await dialog.getByRole("button", { name: "Save" }).click();
      await expect(dialog).toBeHidden();
      await expect(convert).toContainText("Paused");

      const customer = await registerCustomer(request, "console-gate");
      const refused = await request.post("/api/trade/appFlashExchangeLog/flashExchange", {
        headers: { "X-Access-Token": customer.token },
        data: { from: "USDT", to: "BTC", amount: "10" },
      });
      expect(refused.status()).toBe(403);
      expect((await refused.json()).message).toContain("New Convert orders are paused");

      // A country code that is not one is refused in the form; a real one is saved.
      const spot = page.getByRole("row").filter({ hasText: "Spot trading" });
      await spot.getByRole("button", { name: "Edit" }).click();
      const countries = dialog.getByLabel("Not offered in (added here)");
      await countries.fill("Thailand");
      await countries.press("Enter");
      await dialog.getByRole("button", { name: "Save" }).click();
      await expect(dialog.getByText("Use two-letter country codes such as TH")).toBeVisible();
      await dialog
        .locator(".ant-select-selection-item", { hasText: "THAILAND" })
        .locator(".ant-select-selection-item-remove")
        .click();
      await countries.fill("vn");
      await countries.press("Enter");
      await dialog.getByRole("button", { name: "Save" }).click();
      await expect(dialog).toBeHidden();
      await expect(spot).toContainText("VN");

      // Back as they were, so other specs trade freely. Each step waits for the
      // dialog's own content: acting before it renders saved the old value once.
      await convert.getByRole("button", { name: "Edit" }).click();
      await dialog.getByRole("switch", { checked: false }).click();
      await expect(dialog.getByRole("switch", { checked: true })).toBeVisible();
      await dialog.getByRole("button", { name: "Save" }).click();
      await expect(dialog).toBeHidden();
      await expect(convert).toContainText("Open");

      await spot.getByRole("button", { name: "Edit" }).click();
      const tags = dialog.locator(".ant-select-selection-item");
      await tags.filter({ hasText: "VN" }).locator(".ant-select-selection-item-remove").click();
      await expect(tags).toHaveCount(0);
      await dialog.getByRole("button", { name: "Save" }).click();
      await expect(dialog).toBeHidden();
      await expect(spot).not.toContainText("VN");
    });
  });
