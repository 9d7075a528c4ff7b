// A fired price alert reaches the customer's open app socket (/api/websocket/account) as
// `{type: "alert", data: {alertId, symbol, kind, value, price, url}}`; another customer's
// socket hears nothing.
import type { AddressInfo } from "node:net";
import { afterAll, describe, expect, it } from "vitest";
import { ChatSocket, type Frame } from "../chat/chat-socket";
import { tick } from "../contracts/factory";
import { auth, registerCustomer } from "../factory";
import { setupApp } from "../helper";

const { app } = await setupApp();
await app.listen({ port: 0, host: "127.0.0.1" });
const base = `ws://127.0.0.1:${(app.server.address() as AddressInfo).port}/api/websocket/account`;
const sockets: ChatSocket[] = [];
afterAll(() => {
  for (const s of sockets) s.close();
});
const isAlert = (f: Frame) => typeof f !== "string" && f.type === "alert";

describe("the socket notice of a fired price alert", () => {
  it("goes to the owner's open sockets only", async () => {
    const owner = await registerCustomer(app);
    const other = await registerCustomer(app);
    const mine = await ChatSocket.connect(base, owner.token);
    const theirs = await ChatSocket.connect(base, other.token);
    sockets.push(mine, theirs);
    tick(app, "XAUUSD", "2000");
    await app.settlement.caughtUp();
    const created = await app.inject({
      method: "POST",
      url: "/api/market/alerts",
      headers: auth(owner.token),
      payload: { symbol: "XAUUSD", kind: "above", value: "2010" },
    });
    tick(app, "XAUUSD", "2011");
    await app.settlement.caughtUp();
    await app.alerts.settler.idle();
    const frame = await mine.next(isAlert);
    expect(frame).toEqual({
      type: "alert",
      data: {
        alertId: created.json().result.id,
        symbol: "XAUUSD",
        kind: "above",
        value: "2010",
        price: expect.stringMatching(/^2011/),
        url: "/alerts?symbol=XAUUSD",
      },
    });
    expect(theirs.frames.filter(isAlert)).toEqual([]);
  });
});
