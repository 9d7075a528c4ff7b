// OWASP ASVS L2, "access that is taken away ends at once, sockets included": a thief whose
// session was logged out, whose victim changed or reset the password, a guest whose
// conversation was merged into a customer's, and a staff member who was disabled or demoted
// keep no open websocket (account feed, customer chat, agent chat). Real sockets on a real
// listening server; each must close within a second (the revocation goes over the bus, so
// every node closes its own).
import type { AddressInfo } from "node:net";
import { afterAll, describe, expect, it } from "vitest";
import { solvedCaptcha } from "../accounts/captcha";
import { outbox } from "../accounts/factory";
import { guest } from "../chat/chat-helpers";
import { ChatSocket } from "../chat/chat-socket";
import { auth, createOperator, createStaffMember, loginCustomer, newIp, PASSWORD, registerCustomer } from "../factory";
import { setupApp } from "../helper";

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

const CHAT = "/api/websocket/chat/";
const ACCOUNT = "/api/websocket/account";
const AGENT = "/api/websocket/operator/chat";
const WITHIN_MS = 1000;

const post = (url: string, token: string | undefined, payload: Record<string, unknown> = {}) =>
  app.inject({ method: "POST", url, headers: token ? auth(token) : {}, payload, remoteAddress: newIp() });
/** A socket still answers ping: it was not closed. */
async function stillOpen(s: ChatSocket) {
  s.send("ping");
  expect(await s.next((f) => f === "pong" || (typeof f === "object" && f.type === "pong"))).toBeTruthy();
  expect(s.closeCode).toBeNull();
}

describe("customer sockets close when the session ends", () => {
  it("a logged-out session's chat and account sockets close; another session's stay open", async () => {
    const c = await registerCustomer(app);
    const other = await loginCustomer(app, c.email);
    const chat = await open(CHAT, c.token);
    const feed = await open(ACCOUNT, c.token);
    const otherChat = await open(CHAT, other);

    expect((await post("/api/user/appUser/logout", c.token)).statusCode).toBe(200);
    expect(await chat.closed(WITHIN_MS)).toBe(4401);
    expect(await feed.closed(WITHIN_MS)).toBe(4401);
    await stillOpen(otherChat);
  });

  it("a login password change closes the other sessions' sockets and keeps this one's", async () => {
    const c = await registerCustomer(app);
    const thief = await loginCustomer(app, c.email);
    const thiefChat = await open(CHAT, thief);
    const thiefFeed = await open(ACCOUNT, thief);
    const mine = await open(ACCOUNT, c.token);

    const changed = await post("/api/user/appUser/changePassword", c.token, {
      kind: "login",
      oldPassword: PASSWORD,
      newPassword: "Changed789",
    });
    expect(changed.statusCode).toBe(200);
    expect(await thiefChat.closed(WITHIN_MS)).toBe(4401);
    expect(await thiefFeed.closed(WITHIN_MS)).toBe(4401);
    await stillOpen(mine);
  });

  it("a password reset by code closes every socket of the account", async () => {
    const c = await registerCustomer(app);
    const thief = await loginCustomer(app, c.email);
    const sockets = [await open(CHAT, thief), await open(ACCOUNT, thief), await open(ACCOUNT, c.token)];

    const sent = await app.inject({
      method: "GET",
      url: `/api/app/getEmailCaptcha?email=${encodeURIComponent(c.email)}&purpose=reset`,
      remoteAddress: newIp(),
    });
    expect(sent.statusCode).toBe(200);
    const code = (await outbox(app, c.email)).find((m) => m.code)?.code;
    const reset = await post("/api/app/forgotPassword", undefined, {
      type: "email",
      account: c.email,
      code,
      newPassword: "Reset7890",
      // Every forgot-password try needs a solved security check.
      ...(await solvedCaptcha(app, { account: c.email, ip: newIp() })),
    });
    expect(reset.statusCode, reset.body).toBe(200);
    for (const s of sockets) expect(await s.closed(WITHIN_MS)).toBe(4401);
  });

  it("a session revoked from the session list closes its sockets", async () => {
    const c = await registerCustomer(app);
    const lost = await loginCustomer(app, c.email);
    const feed = await open(ACCOUNT, lost);
    const list = await app.inject({ method: "GET", url: "/api/user/appUser/sessions", headers: auth(lost) });
    const id = (list.json().result as { id: number; current: boolean }[]).find((s) => s.current)?.id;
    expect((await post("/api/user/appUser/revokeSession", c.token, { id })).statusCode).toBe(200);
    expect(await feed.closed(WITHIN_MS)).toBe(4401);
  });
});

describe("guest sockets close when the conversation is merged", () => {
  it("the guest token's chat socket closes once its conversation became the customer's", async () => {
    const g = await guest(app);
    const guestChat = await open(CHAT, g);
    await stillOpen(guestChat);
    const c = await registerCustomer(app);
    const merged = await post("/api/chat/merge", c.token, { guestToken: g });
    expect(merged.statusCode, merged.body).toBe(200);
    expect(await guestChat.closed(WITHIN_MS)).toBe(4401);
  });
});

describe("agent sockets close when a staff member loses access", () => {
  it("a disabled agent's chat socket closes", async () => {
    const admin = await createOperator(app, database);
    const agent = await createStaffMember(app, database, "support");
    const ws = await open(AGENT, agent.token);
    await stillOpen(ws);
    const res = await post("/api/operator/staff/update", admin.token, { id: agent.id, disabled: true });
    expect(res.statusCode, res.body).toBe(200);
    expect(await ws.closed(WITHIN_MS)).toBe(4401);
  });

  it("an agent demoted to a role without chat loses the socket; other agents keep theirs", async () => {
    const admin = await createOperator(app, database);
    const agent = await createStaffMember(app, database, "support");
    const colleague = await createStaffMember(app, database, "support");
    const ws = await open(AGENT, agent.token);
    const theirs = await open(AGENT, colleague.token);
    const res = await post("/api/operator/staff/update", admin.token, { id: agent.id, role: "finance" });
    expect(res.statusCode, res.body).toBe(200);
    expect(await ws.closed(WITHIN_MS)).toBe(4401);
    await stillOpen(theirs);
  });

  it("an agent who logs out of the console loses the socket", async () => {
    const agent = await createStaffMember(app, database, "support");
    const ws = await open(AGENT, agent.token);
    const res = await app.inject({ method: "POST", url: "/api/staff/logout", headers: auth(agent.token) });
    expect(res.statusCode, res.body).toBe(200);
    expect(await ws.closed(WITHIN_MS)).toBe(4401);
  });
});
