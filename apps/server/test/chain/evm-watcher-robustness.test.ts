// The chain watcher when things go wrong, on a real local chain (ganache) behind a local
// JSON-RPC proxy that can fail: a failing RPC node is backed off (exponentially, capped,
// jittered), logged once when it starts and once when it recovers, shown to operators, and
// the watcher resumes where it was; a reorganisation deeper than the threshold never
// reverses a credit and is flagged for an operator; a transfer sent to an address before it
// was first shown is found when it is shown and credited once.
import http from "node:http";
import { sql } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { AddressDeriver } from "../../src/modules/wallet/chain/addresses";
import type { ChainDeposits } from "../../src/modules/wallet/chain/deposits";
import { BACKOFF_CAP_MS, backoffMs, ChainWatchLeader } from "../../src/modules/wallet/chain/leader";
import { KEPT_BLOCKS } from "../../src/modules/wallet/chain/store";
import { EvmWatcher } from "../../src/modules/wallet/chain/watcher";
import { createStaffMember, registerCustomer } from "../factory";
import { setupApp } from "../helper";
import { api, spot } from "../wallet/factory";
import { chainConfig, startChain } from "./chain";
import { XPUB } from "./keys";
import { serveLocally } from "./rpc-proxy";

/**
 * A JSON-RPC node in front of ganache that answers 503 to the next `failNext` requests, and
 * to every request for `failMethod` (a node that fails some calls and answers others).
 */
async function flakyProxy(target: string) {
  const state = { failNext: 0, failed: 0, forwarded: 0, failMethod: null as string | null };
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c) => chunks.push(c));
    req.on("end", async () => {
      const failsMethod = state.failMethod !== null && Buffer.concat(chunks).includes(`"${state.failMethod}"`);
      if (state.failNext > 0 || failsMethod) {
        if (!failsMethod) state.failNext--;
        state.failed++;
        res.writeHead(503, { "content-type": "text/plain" }).end("node unavailable");
        return;
      }
      state.forwarded++;
      const answer = await fetch(target, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: Buffer.concat(chunks),
      });
      res.writeHead(answer.status, { "content-type": "application/json" }).end(await answer.text());
    });
  });
  return { ...(await serveLocally(server)), state };
}

const chain = await startChain();
const proxy = await flakyProxy(chain.rpcUrl);
const usdt = await chain.deployToken(6);
const config = chainConfig(chain, [{ symbol: "USDT", contract: usdt, decimals: 6 }], { rpcUrl: proxy.url });
const { app, database } = await setupApp({ chainEvm: config });
afterAll(async () => {
  await proxy.close();
  await chain.close();
});
const { get } = api(app);

function chainOf(): ChainDeposits {
  const c = app.wallet.chain;
  if (!c) throw new Error("no chain configured");
  return c;
}
async function caughtUp(leader = chainOf().leader): Promise<number> {
  const head = await chain.head();
  await leader.waitForBlock(head, 20_000);
  return head;
}
async function depositsOf(token: string) {
  const res = await get("/api/finance/appRecharge/listMy?pageNo=1&pageSize=50", token);
  expect(res.status).toBe(200);
  return res.result.records as Array<Record<string, unknown>>;
}
/** Waits (polling, no fixed sleep) until `check` holds. */
async function until(check: () => boolean | Promise<boolean>, what: string, timeoutMs = 20_000) {
  const end = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 5));
  }
}
function capture() {
  const lines: Array<{ level: string; obj: object; msg: string }> = [];
  const at = (level: string) => (obj: object, msg: string) => void lines.push({ level, obj, msg });
  return { lines, log: { info: at("info"), warn: at("warn"), error: at("error") } };
}

await caughtUp();
const finance = await createStaffMember(app, database, "finance");
const status = async () => {
  const res = await get("/api/operator/wallet/chain/status", finance.token);
  expect(res.status).toBe(200);
  return res.result;
};

describe("backoff", () => {
  it("doubles from the poll interval per failure, never passes the cap, and is jittered within half of it", () => {
    expect(backoffMs(1, 500, BACKOFF_CAP_MS, () => 1)).toBe(1000);
    expect(backoffMs(1, 500, BACKOFF_CAP_MS, () => 0)).toBe(500);
    expect(backoffMs(3, 500, BACKOFF_CAP_MS, () => 1)).toBe(4000);
    expect(backoffMs(20, 500, BACKOFF_CAP_MS, () => 1)).toBe(BACKOFF_CAP_MS);
    expect(backoffMs(1000, 500, BACKOFF_CAP_MS, () => 0)).toBe(BACKOFF_CAP_MS / 2);
    const waits = Array.from({ length: 50 }, () => backoffMs(4, 500));
    expect(Math.min(...waits)).toBeGreaterThanOrEqual(4000);
    expect(Math.max(...waits)).toBeLessThanOrEqual(8000);
    expect(new Set(waits).size).toBeGreaterThan(1);
  });
});

describe("a failing RPC node", () => {
  it("is backed off, not hammered: logged once when it fails and once when it answers again; the watcher resumes", async () => {
    await chainOf().leader.stop();
    const { lines, log } = capture();
    const leader = new ChainWatchLeader({ database, watcher: chainOf().watcher, log }, { pollMs: 10, retryMs: 10 });
    proxy.state.failNext = 10_000;
    proxy.state.failed = 0;
    leader.start();
    await until(() => leader.status().failures >= 4, "four failed rounds");
    const failing = leader.status();
    expect(failing).toMatchObject({ leading: true, failures: expect.any(Number) });
    expect(failing.lastError).toMatch(/HTTP|503|request failed/i);
    expect(failing.failingSince).not.toBeNull();
    expect(Date.parse(failing.nextRoundAt ?? "")).toBeGreaterThan(Date.parse(failing.failingSince ?? ""));
    // Bounded by the rounds tried (a round stops at its first failed call, retried once by
    // the client), not by the time spent: at a 10 ms poll without backoff it would be hundreds.
    expect(proxy.state.failed).toBeLessThanOrEqual(3 * (failing.failures + 1));
    const warned = lines.filter((l) => l.level === "warn");
    expect(warned).toHaveLength(1);
    expect(warned[0]?.msg).toContain("backing off");

    // A transfer while the node is down is seen once it answers again.
    const c = await registerCustomer(app);
    const address = (await get("/api/finance/rechargeAddr/getAddr?currency=USDT", c.token)).result.address;
    await chain.sendToken(usdt, address, "12", 6);
    await chain.mine(2);
    proxy.state.failNext = 0;
    await caughtUp(leader);
    expect(leader.status()).toMatchObject({ failures: 0, lastError: null, failingSince: null, nextRoundAt: null });
    expect(lines.filter((l) => l.level === "warn")).toHaveLength(1);
    expect(lines.filter((l) => l.msg.includes("answers again"))).toHaveLength(1);
    expect((await depositsOf(c.token))[0]).toMatchObject({ status: 1, amount: "12" });
    await leader.stop();
    chainOf().leader.start();
  });

  it("operators see the watcher's head, processed block and lag, and while the node fails its last error and since when", async () => {
    const head = await chain.mine(1);
    await until(async () => (await status()).processedBlock === head, "the app's watcher at the head");
    const healthy = await status();
    expect(healthy).toMatchObject({
      configured: true,
      network: "ERC20",
      chainId: 1337,
      requiredConfirmations: 3,
      leading: true,
      storedBlock: head,
      head,
      processedBlock: head,
      lag: 0,
      failures: 0,
      lastError: null,
    });
    proxy.state.failNext = 10_000;
    try {
      await until(async () => (await status()).failures >= 1, "a failure in the status");
      const failing = await status();
      expect(failing.lastError).toMatch(/HTTP|503|request failed/i);
      expect(failing.lastError).not.toContain(proxy.url.slice("http://".length)); // a provider's URL may hold its key
      expect(failing.failingSince).toEqual(expect.any(String));
      expect(failing.nextRoundAt).toEqual(expect.any(String));
    } finally {
      proxy.state.failNext = 0; // a failure here must not fail the tests after it
    }
    await until(async () => (await status()).failures === 0, "recovery in the status");
    await caughtUp();
  });
});

describe("a node that answers the head but fails the block lookups", () => {
  it("is not taken for a reorganisation: the round fails, nothing is rolled back, voided or flagged, and the next round goes on", async () => {
    const c = await registerCustomer(app);
    const address = (await get("/api/finance/rechargeAddr/getAddr?currency=USDT", c.token)).result.address;
    await chain.sendToken(usdt, address, "15", 6);
    await caughtUp(); // recorded, waiting for confirmations
    await chainOf().leader.stop();
    const { lines, log } = capture();
    const watcher = new EvmWatcher({ db: database.db, chain: config, log });
    const stateNow = async () => {
      const [s] = await database.query<{ last_block: string; blocks: string; flags: string; voided: string }>(
        `SELECT (SELECT last_block FROM evm_watch_state) AS last_block,
                (SELECT count(*) FROM evm_blocks) AS blocks,
                (SELECT count(*) FROM evm_reorg_flags) AS flags,
                (SELECT count(*) FROM deposits WHERE status = -2) AS voided`,
      );
      return s;
    };
    const before = await stateNow();
    expect((await depositsOf(c.token))[0]).toMatchObject({ amount: "15", chainState: "pending" });

    proxy.state.failMethod = "eth_getBlockByNumber";
    try {
      await expect(watcher.round()).rejects.toThrow(/HTTP|503|request failed/i);
      await expect(watcher.round()).rejects.toThrow(/HTTP|503|request failed/i);
    } finally {
      proxy.state.failMethod = null;
    }
    expect(await stateNow()).toEqual(before);
    expect(lines.filter((l) => l.msg.includes("reorganisation"))).toEqual([]);
    expect((await depositsOf(c.token))[0]).toMatchObject({ amount: "15", chainState: "pending" });

    await chain.mine(3);
    await watcher.round();
    expect((await depositsOf(c.token))[0]).toMatchObject({ status: 1, chainState: "credited", amount: "15" });
    chainOf().leader.start();
    await caughtUp();
  });
});

describe("a reorganisation deeper than the threshold", () => {
  it("never reverses the credit: the deposit is flagged for an operator with the old and new block hash, logged as an error", async () => {
    const c = await registerCustomer(app);
    const address = (await get("/api/finance/rechargeAddr/getAddr?currency=USDT", c.token)).result.address;
    await caughtUp();
    await chainOf().leader.stop();
    const { lines, log } = capture();
    const watcher = new EvmWatcher({ db: database.db, chain: config, log });
    const before = await chain.snapshot();
    await chain.sendToken(usdt, address, "33", 6);
    await chain.mine(3);
    await watcher.round();
    const [credited] = await depositsOf(c.token);
    expect(credited).toMatchObject({ status: 1, chainState: "credited", amount: "33" });
    expect((await spot(database, c.id)).available).toBe("33");
    const [row] = await database.query<{ id: string; block_number: string; block_hash: string }>(
      "SELECT id, block_number, block_hash FROM deposits WHERE user_id = $1",
      [c.id],
    );

    // A longer chain without the transfer replaces the credited block.
    await chain.revert(before);
    await chain.mine(6);
    const replaced = await chain.client.getBlock({ blockNumber: BigInt(row?.block_number ?? 0) });
    await watcher.round();

    expect((await depositsOf(c.token))[0]).toMatchObject({ status: 1, chainState: "credited", amount: "33" });
    expect((await spot(database, c.id)).available).toBe("33");
    const errors = lines.filter((l) => l.level === "error" && l.msg.includes("flagged for an operator"));
    expect(errors).toHaveLength(1);
    expect(errors[0]?.obj).toMatchObject({ depositId: Number(row?.id), oldBlockHash: row?.block_hash });
    const { reorgFlags } = await status();
    expect(reorgFlags[0]).toMatchObject({
      depositId: Number(row?.id),
      blockNumber: Number(row?.block_number),
      oldBlockHash: row?.block_hash,
      newBlockHash: replaced.hash,
    });
    expect(replaced.hash).not.toBe(row?.block_hash);

    // Seen again in a later round: still one flag.
    await chain.mine(1);
    await watcher.round();
    expect(
      (await status()).reorgFlags.filter((f: { depositId: number }) => f.depositId === Number(row?.id)),
    ).toHaveLength(1);
    chainOf().leader.start();
    await caughtUp();
  });
});

describe("a transfer to an address before it was first shown", () => {
  it("is found when the address is first shown and credited once, even from a block older than the kept hashes", async () => {
    const c = await registerCustomer(app);
    const address = new AddressDeriver(XPUB).addressOf(c.id); // derived elsewhere: never shown by the app
    await chain.sendToken(usdt, address, "21", 6);
    await chain.mine(KEPT_BLOCKS + 5);
    const early = await chain.sendToken(usdt, address, "14", 6);
    await caughtUp();
    expect(await depositsOf(c.token)).toHaveLength(0);

    // Shown now: the next round looks the address's token transfers up from the watcher's first block.
    expect((await get("/api/finance/rechargeAddr/getAddr?currency=USDT", c.token)).result.address).toBe(address);
    await chain.mine(1);
    await caughtUp();
    await chain.mine(3);
    await caughtUp();
    const records = await depositsOf(c.token);
    expect(records.map((r) => [r.amount, r.status]).sort()).toEqual([
      ["14", 1],
      ["21", 1],
    ]);
    expect(records.find((r) => r.txHash === early)).toMatchObject({ chainState: "credited" });
    expect((await spot(database, c.id)).available).toBe("35");

    // Looking the address up again records nothing twice.
    await database.db.execute(
      sql`UPDATE evm_deposit_addresses SET backfilled_to = NULL WHERE address = ${address.toLowerCase()}`,
    );
    await chain.mine(1);
    await caughtUp();
    expect(await depositsOf(c.token)).toHaveLength(2);
    expect((await spot(database, c.id)).available).toBe("35");
  });
});
