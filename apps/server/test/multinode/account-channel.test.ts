// The private account channel /api/websocket/account (session token as subprotocol):
// a customer's socket hears when their balances move (their own requests, and ledger
// movements nobody on the page caused, such as a deposit credited) and when a futures
// position opens or closes; nobody else's socket does; a bad token is closed with 4401.
import type { AddressInfo } from "node:net";
import { afterAll, describe, expect, it } from "vitest";
import { ChatSocket } from "../chat/chat-socket";
import { fund, registerCustomer } from "../factory";
import { setupApp } from "../helper";
import { post, tick } from "../options/trading-helpers";

const { app, database } = await setupApp();
await app.listen({ port: 0, host: "127.0.0.1" });
const url = `ws://127.0.0.1:${(app.server.address() as AddressInfo).port}/api/websocket/account`;
const sockets: ChatSocket[] = [];
const open = async (token: string) => {
  const s = await ChatSocket.connect(url, token);
  sockets.push(s);
  return s;
};
afterAll(() => {
  for (const s of sockets) s.close();
});

const accountEvents = (s: ChatSocket) =>
  s.frames
    .filter((f) => typeof f === "object" && f.type === "account")
    .map((f) => (f as { data: { kinds: string[] } }).data.kinds);

describe("private account channel", () => {
  it("tells the customer's socket when a deposit is credited by the server, and no one else's", async () => {
    const a = await registerCustomer(app, { countryCode: "US" });
    const b = await registerCustomer(app, { countryCode: "US" });
    const wsA = await open(a.token);
    const wsB = await open(b.token);
    await app.accountLedgerWatch.tick(); // the watch knows where the ledger stands
    await fund(database, a.id, "USDT", "500");
    await app.accountLedgerWatch.tick();
    expect((await wsA.event("account")).data).toMatchObject({ kinds: ["balances"] });
    await app.accountLedgerWatch.tick();
    expect(accountEvents(wsA)).toEqual([]); // the same transfer is not announced twice
    expect(accountEvents(wsB)).toEqual([]);
  });

  it("tells it when a position opens (positions and balances) and after a money request", async () => {
    const c = await registerCustomer(app, { countryCode: "US" });
    await fund(database, c.id, "USDT", "1000");
    const ws = await open(c.token);
    tick(app, "BTCUSDT", "65000");
    const opened = await post(app, c.token, "/api/trade/appTradePositions/create", {
      symbol: "BTCUSDT",
      direction: "long",
      margin: "100",
      leverage: 2,
    });
    expect(opened.status).toBe(200);
    const positions = await ws.next(
      (f) =>
        typeof f === "object" &&
        f.type === "account" &&
        ((f.data?.kinds as string[] | undefined) ?? []).includes("positions"),
    );
    expect(positions).toMatchObject({ data: { kinds: ["positions", "balances"] } });
    tick(app, "ETHUSDT", "3000");
    ws.frames.length = 0;
    const swap = await post(app, c.token, "/api/trade/appFlashExchangeLog/flashExchange", {
      from: "USDT",
      to: "ETH",
      amount: "10",
    });
    expect(swap.status).toBe(200);
    expect((await ws.event("account")).data.kinds).toEqual(["balances"]);
  });

  it("answers ping and closes a socket without a customer token (4401)", async () => {
    const c = await registerCustomer(app, { countryCode: "US" });
    const ws = await open(c.token);
    ws.send("ping");
    expect(await ws.next((f) => f === "pong")).toBe("pong");
    const bad = await open("not-a-token");
    expect(await bad.closed()).toBe(4401);
  });
});
