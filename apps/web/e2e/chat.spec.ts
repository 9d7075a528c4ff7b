// Support chat at 375×812: a guest opens /chat, sends text (Enter adds a line, Ctrl+Enter
// sends) and an image, an agent answers through the operator API, the guest sees the
// reply live with a notification sound and the read mark, recalls a message, logs in and
// finds the same conversation after registering; the My tab shows the unread count.
import { type APIRequestContext, expect, type Page, test } from "@playwright/test";
import { CONSOLE_ADMIN } from "../../console/e2e/admin";
import { staffApiToken } from "../../console/e2e/support";
import { field, fillProvedEmail, PASSWORD, registerCustomer, useToken } from "./support/customer";

const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAgAAAAICAIAAABLbSncAAAAEklEQVR4nGP438CAFWEXHbQSAKmzX8FBxi1QAAAAAElFTkSuQmCC",
  "base64",
);

/** The seeded console admin answers as support (staff login: password, then its TOTP code). */
const agentToken = (request: APIRequestContext) =>
  staffApiToken(request, CONSOLE_ADMIN.username, CONSOLE_ADMIN.password);

const chatTokenOf = (page: Page) =>
  page.evaluate(() => {
    const user = JSON.parse(localStorage.getItem("candor-user") ?? "{}") as { state?: { token?: string | null } };
    return user.state?.token ?? localStorage.getItem("candor-chat-guest");
  });

async function conversationId(request: APIRequestContext, token: string): Promise<number> {
  const res = await request.get("/api/chat/conversation/me", { headers: { "X-Access-Token": token } });
  return (await res.json()).result.id as number;
}

const agentPost = (request: APIRequestContext, agent: string, path: string, data?: unknown) =>
  request.post(`/api/operator/chat/conversations/${path}`, { headers: { "X-Access-Token": agent }, data });

test("a guest chats with support, recalls a message, registers and keeps the conversation", async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  await page.addInitScript(() => {
    const w = window as unknown as { chatSounds: number[] };
    w.chatSounds = [];
    window.addEventListener("candor:chat-sound", (e) => w.chatSounds.push((e as CustomEvent).detail.volume));
  });
  const sounds = () => page.evaluate(() => (window as unknown as { chatSounds: number[] }).chatSounds);
  const agent = await agentToken(request);

  await page.goto("/#/chat");
  await expect(page.getByTestId("chat-safety-notice")).toHaveText(
    "Candor staff will never ask you to pay to withdraw or to move money to another platform.",
  );
  await expect(page.getByText("No messages yet.", { exact: false })).toBeVisible();

  // Enter adds a new line; Ctrl+Enter sends.
  const input = page.getByRole("textbox", { name: "Message" });
  await input.fill("Hello support");
  await input.press("Enter");
  await input.pressSequentially("my deposit is late");
  await expect(input).toHaveValue("Hello support\nmy deposit is late");
  await input.press("Control+Enter");
  const mine = page.locator('[data-testid="chat-message"][data-sender="customer"]');
  await expect(mine.first()).toContainText("Hello support");
  await expect(input).toHaveValue("");
  await expect(page.getByTestId("chat-day").first()).toHaveText("Today");

  // An image through the picker, with the picker's own check first.
  await page
    .getByTestId("chat-image-input")
    .setInputFiles({ name: "notes.txt", mimeType: "text/plain", buffer: Buffer.from("hi") });
  await expect(page.getByText("Please choose an image file")).toBeVisible();
  await page.getByTestId("chat-image-input").setInputFiles({ name: "receipt.png", mimeType: "image/png", buffer: PNG });
  await expect(mine.locator("img")).toHaveCount(1);
  await expect(page.getByTestId("chat-outgoing")).toHaveCount(0);
  // Chat files are private: the sent image shows through its short-lived signed URL.
  await expect(mine.locator("img")).toHaveAttribute("src", /\/api\/sys\/common\/files\/\w+\.png\?exp=\d+&sig=/);
  await expect.poll(() => mine.locator("img").evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  const extra = await page.getByRole("textbox", { name: "Message" });
  await extra.fill("one more thing");
  await extra.press("Control+Enter");
  await expect(mine).toHaveCount(3);

  // The agent reads and answers (operator API); the guest sees it live, with a sound.
  const guestToken = await chatTokenOf(page);
  expect(guestToken).toMatch(/^cg_/);
  const conv = await conversationId(request, guestToken as string);
  expect((await agentPost(request, agent, `${conv}/read`)).status()).toBe(200);
  const reply = await agentPost(request, agent, `${conv}/reply`, { type: "text", content: "Hi! Let me check that." });
  expect(reply.status()).toBe(200);
  const theirs = page.locator('[data-testid="chat-message"][data-sender="agent"]');
  await expect(theirs).toContainText("Hi! Let me check that.");
  await expect(theirs).toContainText("Administrator"); // the seeded admin's display name
  await expect(mine.first().getByTestId("chat-read-mark")).toHaveText("Read");
  await expect.poll(sounds).toEqual([0.7]);

  // Recall my last message (menu); read and recall events make no sound.
  await mine.last().getByRole("button", { name: "Message options" }).click();
  await page.getByText("Recall", { exact: true }).click();
  await expect(page.getByTestId("chat-recalled")).toHaveText("You recalled a message");
  await expect(mine).toHaveCount(2);
  expect(await sounds()).toEqual([0.7]);

  // Register in the app (login and registration both end in the same completeLogin step):
  // the guest conversation follows into the account. The password login itself is not
  // driven here: other specs fail logins from this address on purpose (security code).
  const email = `chat-${Date.now()}@example.com`;
  await page.goto("/#/register?invite=");
  await fillProvedEmail(page, request, email);
  await field(page, "Password").fill(PASSWORD);
  await field(page, "Repeat the password").fill(PASSWORD);
  await page.getByLabel("I agree to the user agreement").check();
  await page.getByRole("button", { name: "Register" }).click();
  await expect(page).toHaveURL(/#\/home$/);
  const customerToken = (await chatTokenOf(page)) as string;
  expect(customerToken).not.toMatch(/^cg_/);
  expect(await conversationId(request, customerToken)).toBe(conv);

  // A reply while the customer is elsewhere: the My tab shows it.
  await agentPost(request, agent, `${conv}/reply`, { type: "text", content: "It has arrived now." });
  await page.goto("/#/my");
  await page.reload();
  const myTab = page.getByRole("navigation", { name: "Main sections" });
  await expect(myTab.locator(".adm-badge")).toHaveText("1");

  await page.goto("/#/chat");
  await expect(page.locator('[data-testid="chat-message"][data-sender="agent"]')).toHaveCount(2);
  await expect(page.getByText("Hello support", { exact: false })).toBeVisible();
  await expect(page.getByTestId("chat-recalled")).toHaveCount(1);
  await expect
    .poll(
      async () =>
        (
          await request
            .get("/api/chat/conversation/me", { headers: { "X-Access-Token": customerToken } })
            .then((r) => r.json())
        ).result.unread,
    )
    .toBe(0);
});

test("an agent's reply reaches a customer on the home screen: sound and badge, no reload", async ({
  page,
  request,
}) => {
  const customer = await registerCustomer(request, "chat-live");
  const sent = await request.post("/api/chat/customer-to-service", {
    headers: { "X-Access-Token": customer.token },
    data: { type: "text", content: "Is my deposit there?", clientMsgId: `c-${Date.now()}` },
  });
  expect(sent.status(), await sent.text()).toBe(200);
  const conv = await conversationId(request, customer.token);
  await useToken(page, customer.token);
  await page.addInitScript(() => {
    (window as unknown as { sounds: number[] }).sounds = [];
    window.addEventListener("candor:chat-sound", (e) =>
      (window as unknown as { sounds: number[] }).sounds.push((e as CustomEvent<{ volume: number }>).detail.volume),
    );
  });
  // The app-wide chat socket opens once the first screen is up, on whatever screen that is.
  const chatSocket = page.waitForEvent("websocket", (ws) => ws.url().includes("/api/websocket/chat/"));
  await page.goto("/#/home");
  await expect(page.getByRole("navigation", { name: "Main sections" })).toBeVisible();
  await chatSocket;
  const agent = await agentToken(request);
  expect(
    (await agentPost(request, agent, `${conv}/reply`, { type: "text", content: "Yes, it is credited." })).status(),
  ).toBe(200);
  await expect.poll(() => page.evaluate(() => (window as unknown as { sounds: number[] }).sounds)).toEqual([0.7]);
  const myTab = page.getByRole("navigation", { name: "Main sections" });
  await expect(myTab.locator(".adm-badge")).toHaveText("1");
  await page.screenshot({ path: test.info().outputPath("chat-live-home-badge.png") });
});
