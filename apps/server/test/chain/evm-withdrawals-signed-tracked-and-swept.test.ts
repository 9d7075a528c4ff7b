// On-chain withdrawals and sweeps on a real local chain (ganache in process) with the signer
// process's server in-process on a free port. An approved withdrawal on the chain's network is
// signed by the signer, broadcast, and paid (hold posted, status 2, txHash) once it has the
// confirmations; one over the signer's limit is refused and the hold returned (status -2, never
// broadcast); one that is not mined for CHAIN_EVM_STUCK_BLOCKS is replaced with the same nonce
// and a higher fee; one the token contract reverts returns the hold. A deposit above the sweep
// threshold is moved to the hot wallet after a gas top-up, recorded with both hashes, and the
// customer's balance does not move (the top-up is no deposit either). The native coin at or
// above its threshold is swept too (balance − gas, to the hot wallet), after the address's
// token sweep when it has both, so the token is never left without gas. No sleeping: blocks are
// mined and the test waits for the watcher's rounds.
import { fromTokenUnits } from "@candor/domain";
import { eq } from "drizzle-orm";
import { type Address, createWalletClient, erc20Abi, getAddress, http } from "viem";
import { generatePrivateKey, mnemonicToAccount, privateKeyToAccount } from "viem/accounts";
import { afterAll, describe, expect, it } from "vitest";
import { evmPayouts, evmSweeps } from "../../src/modules/wallet/schema";
import { createOperator, fund, PASSWORD, passHold, registerCustomer, WITHDRAWAL_PASSWORD } from "../factory";
import { setupApp } from "../helper";
import { api, platform, setPrices, spot, waitFor } from "../wallet/factory";
import { CHAIN_ID, chainConfig, startChain, testToken } from "./chain";
import { MNEMONIC } from "./keys";
import { startRpcProxy } from "./rpc-proxy";
import { HOT_WALLET, SIGNER_SECRET, startSigner } from "./signer";

const chain = await startChain();
const usdt = await chain.deployToken(6);
const tokens = [
  { symbol: "USDT", contract: usdt, decimals: 6 },
  { symbol: "ETH", contract: null, decimals: 18 },
];
await chain.sendToken(usdt, HOT_WALLET, "100000", 6);
const signer = await startSigner(tokens); // 500 USDT per transaction, 2000 a day
const proxy = await startRpcProxy(chain.rpcUrl);
const config = chainConfig(chain, tokens, {
  rpcUrl: proxy.url,
  signer: {
    url: signer.url,
    secret: SIGNER_SECRET,
    hotWallet: HOT_WALLET,
    stuckBlocks: 3,
    sweepThresholds: { USDT: "50", ETH: "0.5" },
  },
});
const { app, database } = await setupApp({ chainEvm: config });
afterAll(async () => {
  await signer.close();
  await proxy.close();
  await chain.close();
});
const { get, post } = api(app);
const operator = await createOperator(app, database);
const sender = createWalletClient({
  account: mnemonicToAccount(MNEMONIC),
  chain: {
    id: CHAIN_ID,
    name: "ganache",
    nativeCurrency: { name: "Ether", symbol: "ETH", decimals: 18 },
    rpcUrls: { default: { http: [chain.rpcUrl] } },
  },
  transport: http(chain.rpcUrl),
});

const tokenBalance = (who: Address) =>
  chain.client.readContract({ address: usdt, abi: erc20Abi, functionName: "balanceOf", args: [who] });

/** A customer with `amount` of `currency` on spot and a usable ERC20 address of their own (a fresh key). */
async function chainCustomer(usdtAmount = "1000", currency = "USDT") {
  const c = await registerCustomer(app);
  const set = await post("/api/user/appUser/changePassword", c.token, {
    kind: "withdrawal",
    oldPassword: PASSWORD,
    newPassword: WITHDRAWAL_PASSWORD,
  });
  expect(set.status).toBe(200);
  const destination = privateKeyToAccount(generatePrivateKey()).address;
  const bound = await post("/api/user/appUserWithdrawalInfoSet/addAccount", c.token, {
    type: "wallet",
    currency,
    network: "ERC20",
    address: destination,
  });
  expect(bound.status, JSON.stringify(bound.body)).toBe(200);
  await passHold(app);
  await fund(database, c.id, currency, usdtAmount);
  return { ...c, accountId: bound.result.id as number, destination };
}

async function withdraw(c: Awaited<ReturnType<typeof chainCustomer>>, amount: string, currency = "USDT") {
  const res = await post("/api/finance/appWithdrawal/apply", c.token, {
    currency,
    amount,
    accountId: c.accountId,
    withdrawalPassword: WITHDRAWAL_PASSWORD,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.result.id as number;
}

const approve = (id: number) => post("/api/operator/wallet/withdrawal/approve", operator.token, { id });

async function recordOf(c: { token: string }, id: number) {
  const res = await get("/api/finance/appWithdrawal/listMy?pageNo=1&pageSize=50", c.token);
  expect(res.status).toBe(200);
  return (res.result.records as Array<Record<string, unknown>>).find((r) => r.id === id);
}

/** Mines a block at a time until the record reaches `status` (the leader's rounds run between). */
async function mineUntil(c: { token: string }, id: number, status: number) {
  return (
    await waitFor(
      async () => {
        const r = await recordOf(c, id);
        if (r?.status === status) return r;
        await chain.mine(1);
        return null;
      },
      20_000,
      20,
    )
  ).value;
}

const payoutOf = async (withdrawalId: number) =>
  (await database.db.select().from(evmPayouts).where(eq(evmPayouts.withdrawalId, withdrawalId)))[0];

/**
 * The payout row once it has reached `status`. The watcher settles the withdrawal (the ledger)
 * first and marks its payout row after, so the customer can see status 2 or -2 a moment
 * before the row changes (a stop in between is finished by the next round).
 */
const payoutWhen = async (withdrawalId: number, status: string) =>
  (
    await waitFor(
      async () => {
        const p = await payoutOf(withdrawalId);
        return p?.status === status ? p : null;
      },
      5_000,
      20,
    )
  ).value;

describe("a withdrawal on the chain", () => {
  it("within the signer's limits: signed, broadcast, paid at the threshold; the hold is posted and the hash shown", async () => {
    const c = await chainCustomer();
    const feesBefore = await platform(database, "USDT", "fees");
    const id = await withdraw(c, "100");
    expect(await spot(database, c.id)).toMatchObject({ available: "900", held: "100" });
    const approved = await approve(id);
    expect(approved.status, JSON.stringify(approved.body)).toBe(200);
    const p = await payoutOf(id);
    expect(p).toMatchObject({ status: "broadcast", amountUnits: "99000000", toAddress: c.destination.toLowerCase() });
    const shown = await recordOf(c, id);
    expect(shown).toMatchObject({ status: 1, state: "paying", txHash: p?.txHash });
    expect(shown?.explorerUrl).toBe(`https://explorer.test/tx/${p?.txHash}`);
    expect(await spot(database, c.id)).toMatchObject({ held: "100" }); // not paid before the threshold

    const paid = await mineUntil(c, id, 2);
    expect(paid).toMatchObject({ state: "paid", txHash: p?.txHash });
    expect(await tokenBalance(c.destination)).toBe(99_000_000n);
    expect(await spot(database, c.id)).toMatchObject({ available: "900", held: "0", balance: "900" });
    expect(Number(await platform(database, "USDT", "fees")) - Number(feesBefore)).toBe(1);
    const receipt = await chain.client.getTransactionReceipt({ hash: p?.txHash as `0x${string}` });
    expect(receipt.from.toLowerCase()).toBe(HOT_WALLET.toLowerCase());
    expect((await chain.head()) - Number(receipt.blockNumber) + 1).toBeGreaterThanOrEqual(config.confirmations);
    const ops = await get(
      `/api/operator/wallet/withdrawal/list?pageNo=1&pageSize=50&status=2&userId=${c.id}`,
      operator.token,
    );
    const op = (ops.result.records as Array<Record<string, unknown>>).find((r) => r.id === id);
    expect(op).toMatchObject({ providerRef: p?.txHash, txHash: p?.txHash });
  });

  it("over the signer's per-transaction limit: refused by the signer, failed, the hold returned, nothing broadcast", async () => {
    const c = await chainCustomer();
    const id = await withdraw(c, "600"); // 599 USDT to send; the signer's limit is 500
    const nonceBefore = await chain.client.getTransactionCount({ address: HOT_WALLET });
    const res = await approve(id);
    expect(res.status).toBe(200);
    const r = await recordOf(c, id);
    expect(r).toMatchObject({ status: -2, state: "failed" });
    expect(r?.reason).toContain("the signer refused");
    expect(r?.txHash).toBeUndefined();
    expect(await spot(database, c.id)).toMatchObject({ available: "1000", held: "0" });
    expect(await payoutOf(id)).toMatchObject({ status: "refused", nonce: null });
    await chain.mine(3);
    expect(await chain.client.getTransactionCount({ address: HOT_WALLET })).toBe(nonceBefore);
    expect(await tokenBalance(c.destination)).toBe(0n);
  });

  it("stuck (never mined) for CHAIN_EVM_STUCK_BLOCKS: replaced with the same nonce and a higher fee, then paid once", async () => {
    const c = await chainCustomer();
    const id = await withdraw(c, "50");
    proxy.state.drop = true; // the first broadcast is lost on its way
    await approve(id);
    proxy.state.drop = false;
    const first = await payoutOf(id);
    expect(first).toMatchObject({ status: "broadcast", replacements: 0 });
    expect(proxy.state.dropped).toContain(first?.txHash);

    const paid = await mineUntil(c, id, 2);
    const after = await payoutWhen(id, "confirmed");
    expect(after?.replacements).toBeGreaterThanOrEqual(1);
    expect(after?.hashes[0]).toBe(first?.txHash);
    expect(after?.txHash).not.toBe(first?.txHash);
    expect(after?.nonce).toBe(first?.nonce);
    expect(paid?.txHash).toBe(after?.txHash);
    const replacement = await chain.client.getTransaction({ hash: after?.txHash as `0x${string}` });
    expect(replacement.nonce).toBe(first?.nonce);
    expect(replacement.maxFeePerGas).toBeGreaterThan(BigInt(first?.maxFeePerGas ?? "0"));
    expect(await tokenBalance(c.destination)).toBe(49_000_000n); // once
    expect(await spot(database, c.id)).toMatchObject({ available: "950", held: "0" });
  });

  it("reverted by the token contract: the hold is returned (status -2), never paid", async () => {
    const c = await chainCustomer();
    const { abi } = testToken();
    const hash = await sender.writeContract({
      address: usdt,
      abi,
      functionName: "setBlocked",
      args: [c.destination, true],
    });
    await chain.client.waitForTransactionReceipt({ hash, pollingInterval: 5 });
    const id = await withdraw(c, "80");
    await approve(id);
    const r = await mineUntil(c, id, -2);
    expect(r).toMatchObject({ state: "failed" });
    expect(r?.reason).toContain("reverted");
    expect(await payoutWhen(id, "reverted")).toMatchObject({ status: "reverted", reason: "reverted" });
    expect(await spot(database, c.id)).toMatchObject({ available: "1000", held: "0" });
    expect(await tokenBalance(c.destination)).toBe(0n);
  });
});

describe("a chain withdrawal in flight", () => {
  it("failed by an operator after it was signed: it stays failing (money frozen) and the chain decides — paid", async () => {
    const c = await chainCustomer();
    const id = await withdraw(c, "30");
    await approve(id);
    const failed = await post("/api/operator/wallet/withdrawal/fail", operator.token, {
      id,
      reason: "changed my mind",
    });
    expect(failed.status).toBe(200);
    expect(await recordOf(c, id)).toMatchObject({ status: 1, state: "failing" });
    expect(await spot(database, c.id)).toMatchObject({ held: "30" });
    const paid = await mineUntil(c, id, 2);
    expect(paid).toMatchObject({ state: "paid" });
    expect(await tokenBalance(c.destination)).toBe(29_000_000n);
    expect(await spot(database, c.id)).toMatchObject({ available: "970", held: "0" });
  });

  it("in the native coin: the customer's address receives `receive` in wei", async () => {
    setPrices(app, { ETHUSDT: "2500" });
    const c = await chainCustomer("2", "ETH");
    const id = await withdraw(c, "0.5", "ETH");
    await approve(id);
    const paid = await mineUntil(c, id, 2);
    expect(paid).toMatchObject({ state: "paid", currency: "ETH" });
    expect(await chain.client.getBalance({ address: c.destination })).toBe(498_000_000_000_000_000n); // 0.5 − 0.002 fee
    expect(await spot(database, c.id, "ETH")).toMatchObject({ available: "1.5", held: "0" });
  });
});

/** Mines until the customer's sweep of `token` (contract, or "native") is done. */
async function sweptOf(userId: number, token: string) {
  return (
    await waitFor(
      async () => {
        const rows = await database.db.select().from(evmSweeps).where(eq(evmSweeps.userId, userId));
        const s = rows.find((r) => r.token === token);
        if (s?.status === "done") return s;
        if (s?.status === "failed") throw new Error(`sweep failed: ${s.reason}`);
        await chain.mine(1);
        return null;
      },
      20_000,
      20,
    )
  ).value;
}

describe("sweeps", () => {
  it("move a deposit above the threshold to the hot wallet after a gas top-up; recorded with hashes; no balance moves", async () => {
    const c = await registerCustomer(app);
    const addr = await get("/api/finance/rechargeAddr/getAddr?currency=USDT", c.token);
    const address = getAddress(addr.result.address as string);
    const hotBefore = await tokenBalance(HOT_WALLET);
    await chain.sendToken(usdt, address, "80", 6);
    const sweep = (
      await waitFor(
        async () => {
          const [s] = await database.db.select().from(evmSweeps).where(eq(evmSweeps.userId, c.id));
          if (s?.status === "done") return s;
          await chain.mine(1);
          return null;
        },
        20_000,
        20,
      )
    ).value;
    expect(sweep).toMatchObject({ address: address.toLowerCase(), token: usdt.toLowerCase(), amountUnits: "80000000" });
    expect(sweep.gasTxHash).toMatch(/^0x[0-9a-f]{64}$/);
    expect(sweep.txHash).toMatch(/^0x[0-9a-f]{64}$/);
    expect(await tokenBalance(address)).toBe(0n);
    expect((await tokenBalance(HOT_WALLET)) - hotBefore).toBe(80_000_000n);
    const gasTx = await chain.client.getTransaction({ hash: sweep.gasTxHash as `0x${string}` });
    expect(gasTx.from.toLowerCase()).toBe(HOT_WALLET.toLowerCase());
    const sweepTx = await chain.client.getTransaction({ hash: sweep.txHash as `0x${string}` });
    expect(sweepTx.from.toLowerCase()).toBe(address.toLowerCase());
    // The customer was credited once for the deposit; the sweep and the gas top-up change nothing.
    await waitFor(async () => (await spot(database, c.id)).available === "80");
    expect((await spot(database, c.id, "ETH")).available).toBe("0");
    const deposits = await get("/api/finance/appRecharge/listMy?pageNo=1&pageSize=50", c.token);
    expect(deposits.result.records).toHaveLength(1);
  });

  it("of the native coin: balance − gas at the current fee goes to the hot wallet, recorded with its hash; the customer's balance does not move", async () => {
    const c = await registerCustomer(app);
    const addr = await get("/api/finance/rechargeAddr/getAddr?currency=ETH", c.token);
    const address = getAddress(addr.result.address as string);
    await chain.sendEth(address, "2");
    const sweep = await sweptOf(c.id, "native");
    expect(sweep).toMatchObject({ address: address.toLowerCase(), gasTxHash: null });
    expect(sweep.txHash).toMatch(/^0x[0-9a-f]{64}$/);
    const tx = await chain.client.getTransaction({ hash: sweep.txHash as `0x${string}` });
    expect(tx.from.toLowerCase()).toBe(address.toLowerCase());
    expect(tx.to?.toLowerCase()).toBe(HOT_WALLET.toLowerCase());
    expect(tx.value.toString()).toBe(sweep.amountUnits);
    expect(tx.value + tx.gas * (tx.maxFeePerGas ?? 0n)).toBe(2n * 10n ** 18n); // all of it but the gas
    const left = await chain.client.getBalance({ address });
    expect(left).toBeLessThan(tx.gas * (tx.maxFeePerGas ?? 0n)); // what the gas did not cost, below any threshold
    await waitFor(async () => (await spot(database, c.id, "ETH")).available === "2");
    const deposits = await get("/api/finance/appRecharge/listMy?pageNo=1&pageSize=50", c.token);
    expect(deposits.result.records).toHaveLength(1);
  });

  it("of an address holding a token and the native coin: the token first, then the rest of the coin (the token is never stranded)", async () => {
    const c = await registerCustomer(app);
    const addr = await get("/api/finance/rechargeAddr/getAddr?currency=USDT", c.token);
    const address = getAddress(addr.result.address as string);
    const hotBefore = await tokenBalance(HOT_WALLET);
    // The token first (it gets its gas top-up, or uses the coin if both are seen in one block),
    // then the coin: the coin waits while the token's sweep is in flight.
    await chain.sendToken(usdt, address, "60", 6);
    await chain.sendEth(address, "1");
    const native = await sweptOf(c.id, "native");
    const token = await sweptOf(c.id, usdt.toLowerCase());
    const tokenTx = await chain.client.getTransaction({ hash: token.txHash as `0x${string}` });
    const nativeTx = await chain.client.getTransaction({ hash: native.txHash as `0x${string}` });
    expect(tokenTx.nonce).toBe(0);
    expect(nativeTx.nonce).toBe(1);
    expect(nativeTx.blockNumber ?? 0n).toBeGreaterThan(tokenTx.blockNumber ?? 0n);
    expect(await tokenBalance(address)).toBe(0n);
    expect((await tokenBalance(HOT_WALLET)) - hotBefore).toBe(60_000_000n);
    const left = await chain.client.getBalance({ address });
    expect(left).toBeLessThan(10n ** 16n);
    await waitFor(async () => (await spot(database, c.id, "ETH")).available === "1");
    expect((await spot(database, c.id)).available).toBe("60");
    // Finance sees both, newest first, in the currency's own units.
    const listed = await get("/api/operator/wallet/chain/sweeps", operator.token);
    expect(listed.status).toBe(200);
    const mine = (listed.result as Array<Record<string, unknown>>).filter((s) => s.userId === c.id);
    expect(mine.map((s) => [s.currency, s.status])).toEqual([
      ["ETH", "done"],
      ["USDT", "done"],
    ]);
    expect(mine[1]).toMatchObject({ amount: "60", txHash: token.txHash });
    expect(mine[0]?.amount).toBe(fromTokenUnits(native.amountUnits, 18));
  });

  it("a sweep transfer whose broadcast was lost is sent again as the same signed transaction (same hash, same nonce), never re-signed", async () => {
    const c = await registerCustomer(app);
    const addr = await get("/api/finance/rechargeAddr/getAddr?currency=USDT", c.token);
    const address = getAddress(addr.result.address as string);
    await chain.sendEth(address, "0.01"); // gas of its own: no top-up, the transfer is signed at once
    proxy.state.drop = true; // the transfer's broadcast is lost on its way
    try {
      await chain.sendToken(usdt, address, "75", 6);
      const lost = (
        await waitFor(async () => {
          const [s] = await database.db.select().from(evmSweeps).where(eq(evmSweeps.userId, c.id));
          return s?.txHash && proxy.state.dropped.includes(s.txHash as `0x${string}`) ? s : null;
        }, 20_000)
      ).value;
      await chain.mine(3);
      expect(await tokenBalance(address)).toBe(75_000_000n);
      proxy.state.drop = false;
      const done = await sweptOf(c.id, usdt.toLowerCase());
      expect(done.id).toBe(lost.id);
      expect(done.txHash).toBe(lost.txHash);
      const tx = await chain.client.getTransaction({ hash: done.txHash as `0x${string}` });
      expect(tx.nonce).toBe(0);
      expect(await tokenBalance(address)).toBe(0n);
    } finally {
      proxy.state.drop = false;
    }
  });

  it("a gas top-up whose broadcast was lost is sent again as the same signed transaction, then the sweep completes", async () => {
    const c = await registerCustomer(app);
    const addr = await get("/api/finance/rechargeAddr/getAddr?currency=USDT", c.token);
    const address = getAddress(addr.result.address as string);
    proxy.state.drop = true; // the top-up's broadcast is lost
    try {
      await chain.sendToken(usdt, address, "65", 6);
      const lost = (
        await waitFor(async () => {
          const [s] = await database.db.select().from(evmSweeps).where(eq(evmSweeps.userId, c.id));
          return s?.gasTxHash && proxy.state.dropped.includes(s.gasTxHash as `0x${string}`) ? s : null;
        }, 20_000)
      ).value;
      expect(lost.status).toBe("gas_sent");
      await chain.mine(3);
      expect(await chain.client.getBalance({ address })).toBe(0n);
      proxy.state.drop = false;
      const done = await sweptOf(c.id, usdt.toLowerCase());
      expect(done.gasTxHash).toBe(lost.gasTxHash);
      const gasTx = await chain.client.getTransaction({ hash: done.gasTxHash as `0x${string}` });
      expect(gasTx.nonce).toBe(lost.gasNonce);
      expect(await tokenBalance(address)).toBe(0n);
    } finally {
      proxy.state.drop = false;
    }
  });

  it("a gas top-up over the signer's daily cap: recorded once as a failed sweep with the signer's reason, shown to finance, nothing sent", async () => {
    const c = await registerCustomer(app);
    const addr = await get("/api/finance/rechargeAddr/getAddr?currency=USDT", c.token);
    const address = getAddress(addr.result.address as string);
    const cap = signer.options.maxTopUpPerDayWei;
    signer.options.maxTopUpPerDayWei = 1n; // today's top-ups are already over it
    try {
      await chain.sendToken(usdt, address, "70", 6);
      const refused = (
        await waitFor(
          async () => {
            const rows = await database.db.select().from(evmSweeps).where(eq(evmSweeps.userId, c.id));
            if (rows.length > 0) return rows;
            await chain.mine(1);
            return null;
          },
          20_000,
          20,
        )
      ).value;
      // More blocks (each a sweep round) record the same refusal no second time.
      await chain.mine(5);
      await waitFor(async () => (await spot(database, c.id)).available === "70");
      const rows = await database.db.select().from(evmSweeps).where(eq(evmSweeps.userId, c.id));
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ id: refused[0]?.id, status: "failed", gasTxHash: null, txHash: null });
      expect(rows[0]?.reason).toMatch(/daily cap/);
      expect(await chain.client.getBalance({ address })).toBe(0n); // no gas was sent
      expect(await tokenBalance(address)).toBe(70_000_000n); // the token stays until the cap allows
      const listed = await get("/api/operator/wallet/chain/sweeps", operator.token);
      const mine = (listed.result as Array<Record<string, unknown>>).filter((s) => s.userId === c.id);
      expect(mine).toEqual([expect.objectContaining({ currency: "USDT", amount: "70", status: "failed" })]);
      expect(String(mine[0]?.reason)).toMatch(/daily cap/);
    } finally {
      signer.options.maxTopUpPerDayWei = cap;
    }
  });
});
