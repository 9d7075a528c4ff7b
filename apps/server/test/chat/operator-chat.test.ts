// Agents' side of support chat: a new conversation waits in the queue while no agent is
// online and goes to the least busy online agent otherwise; an agent replying takes a
// queued conversation; the list shows online state (open socket or activity heartbeat)
// and unread counts; close and reopen; only operators get in. Order matters in this
// file: the first tests run before any agent has been online.
import { describe, expect, it } from "vitest";
import { multipart, samples } from "../accounts/factory";
import { auth, createOperator, registerCustomer } from "../factory";
import { setupApp } from "../helper";
import { call, guest, myConversation, reply, say } from "./chat-helpers";

const { app, database } = await setupApp();

let firstAgent: { id: number; token: string } | undefined;
const list = async (token: string, query = "") =>
  (await call(app, "GET", `/api/operator/chat/conversations?pageSize=100${query}`, token)).body.result;

describe("assignment", () => {
  it("queues a conversation while no agent is online; the first agent to reply takes it", async () => {
    const g = await guest(app);
    await say(app, g, "anyone?");
    const conv = await myConversation(app, g);
    expect(conv).toMatchObject({ agentName: null, online: false });
    const agent = await createOperator(app, database);
    firstAgent = agent;
    const queue = await list(agent.token, "&scope=queue");
    expect(queue.records.map((r: { id: number }) => r.id)).toContain(conv.id);
    await reply(app, agent.token, conv.id, "I am here");
    const mine = await list(agent.token, "&scope=mine");
    expect(mine.records.map((r: { id: number }) => r.id)).toContain(conv.id);
    expect((await list(agent.token, "&scope=queue")).records.map((r: { id: number }) => r.id)).not.toContain(conv.id);
  });

  it("gives a new conversation to the online agent with the fewest open conversations (lowest id on a tie)", async () => {
    // The agent of the first test has one open conversation; three fresh agents have none.
    const first = firstAgent as { id: number; token: string };
    const [a, b, c] = [
      await createOperator(app, database),
      await createOperator(app, database),
      await createOperator(app, database),
    ];
    const agentOf = async () => {
      const g = await guest(app);
      await say(app, g, "hello");
      const conv = await myConversation(app, g);
      return (await call(app, "GET", `/api/operator/chat/conversations/${conv.id}`, a.token)).body.result.agentId;
    };
    const assigned = [await agentOf(), await agentOf(), await agentOf(), await agentOf(), await agentOf()];
    expect(assigned).toEqual([a.id, b.id, c.id, first.id, a.id]);
  });
});

describe("conversation list", () => {
  it("shows customer name, unread count, last message and online state from the activity heartbeat", async () => {
    const agent = await createOperator(app, database);
    const c = await registerCustomer(app);
    await say(app, c.token, "one");
    await say(app, c.token, "two");
    await call(app, "POST", "/api/user/appUser/activeReport", c.token);
    const conv = await myConversation(app, c.token);
    const row = (await list(agent.token)).records.find((r: { id: number }) => r.id === conv.id);
    expect(row).toMatchObject({
      customerKind: "customer",
      userId: c.id,
      username: c.username,
      unread: 2,
      lastMessage: "two",
      online: true,
      status: "open",
    });
    await call(app, "POST", `/api/operator/chat/conversations/${conv.id}/read`, agent.token);
    expect(
      (await call(app, "GET", `/api/operator/chat/conversations/${conv.id}`, agent.token)).body.result.unread,
    ).toBe(0);
  });

  it("shows a guest without a chat socket as offline", async () => {
    const agent = await createOperator(app, database);
    const g = await guest(app);
    await say(app, g, "guest here");
    const conv = await myConversation(app, g);
    const row = (await call(app, "GET", `/api/operator/chat/conversations/${conv.id}`, agent.token)).body.result;
    expect(row).toMatchObject({ customerKind: "guest", userId: null, online: false });
  });
});

describe("replies and closing", () => {
  it("replies with an image uploaded by the agent", async () => {
    const agent = await createOperator(app, database);
    const g = await guest(app);
    await say(app, g, "show me");
    const conv = await myConversation(app, g);
    const body = multipart(samples.png);
    const up = await app.inject({
      method: "POST",
      url: `/api/operator/chat/conversations/${conv.id}/upload?kind=image`,
      headers: { ...auth(agent.token), ...body.headers },
      payload: body.payload,
    });
    expect(up.statusCode).toBe(200);
    const sent = await reply(app, agent.token, conv.id, up.json().result.url, "image");
    expect(sent.status).toBe(200);
    expect(sent.body.result).toMatchObject({ type: "image", sender: "agent", agentName: expect.any(String) });
  });

  it("closes a conversation (no more replies: 409); the customer's next message reopens it", async () => {
    const agent = await createOperator(app, database);
    const g = await guest(app);
    await say(app, g, "thanks, bye");
    const conv = await myConversation(app, g);
    const closed = await call(app, "POST", `/api/operator/chat/conversations/${conv.id}/close`, agent.token);
    expect(closed.body.result.status).toBe("closed");
    expect((await myConversation(app, g)).status).toBe("closed");
    expect((await reply(app, agent.token, conv.id, "one more thing")).status).toBe(409);
    await say(app, g, "actually, one more question");
    expect((await myConversation(app, g)).status).toBe("open");
  });

  it("an agent recalls only their own reply (another agent's: 404)", async () => {
    const a = await createOperator(app, database);
    const b = await createOperator(app, database);
    const g = await guest(app);
    await say(app, g, "hi");
    const conv = await myConversation(app, g);
    const sent = await reply(app, a.token, conv.id, "typo");
    expect(
      (await call(app, "POST", "/api/operator/chat/message/recall", b.token, { id: sent.body.result.id })).status,
    ).toBe(404);
    expect(
      (await call(app, "POST", "/api/operator/chat/message/recall", a.token, { id: sent.body.result.id })).status,
    ).toBe(200);
  });
});

describe("access", () => {
  it("customers and guests cannot use the operator endpoints; unknown conversations are 404", async () => {
    const c = await registerCustomer(app);
    const agent = await createOperator(app, database);
    expect((await call(app, "GET", "/api/operator/chat/conversations", c.token)).status).toBe(403);
    expect((await call(app, "GET", "/api/operator/chat/conversations", await guest(app))).status).toBe(401);
    expect((await reply(app, agent.token, 999_999_999, "hello")).status).toBe(404);
    expect((await call(app, "GET", "/api/operator/chat/conversations/999999999/messages", agent.token)).status).toBe(
      404,
    );
  });

  it("an operator's session is not a chat customer (401)", async () => {
    const agent = await createOperator(app, database);
    expect((await say(app, agent.token, "hi")).status).toBe(401);
    expect((await call(app, "POST", "/api/chat/verify", agent.token)).body.result).toBe(2);
  });
});
