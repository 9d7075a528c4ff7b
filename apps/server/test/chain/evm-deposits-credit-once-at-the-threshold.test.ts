// On-chain deposits on a real local chain (ganache in process): the customer's derived
// address, a transfer seen with its confirmations, credited once at the threshold with what
// the chain shows; a reorganisation before that voids it; dust is recorded, not credited;
// tokens nobody configured are ignored; two watchers on one database credit once; a new
// watcher resumes from the stored block. No sleeping: blocks are mined and the test waits
// for the watcher's processed height.
import { afterAll, describe, expect, it } from "vitest";
import { getTransfersByReference } from "../../src/modules/ledger/service";
import { AddressDeriver } from "../../src/modules/wallet/chain/addresses";
import type { ChainDeposits } from "../../src/modules/wallet/chain/deposits";
import { EvmWatcher } from "../../src/modules/wallet/chain/watcher";
import { createOperator, createStaffMember, registerCustomer } from "../factory";
import { setupApp } from "../helper";
import { api, spot } from "../wallet/factory";
import { chainConfig, startChain } from "./chain";
import { independentAddress, XPRV, XPUB } from "./keys";

const chain = await startChain();
const usdt = await chain.deployToken(6);
const stranger = await chain.deployToken(6); // a token nobody configured
const config = chainConfig(chain, [
  { symbol: "USDT", contract: usdt, decimals: 6 },
  { symbol: "ETH", contract: null, decimals: 18 },
]);
const { app, database } = await setupApp({ chainEvm: config });
afterAll(() => chain.close());
const { get, post } = api(app);

function chainOf(): ChainDeposits {
  const c = app.wallet.chain;
  if (!c) throw new Error("no chain configured");
  return c;
}
/** Waits until the app's watcher has processed the chain's head. */
async function caughtUp(): Promise<number> {
  const head = await chain.head();
  await chainOf().leader.waitForBlock(head);
  return head;
}
async function depositsOf(token: string) {
  const res = await get("/api/finance/appRecharge/listMy?pageNo=1&pageSize=50", token);
  expect(res.status).toBe(200);
  return res.result.records as Array<Record<string, unknown>>;
}
async function customerWithAddress(currency = "USDT") {
  const c = await registerCustomer(app);
  const res = await get(`/api/finance/rechargeAddr/getAddr?currency=${currency}`, c.token);
  expect(res.status).toBe(200);
  return { ...c, address: res.result.address as `0x${string}` };
}

await caughtUp();

describe("deposit addresses on the chain", () => {
  it("are the xpub's child n for customer n: checksummed, stable, the same as an independent derivation", async () => {
    const customers = await Promise.all(Array.from({ length: 4 }, () => registerCustomer(app)));
    const fresh = new AddressDeriver(XPUB);
    for (const c of customers) {
      const first = await get("/api/finance/rechargeAddr/getAddr?currency=USDT", c.token);
      expect(first.result).toMatchObject({ currency: "USDT", network: "ERC20", sandbox: false });
      const address = first.result.address as string;
      expect(address).toMatch(/^0x[0-9a-fA-F]{40}$/);
      expect(address).not.toBe(address.toLowerCase()); // EIP-55 mixed case
      expect(address).toBe(independentAddress(c.id));
      expect(address).toBe(fresh.addressOf(c.id));
      const again = await get("/api/finance/rechargeAddr/getAddr?currency=USDT&network=ERC20", c.token);
      expect(again.result.address).toBe(address);
      // One address per customer on the chain, whatever the token.
      const eth = await get("/api/finance/rechargeAddr/getAddr?currency=ETH", c.token);
      expect(eth.result.address).toBe(address);
      const info = await get("/api/finance/appRecharge/info?currency=USDT", c.token);
      expect(info.result.addresses[0]).toMatchObject({ network: "ERC20", address, requiredConfirmations: 3 });
    }
    expect(
      JSON.stringify(await get("/api/finance/rechargeAddr/getAddr?currency=USDT", customers[0]?.token)),
    ).not.toContain(XPRV.slice(4, 20));
  });

  it("a deposit application on the chain's network is refused: the transfer itself is the deposit", async () => {
    const c = await registerCustomer(app);
    const res = await post("/api/finance/appRecharge/apply", c.token, {
      currency: "USDT",
      network: "ERC20",
      amount: "50",
    });
    expect(res.status).toBe(409);
    expect(res.body.message).toContain("send them to your deposit address");
  });
});

describe("a transfer to the address", () => {
  it("shows its confirmations, then is credited exactly once with what the chain shows at the threshold", async () => {
    const c = await customerWithAddress();
    const hash = await chain.sendToken(usdt, c.address, "25.123456", 6);
    await caughtUp();
    const [pending] = await depositsOf(c.token);
    expect(pending).toMatchObject({
      status: 0,
      currency: "USDT",
      network: "ERC20",
      txHash: hash,
      confirmations: 1,
      requiredConfirmations: 3,
      chainState: "pending",
      notice: "1/3 confirmations",
      explorerUrl: `https://explorer.test/tx/${hash}`,
    });
    const ko = await get("/api/finance/appRecharge/listMy?pageNo=1&pageSize=5", c.token, { "x-lang": "ko" });
    expect(ko.result.records[0].notice).toBe("1/3 컨펌");

    await chain.mine(1);
    await caughtUp();
    expect((await depositsOf(c.token))[0]).toMatchObject({ status: 0, confirmations: 2 });
    expect((await spot(database, c.id)).available).toBe("0");

    await chain.mine(1);
    await caughtUp();
    const [credited] = await depositsOf(c.token);
    expect(credited).toMatchObject({ status: 1, amount: "25.123456", receivedAmount: "25.123456", confirmations: 3 });
    expect((await spot(database, c.id)).available).toBe("25.123456");

    // More blocks and more rounds never credit it again.
    await chain.mine(5);
    await caughtUp();
    expect((await spot(database, c.id)).available).toBe("25.123456");
    const transfers = await getTransfersByReference(database.db, "deposit", Number(credited?.id));
    expect(transfers).toHaveLength(1);
    expect(transfers[0]).toMatchObject({ amount: "25.123456", key: `deposit:evm:1337:${hash}:0` });
  });

  it("in the native coin is credited the same way; a token nobody configured is ignored", async () => {
    const c = await customerWithAddress("ETH");
    await chain.sendToken(stranger, c.address, "500", 6);
    const hash = await chain.sendEth(c.address, "0.25");
    await chain.mine(3);
    await caughtUp();
    const records = await depositsOf(c.token);
    expect(records).toHaveLength(1);
    expect(records[0]).toMatchObject({ status: 1, currency: "ETH", amount: "0.25", txHash: hash });
    expect((await spot(database, c.id, "ETH")).available).toBe("0.25");
  });

  it("below the minimum deposit is recorded and shown, never credited", async () => {
    const c = await customerWithAddress();
    await chain.sendToken(usdt, c.address, "3", 6); // minimum 10 USDT
    await chain.mine(4);
    await caughtUp();
    const [dust] = await depositsOf(c.token);
    expect(dust).toMatchObject({ status: -1, chainState: "dust", amount: "3", receivedAmount: "3" });
    expect(dust?.notice).toContain("Below the minimum deposit");
    expect((await spot(database, c.id)).available).toBe("0");
  });
});

describe("a closed account", () => {
  const close = (c: { token: string; password: string }) => post("/api/user/close", c.token, { password: c.password });

  it("cannot close while a transfer to its address is confirming (409 lists it)", async () => {
    const c = await customerWithAddress();
    await chain.sendToken(usdt, c.address, "30", 6);
    await caughtUp();
    const res = await close(c);
    expect(res.status).toBe(409);
    expect(res.result.open).toContainEqual({ kind: "deposits", count: 1 });
  });

  it("a transfer to a closed account's old address is not credited and does not stall other customers' deposits", async () => {
    const closed = await customerWithAddress();
    const other = await customerWithAddress();
    expect((await close(closed)).status).toBe(200);
    await chain.sendToken(usdt, closed.address, "70", 6);
    await chain.sendToken(usdt, other.address, "80", 6);
    await chain.mine(3);
    await caughtUp();
    expect((await spot(database, other.id)).available).toBe("80");
    expect((await spot(database, closed.id)).available).toBe("0");
    const [row] = await database.query<{ status: number; chain_state: string }>(
      "SELECT status, chain_state FROM deposits WHERE user_id = $1",
      [closed.id],
    );
    expect(row).toEqual({ status: 0, chain_state: "pending" });
    // Finance sees it held (and only it: the other customer's was credited).
    const finance = await createStaffMember(app, database, "finance");
    const held = await get("/api/operator/wallet/chain/held", finance.token);
    expect(held.status).toBe(200);
    const mine = (held.result as Array<Record<string, unknown>>).filter((d) => d.userId === closed.id);
    expect(mine).toEqual([
      expect.objectContaining({ currency: "USDT", amount: "70", requiredConfirmations: 3, txHash: expect.any(String) }),
    ]);
    expect((held.result as Array<Record<string, unknown>>).some((d) => d.userId === other.id)).toBe(false);
  });
});

describe("operators", () => {
  it("cannot confirm or reject a deposit from the chain by hand: its confirmations decide", async () => {
    const operator = await createOperator(app, database);
    const c = await customerWithAddress();
    await chain.sendToken(usdt, c.address, "60", 6);
    await caughtUp();
    const [pending] = await depositsOf(c.token);
    const confirm = await post("/api/operator/wallet/deposit/confirm", operator.token, {
      id: pending?.id,
      receivedAmount: "60",
      reference: "by-hand",
    });
    expect(confirm.status).toBe(409);
    const reject = await post("/api/operator/wallet/deposit/reject", operator.token, { id: pending?.id, reason: "no" });
    expect(reject.status).toBe(409);
    await chain.mine(2);
    await caughtUp();
    expect((await depositsOf(c.token))[0]).toMatchObject({ status: 1, amount: "60" });
    expect((await spot(database, c.id)).available).toBe("60");
  });
});

describe("a reorganisation", () => {
  it("before the threshold voids the waiting deposit; it is never credited", async () => {
    const c = await customerWithAddress();
    const before = await chain.snapshot();
    await chain.sendToken(usdt, c.address, "40", 6);
    await caughtUp();
    expect((await depositsOf(c.token))[0]).toMatchObject({ status: 0, confirmations: 1 });

    // The transfer's block is replaced by a longer chain without it.
    await chain.revert(before);
    await chain.mine(4);
    await caughtUp();
    const [dropped] = await depositsOf(c.token);
    expect(dropped).toMatchObject({ status: -2, chainState: "dropped" });
    expect(dropped?.notice).toContain("reorganisation");
    await chain.mine(3);
    await caughtUp();
    expect((await depositsOf(c.token))[0]).toMatchObject({ status: -2 });
    expect((await spot(database, c.id)).available).toBe("0");
  });
});

describe("watchers", () => {
  it("two watchers on one database record and credit a transfer once", async () => {
    const c = await customerWithAddress();
    await chainOf().leader.stop();
    const log = { info() {}, warn() {}, error() {} };
    const a = new EvmWatcher({ db: database.db, chain: config, log });
    const b = new EvmWatcher({ db: database.db, chain: config, log });
    await chain.sendToken(usdt, c.address, "70", 6);
    await chain.mine(3);
    const rounds = await Promise.all([a.round(), b.round(), a.round(), b.round()]);
    await Promise.all([a.round(), b.round()]);
    expect(rounds.reduce((n, r) => n + r.recorded, 0)).toBe(1);
    const records = await depositsOf(c.token);
    expect(records).toHaveLength(1);
    expect(records[0]).toMatchObject({ status: 1, amount: "70" });
    expect((await spot(database, c.id)).available).toBe("70");
    chainOf().leader.start();
  });

  it("a new watcher resumes from the stored block: what was recorded is not recorded again", async () => {
    const c = await customerWithAddress();
    await chain.sendToken(usdt, c.address, "15", 6);
    const seenAt = await caughtUp();
    await chainOf().leader.stop();
    await chain.mine(3);
    const log = { info() {}, warn() {}, error() {} };
    const restarted = new EvmWatcher({ db: database.db, chain: config, log });
    const round = await restarted.round();
    expect(round).toMatchObject({ recorded: 0, credited: 1 });
    expect(restarted.processedBlock).toBe(seenAt + 3);
    expect((await depositsOf(c.token))[0]).toMatchObject({ status: 1, amount: "15" });
    chainOf().leader.start();
  });
});
