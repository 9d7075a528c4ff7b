// Two API nodes on one PostgreSQL and one Redis (REDIS_URL): both serve the same prices
// at the same moment (one feed leader, the other follows its ticks); a chat message sent
// through node A reaches a customer socket on node B and the agent's socket on node A; a
// futures position opened through A settles exactly once; a logout through A closes that
// session's sockets on B within a second; killing the feed leader hands
// the feed to the other node within 10 s. Runs in the PostgreSQL pass when a Redis is
// reachable (TEST_REDIS_URL or REDIS_URL); skipped with a message otherwise.
import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ChatSocket } from "../chat/chat-socket";
import {
  agentToken,
  api,
  createDatabase,
  type Node,
  redisUrlForTests,
  registerProved,
  startNode,
  stopNode,
} from "./nodes";

const redisUrl = redisUrlForTests();
const pgUrl = process.env.DATABASE_URL || undefined;
const skipReason = !redisUrl
  ? "no Redis (set TEST_REDIS_URL or REDIS_URL)"
  : !pgUrl
    ? "runs in the PostgreSQL pass (DATABASE_URL)"
    : null;
if (skipReason) console.log(`multi-node test skipped: ${skipReason}`);

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe.skipIf(skipReason !== null)("two API nodes on PostgreSQL + Redis", () => {
  let a: Node;
  let b: Node;
  let drop: () => Promise<void>;
  let operator: string;
  const sockets: ChatSocket[] = [];

  beforeAll(async () => {
    const db = await createDatabase(pgUrl as string);
    drop = db.drop;
    const env = {
      databaseUrl: db.url,
      redisUrl: redisUrl as string,
      redisPrefix: `t${randomBytes(4).toString("hex")}:`,
    };
    a = await startNode("node-a", env);
    b = await startNode("node-b", env);
    // The seeded console admin answers chat.
    operator = await agentToken(a);
  }, 200_000);

  afterAll(async () => {
    for (const s of sockets) s.close();
    await Promise.all([a && stopNode(a), b && stopNode(b)]);
    await drop?.();
  }, 60_000);

  const feed = async (node: Node) => (await api(node, "GET", "/api/operator/market/feed", operator)).result;
  const price = async (node: Node) =>
    (await api(node, "GET", "/api/trade/appSymbol/price?symbol=BTCUSDT")).result as { price: string; ts: number };

  it("runs the feed on exactly one node and both serve the same prices at the same moment", async () => {
    await expect
      .poll(async () => [(await feed(a)).leader, (await feed(b)).leader].filter(Boolean).length, { timeout: 15_000 })
      .toBe(1);
    // The follower has a price once the leader's first tick has crossed Redis.
    await expect.poll(async () => Boolean((await price(a)) && (await price(b))), { timeout: 15_000 }).toBe(true);
    const seen = { a: new Map<number, string>(), b: new Map<number, string>() };
    let same = 0;
    for (let i = 0; i < 20; i++) {
      const [pa, pb] = await Promise.all([price(a), price(b)]);
      if (!pa || !pb) throw new Error("a node lost its price");
      seen.a.set(pa.ts, pa.price);
      seen.b.set(pb.ts, pb.price);
      if (pa.ts === pb.ts && pa.price === pb.price) same++;
      await sleep(150);
    }
    // The same tick time always carries the same price on both nodes, and most samples agree.
    for (const [ts, p] of seen.b) if (seen.a.has(ts)) expect(seen.a.get(ts)).toBe(p);
    expect(same).toBeGreaterThanOrEqual(10);
  }, 60_000);

  it("delivers a chat message sent through node A to a socket on node B and the agent's socket on node A", async () => {
    const guest = (await api(a, "POST", "/api/chat/guest", undefined, { deviceId: "multi-node" })).result.token;
    const wsBase = (n: Node) => `ws://127.0.0.1:${n.port}`;
    const customerOnB = await ChatSocket.connect(`${wsBase(b)}/api/websocket/chat/`, guest);
    const agentOnA = await ChatSocket.connect(`${wsBase(a)}/api/websocket/operator/chat`, operator);
    sockets.push(customerOnB, agentOnA);
    await sleep(300); // subscriptions are in place once the sockets are open; give Redis a moment
    const sent = await api(a, "POST", "/api/chat/customer-to-service", guest, {
      type: "text",
      content: "hello from A",
    });
    expect(sent.status).toBe(200);
    expect((await customerOnB.event("message", sent.result.id)).data.content).toBe("hello from A");
    expect((await agentOnA.event("message", sent.result.id)).data.sender).toBe("customer");
    // And back: the agent answers through node B; the customer's socket on B gets it.
    const conv = (await api(b, "GET", "/api/chat/conversation/me", guest)).result.id;
    const reply = await api(b, "POST", `/api/operator/chat/conversations/${conv}/reply`, operator, {
      type: "text",
      content: "hello from B",
    });
    expect((await customerOnB.event("message", reply.result.id)).data.sender).toBe("agent");
    expect((await agentOnA.event("message", reply.result.id)).data.content).toBe("hello from B");
  }, 30_000);

  it("a logout through node A closes that session's sockets on node B within a second", async () => {
    const email = `mn-${randomBytes(4).toString("hex")}@example.com`;
    const reg = await api(a, "POST", "/api/app/register", undefined, {
      type: "email",
      account: email,
      password: "Passw0rd1",
      agree: true,
    });
    const token = reg.result.token as string;
    const wsB = `ws://127.0.0.1:${b.port}`;
    const chatOnB = await ChatSocket.connect(`${wsB}/api/websocket/chat/`, token);
    const feedOnB = await ChatSocket.connect(`${wsB}/api/websocket/account`, token);
    sockets.push(chatOnB, feedOnB);
    expect((await api(a, "POST", "/api/user/appUser/logout", token)).status).toBe(200);
    expect(await chatOnB.closed(1000)).toBe(4401);
    expect(await feedOnB.closed(1000)).toBe(4401);
  }, 30_000);

  it("settles a position opened through node A exactly once", async () => {
    const email = `mn-${randomBytes(4).toString("hex")}@example.com`;
    const { token } = await registerProved(a, email);
    await api(a, "POST", "/api/finance/appRecharge/apply", token, { currency: "USDT", amount: "1000" });
    await expect
      .poll(
        async () => {
          const balances = (await api(b, "GET", "/api/finance/appWallet/queryUserBalance", token)).result as {
            currency: string;
            available: string;
          }[];
          return Number(balances.find((x) => x.currency === "USDT")?.available ?? 0);
        },
        { timeout: 20_000 },
      )
      .toBeGreaterThanOrEqual(1000);
    // Take-profit and stop-loss 0.003 % either side of the exit price (the bid): the simulated
    // price crosses one of them within seconds (with them 0.04 % away it sometimes did not
    // within the poll's 45 s). Between the quote and the order the bid may move past one:
    // then the order is refused (400) and tried again on a fresh quote.
    let opened = { status: 0, message: "", result: {} as Record<string, unknown> };
    for (let attempt = 0; attempt < 5 && opened.status !== 200; attempt++) {
      const quote = (await price(a)) as { price: string; bid?: string };
      const bid = Number(quote.bid ?? quote.price);
      opened = await api(a, "POST", "/api/trade/appTradePositions/create", token, {
        symbol: "BTCUSDT",
        direction: "long",
        margin: "100",
        leverage: 2,
        takeProfit: (bid * 1.00003).toFixed(2),
        stopLoss: (bid * 0.99997).toFixed(2),
      });
    }
    expect(opened.status, opened.message).toBe(200);
    await expect
      .poll(
        async () =>
          (await api(b, "GET", "/api/trade/appTradePositions/listMy?status=closed", token)).result.records.length,
        {
          timeout: 45_000,
          interval: 500,
        },
      )
      .toBe(1);
    const [closed] = (await api(a, "GET", "/api/trade/appTradePositions/listMy?status=closed", token)).result.records;
    expect(closed.id).toBe(opened.result.id);
    expect(["takeProfit", "stopLoss"]).toContain(closed.closeReason);
    await sleep(1500); // a second settlement, if there were one, would have landed by now
    const log = (await api(a, "GET", "/api/finance/appBalanceLog/list?pageSize=100", token)).result.records as {
      kind: string;
      amount: string;
      accountKind: string;
      toAccountKind?: string | null;
      referenceId: string;
    }[];
    const ofPosition = log.filter((r) => r.referenceId === String(opened.result.id));
    // The margin came back to the spot account once (a move between the customer's own
    // accounts is one record: from margin, to spot), and one P&L leg was booked.
    const marginBack = ofPosition.filter((r) => r.kind === "futures_margin" && r.toAccountKind === "spot");
    expect(marginBack).toHaveLength(1);
    expect(ofPosition.filter((r) => r.kind === "futures_pnl").length).toBeLessThanOrEqual(1);
  }, 90_000);

  it("hands the feed to the other node within 10 s when the leader dies", async () => {
    const leader = (await feed(a)).leader ? a : b;
    const survivor = leader === a ? b : a;
    const before = await price(survivor);
    const killedAt = Date.now();
    await stopNode(leader, "SIGKILL");
    await expect.poll(async () => (await feed(survivor)).leader, { timeout: 10_000, interval: 250 }).toBe(true);
    const tookOverMs = Date.now() - killedAt;
    expect(tookOverMs).toBeLessThan(10_000);
    // Prices keep moving on the survivor.
    await expect.poll(async () => (await price(survivor)).ts, { timeout: 10_000 }).toBeGreaterThan(before.ts);
    console.log(`feed taken over by ${survivor.name} ${tookOverMs} ms after ${leader.name} was killed`);
  }, 40_000);
});
