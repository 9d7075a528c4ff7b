// Live chat on /api/websocket/chat/ (the chat token as subprotocol) and the agents'
// /api/websocket/operator/chat: messages, read marks and recalls reach the other side at
// once; ping is answered with pong (text or JSON) and never arrives as a message; a bad
// token gets an error event and close 4401.
import type { AddressInfo } from "node:net";
import { afterAll, describe, expect, it } from "vitest";
import { createOperator, registerCustomer } from "../factory";
import { setupApp } from "../helper";
import { call, guest, myConversation, reply, say } from "./chat-helpers";
import { ChatSocket } from "./chat-socket";

const { app, database } = await setupApp();
await app.listen({ port: 0, host: "127.0.0.1" });
const base = `ws://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
const sockets: ChatSocket[] = [];
const open = async (path: string, token: string) => {
  const s = await ChatSocket.connect(base + path, token);
  sockets.push(s);
  return s;
};
afterAll(() => {
  for (const s of sockets) s.close();
});

describe("customer socket", () => {
  it("delivers the agent's reply, the agent's read mark and a recall", async () => {
    const agent = await createOperator(app, database);
    const g = await guest(app);
    const mine = await say(app, g, "hello");
    const conv = await myConversation(app, g);
    const ws = await open("/api/websocket/chat/", g);

    const answer = await reply(app, agent.token, conv.id, "hi, how can I help?");
    const pushed = await ws.event("message", answer.body.result.id);
    expect(pushed.data).toMatchObject({ sender: "agent", content: "hi, how can I help?", conversationId: conv.id });

    await call(app, "POST", `/api/operator/chat/conversations/${conv.id}/read`, agent.token);
    const read = await ws.event("read");
    expect(read.data).toMatchObject({ conversationId: conv.id, by: "agent", upTo: mine.body.result.id });

    await call(app, "POST", "/api/operator/chat/message/recall", agent.token, { id: answer.body.result.id });
    const recall = await ws.event("recall", answer.body.result.id);
    expect(recall.data).toMatchObject({ sender: "agent", conversationId: conv.id });
  });

  it("answers ping with pong in kind and refreshes presence", async () => {
    const c = await registerCustomer(app);
    const ws = await open("/api/websocket/chat/", c.token);
    ws.send("ping");
    expect(await ws.next((f) => f === "pong")).toBe("pong");
    ws.send(JSON.stringify({ type: "ping" }));
    expect(await ws.next((f) => typeof f === "object" && f.type === "pong")).toEqual({ type: "pong" });
  });

  it("does not deliver another conversation's events", async () => {
    const agent = await createOperator(app, database);
    const a = await guest(app);
    const b = await guest(app);
    await say(app, a, "a");
    await say(app, b, "b");
    const wsA = await open("/api/websocket/chat/", a);
    const convB = await myConversation(app, b);
    const toB = await reply(app, agent.token, convB.id, "for b only");
    const convA = await myConversation(app, a);
    const toA = await reply(app, agent.token, convA.id, "for a");
    await wsA.event("message", toA.body.result.id);
    expect(wsA.frames.some((f) => typeof f === "object" && f.data?.id === toB.body.result.id)).toBe(false);
  });

  it("closes with 4401 after an error event for an invalid token", async () => {
    const ws = await open("/api/websocket/chat/", "cg_not-a-token");
    expect(await ws.event("error")).toEqual({ type: "error", data: { code: 401 } });
    expect(await ws.closed()).toBe(4401);
  });
});

describe("agent socket", () => {
  it("receives customers' messages, read marks and recalls; customers cannot open it", async () => {
    const agent = await createOperator(app, database);
    const agentWs = await open("/api/websocket/operator/chat", agent.token);
    const c = await registerCustomer(app);
    const sent = await say(app, c.token, "is anyone there?");
    const pushed = await agentWs.event("message", sent.body.result.id);
    expect(pushed.data).toMatchObject({ sender: "customer", content: "is anyone there?" });
    const conv = await myConversation(app, c.token);
    await reply(app, agent.token, conv.id, "yes");
    await call(app, "POST", "/api/chat/message/read/me", c.token);
    expect((await agentWs.event("read")).data).toMatchObject({ conversationId: conv.id, by: "customer" });
    await call(app, "POST", "/api/chat/message/recall", c.token, { id: sent.body.result.id });
    expect((await agentWs.event("recall", sent.body.result.id)).data.sender).toBe("customer");

    const refused = await open("/api/websocket/operator/chat", c.token);
    expect(await refused.closed()).toBe(4401);
  });

  it("an open agent socket makes the agent online for assignment", async () => {
    const agent = await createOperator(app, database);
    await open("/api/websocket/operator/chat", agent.token);
    const list = await call(app, "GET", "/api/chat/conversation/me", await guest(app));
    expect(list.body.result.online).toBe(true);
  });
});
