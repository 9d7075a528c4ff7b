// The console's customer view: profile, balances, sessions, ledger history and trading
// records, read-only; an adjustment is a ledger transfer whose reason the customer sees;
// an unknown customer (or a staff id) is 404; the dashboard counts the queues.
import { describe, expect, it } from "vitest";
import { auth, createStaffMember, registerCustomer } from "../factory";
import { setupApp } from "../helper";

const { app, database } = await setupApp();
const support = await createStaffMember(app, database, "support");
const finance = await createStaffMember(app, database, "finance");
const get = (url: string, token = support.token) => app.inject({ method: "GET", url, headers: auth(token) });

describe("customer view", () => {
  it("shows profile, balances, sessions, ledger and trading records; 404 for an unknown id", async () => {
    const customer = await registerCustomer(app);
    const adjust = await app.inject({
      method: "POST",
      url: "/api/operator/wallet/adjust",
      headers: auth(finance.token),
      payload: { userId: customer.id, currency: "USDT", amount: "12.5", reason: "Goodwill credit for ticket 42" },
    });
    expect(adjust.statusCode, adjust.body).toBe(200);
    expect(adjust.json().result).toMatchObject({ amount: "12.5", available: "12.5" });

    const detail = await get(`/api/operator/customers/detail?id=${customer.id}`);
    expect(detail.statusCode).toBe(200);
    expect(detail.json().result.profile).toMatchObject({ id: customer.id, email: customer.email, kycStatus: "none" });
    expect(detail.json().result.balances).toContainEqual({ currency: "USDT", available: "12.5", frozen: "0" });
    expect(detail.json().result.sessions).toHaveLength(1);

    const ledger = await get(`/api/operator/customers/ledger?id=${customer.id}`);
    expect(ledger.json().result.records[0]).toMatchObject({
      amount: "12.5",
      kind: "adjustment",
      memo: "Goodwill credit for ticket 42",
    });
    // The customer sees the same entry, with the reason, in their own balance log.
    const own = await app.inject({
      method: "GET",
      url: "/api/finance/appBalanceLog/list",
      headers: auth(customer.token),
    });
    expect(own.json().result.records[0]).toMatchObject({ amount: "12.5", memo: "Goodwill credit for ticket 42" });

    for (const kind of ["positions", "options", "spotOrders"]) {
      const res = await get(`/api/operator/customers/${kind}?id=${customer.id}`);
      expect(res.statusCode, kind).toBe(200);
      expect(res.json().result).toMatchObject({ records: [], total: 0 });
    }
    expect((await get(`/api/operator/customers/positions?id=${customer.id}&status=bogus`)).statusCode).toBe(400);
    expect((await get("/api/operator/customers/detail?id=999999")).statusCode).toBe(404);
    expect((await get("/api/operator/customers/ledger?id=999999")).statusCode).toBe(404);

    const search = await get(`/api/operator/customers/list?search=${encodeURIComponent(customer.email)}`);
    expect(search.json().result.records.map((r: { id: number }) => r.id)).toEqual([customer.id]);
  });

  it("lets support log a customer out of one session", async () => {
    const customer = await registerCustomer(app);
    const detail = await get(`/api/operator/customers/detail?id=${customer.id}`);
    const sessionId = detail.json().result.sessions[0].id as number;
    const other = await registerCustomer(app);
    const wrongOwner = await app.inject({
      method: "POST",
      url: "/api/operator/customers/sessions/revoke",
      headers: auth(support.token),
      payload: { userId: other.id, sessionId },
    });
    expect(wrongOwner.statusCode).toBe(404);
    const revoke = await app.inject({
      method: "POST",
      url: "/api/operator/customers/sessions/revoke",
      headers: auth(support.token),
      payload: { userId: customer.id, sessionId },
    });
    expect(revoke.statusCode).toBe(200);
    const me = await app.inject({
      method: "GET",
      url: "/api/user/appUser/getMyUserInfo",
      headers: auth(customer.token),
    });
    expect(me.statusCode).toBe(401);
  });

  it("the dashboard counts the queues and checks the ledger", async () => {
    const res = await get("/api/operator/dashboard");
    expect(res.statusCode).toBe(200);
    expect(res.json().result).toMatchObject({
      kycPending: expect.any(Number),
      withdrawalsPending: 0,
      reviewHours: 24,
      ledger: { balanced: true },
    });
  });

  it("the open-chats tile counts chats waiting for staff: an unread customer message, not every chat", async () => {
    const waiting = async () => (await get("/api/operator/dashboard")).json().result.chatsWaiting;
    const before = await waiting();
    const customer = await registerCustomer(app);
    expect(await waiting()).toBe(before);
    const said = await app.inject({
      method: "POST",
      url: "/api/chat/customer-to-service",
      headers: auth(customer.token),
      payload: { type: "text", content: "Where is my deposit?" },
    });
    expect(said.statusCode, said.body).toBe(200);
    expect(await waiting()).toBe(before + 1);
    const conv = await app.inject({ method: "GET", url: "/api/chat/conversation/me", headers: auth(customer.token) });
    const id = conv.json().result.id;
    // A second message in the same chat is still one waiting chat.
    await app.inject({
      method: "POST",
      url: "/api/chat/customer-to-service",
      headers: auth(customer.token),
      payload: { type: "text", content: "Hello?" },
    });
    expect(await waiting()).toBe(before + 1);
    // An agent read it: nobody waits any more.
    const read = await app.inject({
      method: "POST",
      url: `/api/operator/chat/conversations/${id}/read`,
      headers: auth(support.token),
    });
    expect(read.statusCode, read.body).toBe(200);
    expect(await waiting()).toBe(before);
  });
});
