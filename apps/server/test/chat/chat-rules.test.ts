// The rules of a chat message: text 1–2,000 characters (400), 20 messages per 10 s per
// sender (429), recall of one's own message within 2 minutes (later 409, twice 409,
// someone else's 404), a resend with the same clientMsgId stored once, messages in the
// caller's language. Time moves with a fake clock, never by sleeping.
import { afterEach, describe, expect, it, vi } from "vitest";
import { createOperator, registerCustomer } from "../factory";
import { setupApp } from "../helper";
import { call, guest, myConversation, myMessages, reply, say } from "./chat-helpers";

const { app, database } = await setupApp();

afterEach(() => {
  vi.useRealTimers();
});

const at = (ms: number) => {
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(ms);
};

describe("text", () => {
  it.each([
    ["empty", 400, ""],
    ["only spaces and new lines", 400, "  \n\t "],
    ["2,001 characters", 400, "a".repeat(2001)],
    ["2,000 characters", 200, "a".repeat(2000)],
    ["2,000 emoji (code points, not UTF-16 units)", 200, "😀".repeat(2000)],
    ["multi-line", 200, "line 1\nline 2"],
  ])("%s → %i", async (_name, status, content) => {
    const g = await guest(app);
    expect((await say(app, g, content)).status).toBe(status);
  });

  it("names the limit in the caller's language", async () => {
    const g = await guest(app);
    const res = await call(
      app,
      "POST",
      "/api/chat/customer-to-service",
      g,
      { type: "text", content: "x".repeat(2001) },
      "ko",
    );
    expect(res.body).toMatchObject({ code: 400, success: false });
    expect(res.body.message).toContain("2000");
    expect(res.body.message).toContain("메시지");
  });

  it("refuses an unknown message type (400)", async () => {
    const g = await guest(app);
    expect((await call(app, "POST", "/api/chat/customer-to-service", g, { type: "audio", content: "x" })).status).toBe(
      400,
    );
  });
});

describe("rate limit", () => {
  it("allows 20 messages in 10 s per sender, refuses the 21st (429), and allows again after the window", async () => {
    const start = Date.now();
    at(start);
    const g = await guest(app);
    for (let i = 0; i < 20; i++) expect((await say(app, g, `m${i}`)).status).toBe(200);
    const refused = await say(app, g, "one too many");
    expect(refused.status).toBe(429);
    expect(refused.body.message).toMatch(/20.*10/);
    // Another sender is not affected.
    expect((await say(app, await guest(app), "other")).status).toBe(200);
    at(start + 10_001);
    expect((await say(app, g, "later")).status).toBe(200);
    expect((await myMessages(app, g)).total).toBe(21);
  });
});

describe("resend", () => {
  it("stores a message once when the app resends it with the same clientMsgId", async () => {
    const g = await guest(app);
    const first = await say(app, g, "hello?", { clientMsgId: "local-1" });
    const again = await say(app, g, "hello?", { clientMsgId: "local-1" });
    expect(again.body.result.id).toBe(first.body.result.id);
    const both = await Promise.all([
      say(app, g, "concurrent", { clientMsgId: "local-2" }),
      say(app, g, "concurrent", { clientMsgId: "local-2" }),
    ]);
    expect(both[0].body.result.id).toBe(both[1].body.result.id);
    expect((await myMessages(app, g)).total).toBe(2);
  });
});

describe("recall", () => {
  it("recalls my own message within 2 minutes; the content is gone for both sides", async () => {
    const start = Date.now();
    at(start);
    const agent = await createOperator(app, database);
    const c = await registerCustomer(app);
    const sent = await say(app, c.token, "oops, wrong text");
    at(start + 119_000);
    const recalled = await call(app, "POST", "/api/chat/message/recall", c.token, { id: sent.body.result.id });
    expect(recalled.status).toBe(200);
    expect(recalled.body.result).toMatchObject({ recalled: true, content: "" });
    const conv = await myConversation(app, c.token);
    const agentView = await call(app, "GET", `/api/operator/chat/conversations/${conv.id}/messages`, agent.token);
    expect(agentView.body.result.records[0]).toMatchObject({ id: sent.body.result.id, recalled: true, content: "" });
    expect((await call(app, "POST", "/api/chat/message/recall", c.token, { id: sent.body.result.id })).status).toBe(
      409,
    );
  });

  it("refuses a recall after 2 minutes (409)", async () => {
    const start = Date.now();
    at(start);
    const g = await guest(app);
    const sent = await say(app, g, "too late to take back");
    at(start + 120_001);
    const res = await call(app, "POST", "/api/chat/message/recall", g, { id: sent.body.result.id });
    expect(res.status).toBe(409);
    expect(res.body.message).toMatch(/2 minutes/);
  });

  it("an agent's message, another customer's message or an unknown id cannot be recalled by the customer (404)", async () => {
    const agent = await createOperator(app, database);
    const g = await guest(app);
    await say(app, g, "hi");
    const conv = await myConversation(app, g);
    const answer = await reply(app, agent.token, conv.id, "hello");
    expect((await call(app, "POST", "/api/chat/message/recall", g, { id: answer.body.result.id })).status).toBe(404);
    const other = await say(app, await guest(app), "theirs");
    expect((await call(app, "POST", "/api/chat/message/recall", g, { id: other.body.result.id })).status).toBe(404);
    expect((await call(app, "POST", "/api/chat/message/recall", g, { id: 999_999_999 })).status).toBe(404);
    expect((await call(app, "POST", "/api/chat/message/recall", g, { id: "x" })).status).toBe(400);
  });
});
