// On-chain deposits with two API nodes on one PostgreSQL (and Redis), both configured for
// the same local chain (ganache in this process): both hand out the same address, one node
// watches the chain, a transfer is credited once; when the watching node dies the other
// takes over and credits the next transfer. Runs in the PostgreSQL pass when a Redis is
// reachable (TEST_REDIS_URL or REDIS_URL); skipped with a message otherwise.
import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startChain, type TestChain } from "../chain/chain";
import { XPUB } from "../chain/keys";
import { waitFor } from "../wallet/factory";
import { api, createDatabase, type Node, redisUrlForTests, registerProved, startNode, stopNode } from "./nodes";

const redisUrl = redisUrlForTests();
const pgUrl = process.env.DATABASE_URL || undefined;
const skipReason = !redisUrl
  ? "no Redis (set TEST_REDIS_URL or REDIS_URL)"
  : !pgUrl
    ? "runs in the PostgreSQL pass (DATABASE_URL)"
    : null;
if (skipReason) console.log(`multi-node chain test skipped: ${skipReason}`);

const watching = (node: Node) => node.log.some((line) => line.includes("chain: this node watches the chain"));

describe.skipIf(skipReason !== null)("on-chain deposits with two API nodes on PostgreSQL", () => {
  let chain: TestChain;
  let usdt: `0x${string}`;
  let a: Node;
  let b: Node;
  let drop: () => Promise<void>;

  beforeAll(async () => {
    chain = await startChain();
    usdt = await chain.deployToken(6);
    const db = await createDatabase(pgUrl as string);
    drop = db.drop;
    const env = {
      databaseUrl: db.url,
      redisUrl: redisUrl as string,
      redisPrefix: `t${randomBytes(4).toString("hex")}:`,
      extra: {
        CHAIN_EVM_RPC_URL: chain.rpcUrl,
        CHAIN_EVM_CHAIN_ID: "1337",
        CHAIN_EVM_CONFIRMATIONS: "2",
        CHAIN_EVM_TOKENS: `USDT:${usdt}:6`,
        CHAIN_EVM_XPUB: XPUB,
        CHAIN_EVM_EXPLORER_TX: "https://explorer.test/tx/{hash}",
      },
    };
    a = await startNode("chain-a", env);
    b = await startNode("chain-b", env);
  }, 180_000);

  afterAll(async () => {
    await Promise.all([a && stopNode(a), b && stopNode(b)]);
    await drop?.();
    await chain?.close();
  });

  it("one address on both nodes, one watcher, a transfer credited once; the other node takes over", async () => {
    const { token } = await registerProved(a, `chain-${randomBytes(4).toString("hex")}@example.com`);
    const onA = await api(a, "GET", "/api/finance/rechargeAddr/getAddr?currency=USDT", token);
    const onB = await api(b, "GET", "/api/finance/rechargeAddr/getAddr?currency=USDT", token);
    expect(onA.result).toMatchObject({ network: "ERC20", sandbox: false });
    expect(onB.result.address).toBe(onA.result.address);
    const address = onA.result.address as `0x${string}`;

    await waitFor(async () => watching(a) || watching(b), 20_000);
    expect(watching(a) && watching(b)).toBe(false);

    const credited = async (node: Node, count: number) => {
      const list = await api(node, "GET", "/api/finance/appRecharge/listMy?pageNo=1&pageSize=20", token);
      const records = list.result.records as Array<{ status: number }>;
      return records.length === count && records.every((r) => r.status === 1) ? records : null;
    };
    const balance = async (node: Node) => {
      const res = await api(node, "GET", "/api/finance/appWallet/queryUserBalance", token);
      return (res.result as Array<{ currency: string; available: string }>).find((x) => x.currency === "USDT")
        ?.available;
    };

    await chain.sendToken(usdt, address, "120", 6);
    await chain.mine(2);
    await waitFor(() => credited(b, 1), 20_000);
    await chain.mine(5);
    await waitFor(async () => (await balance(a)) === "120", 10_000);

    // The watching node dies; the other one takes the lock and goes on from the stored block.
    const leader = watching(a) ? a : b;
    const other = leader === a ? b : a;
    await stopNode(leader, "SIGKILL");
    await chain.sendToken(usdt, address, "30.5", 6);
    await chain.mine(2);
    await waitFor(() => credited(other, 2), 30_000);
    expect(await balance(other)).toBe("150.5");
    const log = await api(other, "GET", "/api/finance/appBalanceLog/list?pageNo=1&pageSize=50", token);
    const deposits = (log.result.records as Array<{ kind: string; amount: string }>).filter(
      (r) => r.kind === "deposit",
    );
    expect(deposits.map((d) => d.amount).sort()).toEqual(["120", "30.5"]);
  }, 120_000);
});
