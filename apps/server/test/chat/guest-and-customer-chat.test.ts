// Guests and customers talking to support: guest tokens (a secret, never the device id),
// verify, sending, newest-first lists, unread counts and read receipts both ways, and the
// guest conversation following the guest into the account after login or registration.
import { describe, expect, it } from "vitest";
import { createOperator, registerCustomer } from "../factory";
import { setupApp } from "../helper";
import { call, guest, myConversation, myMessages, reply, say } from "./chat-helpers";

const { app, database } = await setupApp();

describe("guest identity", () => {
  it("issues a random token per request; the device id alone opens nothing", async () => {
    const a = await guest(app, "device-1");
    const b = await guest(app, "device-1");
    expect(a).not.toBe(b);
    expect(a.length).toBeGreaterThan(40);
    await say(app, a, "hello from a");
    expect((await myMessages(app, b)).total).toBe(0);
    expect((await call(app, "POST", "/api/chat/verify", "device-1")).body.result).toBe(2);
  });

  it("verify answers 1 for a guest or customer token and 2 for anything else", async () => {
    const g = await guest(app);
    const c = await registerCustomer(app);
    expect((await call(app, "POST", "/api/chat/verify", g)).body).toMatchObject({ code: 200, result: 1 });
    expect((await call(app, "POST", "/api/chat/verify", c.token)).body.result).toBe(1);
    expect((await call(app, "POST", "/api/chat/verify", "cg_forged")).body.result).toBe(2);
    expect((await call(app, "POST", "/api/chat/verify")).body.result).toBe(2);
  });

  it("rejects chat calls without a valid token (401) and a missing device id (400)", async () => {
    expect((await say(app, "cg_nope", "hi")).status).toBe(401);
    expect((await call(app, "GET", "/api/chat/conversation/me")).status).toBe(401);
    expect((await call(app, "POST", "/api/chat/guest", undefined, {})).status).toBe(400);
  });
});

describe("messages", () => {
  it("stores a text message and lists messages newest first with read and recalled", async () => {
    const g = await guest(app);
    const first = await say(app, g, "first");
    expect(first.status).toBe(200);
    expect(first.body.result).toMatchObject({ type: "text", content: "first", sender: "customer", read: false });
    expect(Date.parse(first.body.result.createdAt)).toBeGreaterThan(0);
    await say(app, g, "second\nline two");
    const list = await myMessages(app, g);
    expect(list.total).toBe(2);
    expect(list.records.map((m: { content: string }) => m.content)).toEqual(["second\nline two", "first"]);
    expect(list.records[0]).toMatchObject({ read: false, recalled: false });
  });

  it("counts unread support replies and marks them read; the agent's read marks reach the customer", async () => {
    const agent = await createOperator(app, database);
    const g = await guest(app);
    const mine = await say(app, g, "need help");
    const conv = await myConversation(app, g);
    expect(conv).toMatchObject({ unread: 0, status: "open" });
    await reply(app, agent.token, conv.id, "hello, how can I help?");
    await reply(app, agent.token, conv.id, "are you there?");
    expect((await myConversation(app, g)).unread).toBe(2);

    const read = await call(app, "POST", "/api/chat/message/read/me", g);
    expect(read.body.result).toEqual({ read: 2 });
    expect((await myConversation(app, g)).unread).toBe(0);
    const agentView = await call(app, "GET", `/api/operator/chat/conversations/${conv.id}/messages`, agent.token);
    expect(agentView.body.result.records.filter((m: { sender: string }) => m.sender === "agent")).toEqual(
      expect.arrayContaining([expect.objectContaining({ read: true })]),
    );

    expect((await myMessages(app, g)).records.find((m: { id: number }) => m.id === mine.body.result.id).read).toBe(
      false,
    );
    await call(app, "POST", `/api/operator/chat/conversations/${conv.id}/read`, agent.token);
    expect((await myMessages(app, g)).records.find((m: { id: number }) => m.id === mine.body.result.id).read).toBe(
      true,
    );
  });

  it("shows the agent's name and that support is online", async () => {
    const agent = await createOperator(app, database);
    const g = await guest(app);
    await say(app, g, "hi");
    const conv = await myConversation(app, g);
    await reply(app, agent.token, conv.id, "hi there");
    const after = await myConversation(app, g);
    expect(after.agentName).toEqual(expect.any(String));
    expect(after.online).toBe(true);
  });
});

describe("guest → customer", () => {
  it("merges the guest conversation into a new customer's (same conversation, same messages)", async () => {
    const g = await guest(app);
    await say(app, g, "I am a guest");
    const before = await myConversation(app, g);
    const c = await registerCustomer(app);
    const merged = await call(app, "POST", "/api/chat/merge", c.token, { guestToken: g });
    expect(merged.body.result).toEqual({ conversationId: before.id, moved: 1 });
    expect((await myConversation(app, c.token)).id).toBe(before.id);
    expect((await myMessages(app, c.token)).records[0].content).toBe("I am a guest");
    // The guest token is dead now: the app takes a new one after logout.
    expect((await call(app, "POST", "/api/chat/verify", g)).body.result).toBe(2);
    expect((await call(app, "POST", "/api/chat/merge", c.token, { guestToken: g })).status).toBe(400);
  });

  it("moves a guest's messages into the customer's existing conversation", async () => {
    const c = await registerCustomer(app);
    await say(app, c.token, "as customer");
    const existing = await myConversation(app, c.token);
    const g = await guest(app);
    await say(app, g, "as guest");
    const merged = await call(app, "POST", "/api/chat/merge", c.token, { guestToken: g });
    expect(merged.body.result).toEqual({ conversationId: existing.id, moved: 1 });
    const contents = (await myMessages(app, c.token)).records.map((m: { content: string }) => m.content);
    expect(contents.sort()).toEqual(["as customer", "as guest"]);
  });

  it("a guest token never opens a customer's conversation: their messages are not found", async () => {
    const c = await registerCustomer(app);
    const sent = await say(app, c.token, "private");
    const g = await guest(app);
    const recall = await call(app, "POST", "/api/chat/message/recall", g, { id: sent.body.result.id });
    expect(recall.status).toBe(404);
    expect((await myMessages(app, g)).total).toBe(0);
    expect((await myConversation(app, g)).id).not.toBe((await myConversation(app, c.token)).id);
  });
});
