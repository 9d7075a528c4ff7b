// Payout accounts ("settlement info"): bind a blockchain wallet (currency + network +
// address with a format check) or a bank account; edit, list, delete; only the owner's.
import { describe, expect, it } from "vitest";
import { registerCustomer } from "../factory";
import { setupApp } from "../helper";
import { ADDRESSES, api } from "./factory";

const { app } = await setupApp();
const { get, post } = api(app);

const add = (token: string, payload: Record<string, unknown>) =>
  post("/api/user/appUserWithdrawalInfoSet/addAccount", token, payload);

describe("binding a wallet: format checks per network", () => {
  const cases = [
    { currency: "USDT", network: "TRC20", address: ADDRESSES.TRC20, status: 200 },
    { currency: "USDT", network: "ERC20", address: ADDRESSES.ERC20, status: 200 },
    { currency: "USDT", network: "BEP20", address: ADDRESSES.ERC20, status: 200 },
    { currency: "BTC", network: "BTC", address: ADDRESSES.BTC, status: 200 },
    { currency: "BTC", network: "BTC", address: "1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2", status: 200 },
    { currency: "SOL", network: "SOL", address: "7EcDhSYGxXyscszYEp35KHN8vvw3svAuLKTzXwCFLtV", status: 200 },
    { currency: "XRP", network: "XRP", address: "rEb8TK3gBgk5auZkwc6sHnwrGVJH8DuaLh", status: 200 },
    {
      currency: "USDT",
      network: "TRC20",
      address: ADDRESSES.ERC20,
      status: 400,
      message: "This is not a valid TRC20 address",
    },
    {
      currency: "USDT",
      network: "ERC20",
      address: "0x1234",
      status: 400,
      message: "address is too short or too small",
    },
    {
      currency: "USDT",
      network: "ERC20",
      address: `${ADDRESSES.ERC20.slice(0, -1)}Z`,
      status: 400,
      message: "This is not a valid ERC20 address",
    },
    {
      currency: "BTC",
      network: "BTC",
      address: "bc1qINVALIDUPPERCASEADDRESS0000000000",
      status: 400,
      message: "This is not a valid BTC address",
    },
    {
      currency: "BTC",
      network: "ERC20",
      address: ADDRESSES.ERC20,
      status: 400,
      message: "The ERC20 network is not available for BTC",
    },
    { currency: "NOPE", network: "ERC20", address: ADDRESSES.ERC20, status: 400, message: "Unknown currency NOPE" },
  ];
  it.each(cases)("$currency $network $address → $status", async ({ status, message, ...body }) => {
    const c = await registerCustomer(app);
    const res = await add(c.token, { type: "wallet", ...body });
    expect(res.status, JSON.stringify(res.body)).toBe(status);
    if (message) expect(res.body.message).toBe(message);
    else expect(res.result).toEqual({ id: expect.any(Number), usableAt: expect.any(String) });
  });
});

describe("managing accounts", () => {
  it("add, list, edit and delete; the same destination twice is a 409", async () => {
    const c = await registerCustomer(app);
    const wallet = await add(c.token, { type: "wallet", currency: "usdt", network: "trc20", address: ADDRESSES.TRC20 });
    const bank = await add(c.token, {
      type: "bank",
      bankName: "Barclays",
      realName: "Ada Lovelace",
      account: "GB29 NWBK 6016 1331 9268 19",
    });
    expect(bank.status).toBe(200);
    const dup = await add(c.token, { type: "wallet", currency: "USDT", network: "TRC20", address: ADDRESSES.TRC20 });
    expect(dup.status).toBe(409);
    expect(dup.body.message).toBe("This payout account is already bound");
    const dupBank = await add(c.token, {
      type: "bank",
      bankName: "Barclays",
      realName: "A. Lovelace",
      account: "GB29NWBK60161331926819",
    });
    expect(dupBank.status).toBe(409);

    const list = await get("/api/user/appUserWithdrawalInfoSet/list", c.token);
    expect(list.result).toMatchObject([
      {
        id: wallet.result.id,
        type: "wallet",
        currency: "USDT",
        network: "TRC20",
        address: ADDRESSES.TRC20,
        bankName: null,
      },
      {
        id: bank.result.id,
        type: "bank",
        bankName: "Barclays",
        realName: "Ada Lovelace",
        account: "GB29NWBK60161331926819",
      },
    ]);
    expect((await get("/api/user/appUserWithdrawalInfoSet/list?type=bank", c.token)).result).toHaveLength(1);

    const edited = await post("/api/user/appUserWithdrawalInfoSet/updateAccount", c.token, {
      id: wallet.result.id,
      type: "wallet",
      currency: "USDT",
      network: "ERC20",
      address: ADDRESSES.ERC20,
    });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    expect(edited.result).toMatchObject({ network: "ERC20", address: ADDRESSES.ERC20 });
    const badEdit = await post("/api/user/appUserWithdrawalInfoSet/updateAccount", c.token, {
      id: wallet.result.id,
      type: "wallet",
      currency: "USDT",
      network: "TRC20",
      address: "not-an-address-at-all",
    });
    expect(badEdit.status).toBe(400);

    const removed = await post(`/api/user/appUserWithdrawalInfoSet/deleteAccount/${bank.result.id}`, c.token);
    expect(removed.result).toEqual({ id: bank.result.id });
    expect((await get("/api/user/appUserWithdrawalInfoSet/list", c.token)).result).toHaveLength(1);
    expect((await post(`/api/user/appUserWithdrawalInfoSet/deleteAccount/${bank.result.id}`, c.token)).status).toBe(
      404,
    );
    // A deleted destination may be bound again.
    const again = await add(c.token, {
      type: "bank",
      bankName: "Barclays",
      realName: "Ada Lovelace",
      account: "GB29NWBK60161331926819",
    });
    expect(again.status).toBe(200);
  });

  it("another customer's account cannot be seen, edited, deleted or used (404)", async () => {
    const alice = await registerCustomer(app);
    const bob = await registerCustomer(app);
    const bobs = await add(bob.token, { type: "wallet", currency: "BTC", network: "BTC", address: ADDRESSES.BTC });
    expect((await get("/api/user/appUserWithdrawalInfoSet/list", alice.token)).result).toEqual([]);
    const edit = await post("/api/user/appUserWithdrawalInfoSet/updateAccount", alice.token, {
      id: bobs.result.id,
      type: "wallet",
      currency: "BTC",
      network: "BTC",
      address: ADDRESSES.BTC,
    });
    expect(edit.status).toBe(404);
    expect((await post(`/api/user/appUserWithdrawalInfoSet/deleteAccount/${bobs.result.id}`, alice.token)).status).toBe(
      404,
    );
    expect((await get("/api/user/appUserWithdrawalInfoSet/list", bob.token)).result).toHaveLength(1);
  });

  it("the kind of account decides the fields: a bank account needs bank name, real name and account", async () => {
    const c = await registerCustomer(app);
    const res = await add(c.token, { type: "bank", bankName: "X Bank", account: "12345678" });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe("realName is required");
    expect((await add(c.token, { type: "paypal", email: "a@b.c" })).status).toBe(400);
  });

  it("at most 20 accounts per customer", async () => {
    const c = await registerCustomer(app);
    for (let i = 0; i < 20; i++) {
      const res = await add(c.token, {
        type: "bank",
        bankName: "Bank",
        realName: "Max Muster",
        account: `ACC${1000 + i}`,
      });
      expect(res.status).toBe(200);
    }
    const over = await add(c.token, { type: "bank", bankName: "Bank", realName: "Max Muster", account: "ACC9999" });
    expect(over.status).toBe(409);
    expect(over.body.message).toBe("You can bind up to 20 payout accounts");
  });
});
