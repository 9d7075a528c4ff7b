// The signer on its own (no chain needed): it signs an approved withdrawal's facts within its
// limits, and refuses — with a 4xx and a reason — a request with a wrong secret, a stale or
// replayed one, one over its per-transaction or daily limit (its own count, kept across a
// restart), the same withdrawal id again for another destination or amount, a "replacement"
// that does not raise the fee, and a gas top-up to an address that is not a deposit address.

import { getAddress, parseTransaction, recoverTransactionAddress, type TransactionSerializedEIP1559 } from "viem";
import { afterAll, describe, expect, it } from "vitest";
import { AddressDeriver } from "../../src/modules/wallet/chain/addresses";
import { signerOptionsFromEnv } from "../../src/signer/config";
import { CHAIN_ID } from "./chain";
import { XPUB } from "./keys";
import { HOT_KEY, HOT_WALLET, SIGNER_SECRET, startSigner } from "./signer";

const USDT = { symbol: "USDT", contract: getAddress("0x5FbDB2315678afecb367f032d93F642f64180aa3"), decimals: 6 };
const ETH = { symbol: "ETH", contract: null, decimals: 18 };
const s = await startSigner([USDT, ETH]);
afterAll(() => s.close());

const GWEI = 10n ** 9n;
let nextId = 1;
const withdrawal = (over: Record<string, unknown> = {}) => ({
  withdrawalId: nextId++,
  chainId: CHAIN_ID,
  currency: "USDT",
  token: USDT.contract.toLowerCase(),
  to: "0x52908400098527886E0F7030069857D2E4169EE7",
  amountUnits: "100000000", // 100 USDT
  nonce: 0,
  gasLimit: 100000,
  maxFeePerGas: (20n * GWEI).toString(),
  maxPriorityFeePerGas: (2n * GWEI).toString(),
  ...over,
});

describe("the signer signs", () => {
  it("an approved withdrawal within its limits: the transaction it returns is what it was told, from the hot wallet", async () => {
    const res = await s.send("/v1/withdrawal", withdrawal({ nonce: 7 }));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const raw = res.body.rawTx as TransactionSerializedEIP1559;
    const tx = parseTransaction(raw);
    expect(tx).toMatchObject({ chainId: CHAIN_ID, nonce: 7 });
    expect(tx.to?.toLowerCase()).toBe(USDT.contract.toLowerCase());
    expect(tx.value ?? 0n).toBe(0n);
    expect(tx.data).toContain("52908400098527886e0f7030069857d2e4169ee7");
    expect(tx.data?.endsWith((100_000_000).toString(16).padStart(64, "0"))).toBe(true);
    expect(await recoverTransactionAddress({ serializedTransaction: raw })).toBe(HOT_WALLET);
    expect(res.body.from).toBe(HOT_WALLET);
  });
});

describe("the signer refuses", () => {
  it("a request signed with the wrong secret", async () => {
    const res = await s.send("/v1/withdrawal", withdrawal(), { secret: "not-the-secret-0123456789abcdef012345" });
    expect(res).toMatchObject({ status: 401, body: { error: "bad signature" } });
  });

  it("a replayed request, even a valid one", async () => {
    const body = withdrawal();
    const first = await s.send("/v1/withdrawal", body);
    expect(first.status).toBe(200);
    const again = await s.send("/v1/withdrawal", body, { headers: first.headers });
    expect(again).toMatchObject({ status: 401, body: { error: "replayed request" } });
  });

  it("a request from outside the time window (its own clock)", async () => {
    const res = await s.send("/v1/withdrawal", withdrawal(), { now: Date.now() - 5 * 60_000 });
    expect(res).toMatchObject({ status: 401, body: { error: "timestamp outside the window" } });
  });

  it("a withdrawal over its per-transaction limit", async () => {
    const res = await s.send("/v1/withdrawal", withdrawal({ amountUnits: "500000001" }));
    expect(res).toMatchObject({ status: 403, body: { code: "over_tx_limit" } });
  });

  it("a withdrawal over its daily limit by its own count, also after a restart", async () => {
    const own = await startSigner([USDT, ETH]); // 2000 USDT a day
    for (let i = 0; i < 4; i++)
      expect((await own.send("/v1/withdrawal", withdrawal({ amountUnits: "450000000" }))).status).toBe(200);
    const over = await own.send("/v1/withdrawal", withdrawal({ amountUnits: "200000001" }));
    expect(over).toMatchObject({ status: 403, body: { code: "over_day_limit" } });
    await own.close();
    // A restarted signer reads its total from its own file: nothing the API says resets it.
    const restarted = await startSigner([USDT, ETH], { stateFile: own.options.stateFile });
    const still = await restarted.send("/v1/withdrawal", withdrawal({ amountUnits: "200000001" }));
    expect(still).toMatchObject({ status: 403, body: { code: "over_day_limit" } });
    expect((await restarted.send("/v1/withdrawal", withdrawal({ amountUnits: "200000000" }))).status).toBe(200);
    await restarted.close();
    // The next day (the signer's own clock) starts from nothing.
    const later = Date.now() + 24 * 3600 * 1000;
    const tomorrow = await startSigner([USDT, ETH], { stateFile: own.options.stateFile, now: () => later });
    const next = await tomorrow.send("/v1/withdrawal", withdrawal({ amountUnits: "450000000" }), { now: later });
    expect(next.status).toBe(200);
    await tomorrow.close();
  });

  it("the same withdrawal id for another destination or amount", async () => {
    const first = withdrawal({ nonce: 3 });
    expect((await s.send("/v1/withdrawal", first)).status).toBe(200);
    const elsewhere = await s.send("/v1/withdrawal", { ...first, to: "0x000000000000000000000000000000000000dEaD" });
    expect(elsewhere).toMatchObject({ status: 409, body: { code: "different_content" } });
    const more = await s.send("/v1/withdrawal", { ...first, amountUnits: "200000000" });
    expect(more).toMatchObject({ status: 409, body: { code: "different_content" } });
    const otherNonce = await s.send("/v1/withdrawal", { ...first, nonce: 4 });
    expect(otherNonce).toMatchObject({ status: 409, body: { code: "different_content" } });
  });

  it("a replacement that does not raise both fees by 10 %; a raised one keeps nonce and content", async () => {
    const first = withdrawal({ nonce: 9 });
    const a = await s.send("/v1/withdrawal", first);
    expect(a.status).toBe(200);
    const low = await s.send("/v1/withdrawal", { ...first, maxFeePerGas: (21n * GWEI).toString() });
    expect(low).toMatchObject({ status: 409, body: { code: "fee_not_raised" } });
    const raised = await s.send("/v1/withdrawal", {
      ...first,
      maxFeePerGas: (25n * GWEI).toString(),
      maxPriorityFeePerGas: (3n * GWEI).toString(),
    });
    expect(raised.status).toBe(200);
    expect(raised.body.hash).not.toBe(a.body.hash);
    const tx = parseTransaction(raised.body.rawTx as TransactionSerializedEIP1559);
    expect(tx).toMatchObject({ nonce: 9, maxFeePerGas: 25n * GWEI });
  });

  it("a token it does not know, a wrong contract, another chain, a fee above its cap", async () => {
    expect((await s.send("/v1/withdrawal", withdrawal({ currency: "BTC" }))).body.code).toBe("unknown_currency");
    expect((await s.send("/v1/withdrawal", withdrawal({ token: null }))).body.code).toBe("wrong_token");
    expect((await s.send("/v1/withdrawal", withdrawal({ chainId: 1 }))).body.code).toBe("wrong_chain");
    const fee = await s.send("/v1/withdrawal", withdrawal({ maxFeePerGas: (2000n * GWEI).toString() }));
    expect(fee).toMatchObject({ status: 403, body: { code: "fee_too_high" } });
  });

  it("a gas top-up to anything but the customer's own deposit address, or above its cap", async () => {
    const deposit = new AddressDeriver(XPUB).addressOf(5);
    const topUp = (over: Record<string, unknown>) => ({
      chainId: CHAIN_ID,
      userId: 5,
      to: deposit,
      valueWei: (10n ** 15n).toString(),
      nonce: 0,
      maxFeePerGas: (20n * GWEI).toString(),
      maxPriorityFeePerGas: (2n * GWEI).toString(),
      ...over,
    });
    expect((await s.send("/v1/gas-topup", topUp({}))).status).toBe(200);
    const elsewhere = await s.send("/v1/gas-topup", topUp({ to: "0x52908400098527886E0F7030069857D2E4169EE7" }));
    expect(elsewhere).toMatchObject({ status: 403, body: { code: "not_a_deposit_address" } });
    const much = await s.send("/v1/gas-topup", topUp({ valueWei: (10n ** 18n).toString() }));
    expect(much).toMatchObject({ status: 403, body: { code: "over_topup_limit" } });
  });
});

describe("sweeps of the native coin", () => {
  const deposit = new AddressDeriver(XPUB).addressOf(7);
  const GAS = 21_000n;
  const native = (over: Record<string, unknown> = {}) => ({
    chainId: CHAIN_ID,
    userId: 7,
    currency: "ETH",
    amountUnits: (10n ** 18n - GAS * 20n * GWEI).toString(), // all but the gas at 20 gwei
    balanceWei: (10n ** 18n).toString(),
    nonce: 0,
    gasLimit: 21000,
    maxFeePerGas: (20n * GWEI).toString(),
    maxPriorityFeePerGas: (2n * GWEI).toString(),
    ...over,
  });

  it("are signed by the deposit address's own key, to the hot wallet, for balance − gas", async () => {
    const res = await s.send("/v1/sweep", native());
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const raw = res.body.rawTx as TransactionSerializedEIP1559;
    const tx = parseTransaction(raw);
    expect(tx).toMatchObject({ chainId: CHAIN_ID, gas: GAS, value: 10n ** 18n - GAS * 20n * GWEI });
    expect(getAddress(tx.to ?? "0x")).toBe(HOT_WALLET);
    expect(tx.data).toBeUndefined();
    expect(await recoverTransactionAddress({ serializedTransaction: raw })).toBe(deposit);
    expect(res.body.from).toBe(deposit);
  });

  it("are refused to any other destination, above what the gas leaves, or with another gas limit", async () => {
    const elsewhere = await s.send("/v1/sweep", native({ to: "0x52908400098527886E0F7030069857D2E4169EE7" }));
    expect(elsewhere).toMatchObject({ status: 403, body: { code: "not_the_hot_wallet" } });
    const hot = await s.send("/v1/sweep", native({ to: HOT_WALLET.toLowerCase() }));
    expect(hot.status).toBe(200);
    const tooMuch = await s.send("/v1/sweep", native({ amountUnits: (10n ** 18n - GAS * 20n * GWEI + 1n).toString() }));
    expect(tooMuch).toMatchObject({ status: 403, body: { code: "over_balance" } });
    const noBalance = await s.send("/v1/sweep", native({ balanceWei: undefined }));
    expect(noBalance).toMatchObject({ status: 400, body: { code: "bad_request" } });
    const nothing = await s.send("/v1/sweep", native({ amountUnits: "0" }));
    expect(nothing).toMatchObject({ status: 400, body: { code: "bad_request" } });
    const gas = await s.send("/v1/sweep", native({ gasLimit: 100000 }));
    expect(gas).toMatchObject({ status: 403, body: { code: "bad_gas" } });
  });

  it("a token sweep to another destination is refused too", async () => {
    const token = await s.send("/v1/sweep", {
      ...native(),
      currency: "USDT",
      amountUnits: "80000000",
      gasLimit: 100000,
      to: "0x52908400098527886E0F7030069857D2E4169EE7",
    });
    expect(token).toMatchObject({ status: 403, body: { code: "not_the_hot_wallet" } });
  });
});

describe("gas top-ups in a day", () => {
  it("over the signer's daily cap are refused, by its own count, also after a restart; the next day starts from nothing", async () => {
    const deposit = new AddressDeriver(XPUB).addressOf(5);
    const topUp = () => ({
      chainId: CHAIN_ID,
      userId: 5,
      to: deposit,
      valueWei: (10n ** 15n).toString(),
      nonce: 0,
      maxFeePerGas: (20n * GWEI).toString(),
      maxPriorityFeePerGas: (2n * GWEI).toString(),
    });
    const cap = { maxTopUpPerDayWei: 25n * 10n ** 14n }; // two and a half top-ups of 0.001 ETH
    const own = await startSigner([USDT, ETH], cap);
    expect((await own.send("/v1/gas-topup", topUp())).status).toBe(200);
    expect((await own.send("/v1/gas-topup", topUp())).status).toBe(200);
    const third = await own.send("/v1/gas-topup", topUp());
    expect(third).toMatchObject({ status: 403, body: { code: "over_topup_day_limit" } });
    await own.close();
    const restarted = await startSigner([USDT, ETH], { ...cap, stateFile: own.options.stateFile });
    const still = await restarted.send("/v1/gas-topup", topUp());
    expect(still).toMatchObject({ status: 403, body: { code: "over_topup_day_limit" } });
    const smaller = await restarted.send("/v1/gas-topup", { ...topUp(), valueWei: (5n * 10n ** 14n).toString() });
    expect(smaller.status).toBe(200); // exactly up to the cap
    await restarted.close();
    const later = Date.now() + 24 * 3600 * 1000;
    const tomorrow = await startSigner([USDT, ETH], { ...cap, stateFile: own.options.stateFile, now: () => later });
    expect((await tomorrow.send("/v1/gas-topup", topUp(), { now: later })).status).toBe(200);
    await tomorrow.close();
  });
});

describe("the signer's configuration", () => {
  it("names every missing value; a key file readable by others is refused", async () => {
    const { problems } = signerOptionsFromEnv({});
    expect(problems.join("\n")).toMatch(
      /SIGNER_CHAIN_ID[\s\S]*SIGNER_SECRET[\s\S]*SIGNER_KEY_FILE or SIGNER_PRIVATE_KEY/,
    );
    const fs = await import("node:fs");
    const file = `${s.options.stateFile}.key`;
    fs.writeFileSync(file, HOT_KEY, { mode: 0o644 });
    fs.chmodSync(file, 0o644);
    const env = {
      SIGNER_CHAIN_ID: "1337",
      SIGNER_SECRET,
      SIGNER_KEY_FILE: file,
      SIGNER_TOKENS: "ETH",
      SIGNER_MAX_PER_TX: "ETH:1",
      SIGNER_MAX_PER_DAY: "ETH:2",
    };
    expect(signerOptionsFromEnv({ ...env, SIGNER_MAX_TOPUPS_PER_DAY_GWEI: "lots" }).problems).toContain(
      "SIGNER_MAX_TOPUPS_PER_DAY_GWEI: a whole number of gwei",
    );
    expect(signerOptionsFromEnv(env).problems).toEqual([
      `SIGNER_KEY_FILE: ${file} must be readable by its owner only (chmod 600)`,
    ]);
    fs.chmodSync(file, 0o600);
    const ok = signerOptionsFromEnv(env);
    expect(ok.problems).toEqual([]);
    expect(ok.options?.privateKey).toBe(HOT_KEY);
    expect(ok.options?.maxTopUpPerDayWei).toBe(10n ** 17n); // 0.1 ETH of top-ups a day by default
  });
});
