// CHAIN_EVM_*: none set means no chain (everything as before); any set means the whole group
// is checked at start, and every problem is named in the ConfigError.
import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "../../src/config";
import { XPRV, XPUB } from "./keys";

const USDT = "0xdAC17F958D2ee523a2206206994597C13D831ec7";
const MINIMAL = {
  CHAIN_EVM_RPC_URL: "http://127.0.0.1:8545",
  CHAIN_EVM_CHAIN_ID: "1",
  CHAIN_EVM_TOKENS: `USDT:${USDT.toLowerCase()}:6,ETH`,
  CHAIN_EVM_XPUB: XPUB,
};

function problemsOf(env: Record<string, string>): string[] {
  try {
    loadConfig(env);
  } catch (err) {
    if (err instanceof ConfigError) return err.problems;
    throw err;
  }
  throw new Error("expected a ConfigError");
}

describe("CHAIN_EVM_* configuration", () => {
  it("unset: no chain", () => {
    expect(loadConfig({}).chainEvm).toBeUndefined();
    expect(loadConfig({ CHAIN_EVM_NETWORK: "" }).chainEvm).toBeUndefined();
  });

  it("the four required variables give a chain with the documented defaults", () => {
    expect(loadConfig(MINIMAL).chainEvm).toEqual({
      rpcUrl: "http://127.0.0.1:8545",
      chainId: 1,
      network: "ERC20",
      confirmations: 12,
      tokens: [
        { symbol: "USDT", contract: USDT, decimals: 6 },
        { symbol: "ETH", contract: null, decimals: 18 },
      ],
      xpub: XPUB,
      explorerTx: null,
      hotWallet: null,
    });
  });

  it("every variable is read", () => {
    const chain = loadConfig({
      ...MINIMAL,
      CHAIN_EVM_CHAIN_ID: "11155111",
      CHAIN_EVM_NETWORK: "SEPOLIA",
      CHAIN_EVM_CONFIRMATIONS: "3",
      CHAIN_EVM_TOKENS: ` USDC : ${USDT} : 18 `,
      CHAIN_EVM_EXPLORER_TX: "https://sepolia.etherscan.io/tx/{hash}",
      CHAIN_EVM_HOT_WALLET: USDT.toLowerCase(),
    }).chainEvm;
    expect(chain).toMatchObject({
      chainId: 11155111,
      network: "SEPOLIA",
      confirmations: 3,
      tokens: [{ symbol: "USDC", contract: USDT, decimals: 18 }],
      explorerTx: "https://sepolia.etherscan.io/tx/{hash}",
      hotWallet: USDT,
    });
  });

  it("one variable alone names the missing ones", () => {
    const problems = problemsOf({ CHAIN_EVM_CONFIRMATIONS: "6" });
    expect(problems).toEqual([
      expect.stringMatching(/^CHAIN_EVM_RPC_URL: required/),
      expect.stringMatching(/^CHAIN_EVM_CHAIN_ID: required/),
      expect.stringMatching(/^CHAIN_EVM_TOKENS: required/),
      expect.stringMatching(/^CHAIN_EVM_XPUB: required/),
    ]);
  });

  it.each([
    ["USDT:0x1234:6", /"USDT:0x1234:6" has no valid 0x contract address/],
    [`USDT:${USDT}`, /is not three fields/],
    [`USDT:${USDT}:six`, /decimals that are not a whole number from 0 to 18/],
    [`USDT:${USDT}:24`, /decimals that are not a whole number from 0 to 18/],
    [`usdt:${USDT}:6`, /no upper-case currency code/],
    [`USDT:${USDT}:6,USDT:${USDT.toLowerCase()}:6`, /USDT is listed twice/],
    ["ETH,WETH", /the native coin is listed twice/],
    [",", /no token listed/],
  ])("a bad token list %s is a clear ConfigError", (tokens, message) => {
    const problems = problemsOf({ ...MINIMAL, CHAIN_EVM_TOKENS: tokens });
    expect(
      problems.some((p) => message.test(p)),
      problems.join("\n"),
    ).toBe(true);
    expect(problems.every((p) => p.startsWith("CHAIN_EVM_TOKENS: "))).toBe(true);
  });

  it.each([
    ["CHAIN_EVM_RPC_URL", "ws://node:8546", /http:\/\/ or https:\/\//],
    ["CHAIN_EVM_CHAIN_ID", "0", /positive whole number/],
    ["CHAIN_EVM_CHAIN_ID", "mainnet", /positive whole number/],
    ["CHAIN_EVM_NETWORK", "erc-20", /upper-case letters and digits/],
    ["CHAIN_EVM_CONFIRMATIONS", "0", /from 1 to 1000/],
    ["CHAIN_EVM_CONFIRMATIONS", "1.5", /from 1 to 1000/],
    ["CHAIN_EVM_XPUB", "xpub-not-a-key", /not an extended public key/],
    ["CHAIN_EVM_XPUB", XPRV, /extended PRIVATE key/],
    ["CHAIN_EVM_HOT_WALLET", "0x1234", /a 0x address/],
    ["CHAIN_EVM_EXPLORER_TX", "https://etherscan.io/tx/", /containing \{hash\}/],
  ])("%s=%s is refused", (name, value, message) => {
    const problems = problemsOf({ ...MINIMAL, [name]: value });
    expect(problems).toEqual([expect.stringMatching(new RegExp(`^${name}: .*${message.source}`))]);
  });
});

describe("CHAIN_EVM_SIGNER_* (on-chain withdrawals through the signer)", () => {
  const SIGNER = {
    CHAIN_EVM_SIGNER_URL: "http://127.0.0.1:8546",
    CHAIN_EVM_SIGNER_SECRET: "s".repeat(32),
    CHAIN_EVM_HOT_WALLET: "0x70997970c51812dc3a010c7d01b50e0d17dc79c8",
  };

  it("unset: no signer (chain withdrawals go to the payment provider as before)", () => {
    expect(loadConfig(MINIMAL).chainEvm?.signer).toBeUndefined();
  });

  it("the three together give the signer with its defaults; sweep thresholds per token and the native coin", () => {
    const env = { ...MINIMAL, ...SIGNER, CHAIN_EVM_SWEEP_THRESHOLDS: "USDT:100,ETH:0.5" };
    expect(loadConfig(env).chainEvm?.signer).toEqual({
      url: "http://127.0.0.1:8546",
      secret: "s".repeat(32),
      hotWallet: "0x70997970C51812dc3A010C7d01b50e0d17dc79C8",
      stuckBlocks: 20,
      sweepThresholds: { USDT: "100", ETH: "0.5" },
    });
  });

  it("any one set: the missing and wrong ones are named", () => {
    const problems = problemsOf({
      ...MINIMAL,
      CHAIN_EVM_SIGNER_URL: "127.0.0.1:8546",
      CHAIN_EVM_SIGNER_SECRET: "short",
      CHAIN_EVM_STUCK_BLOCKS: "0",
      CHAIN_EVM_SWEEP_THRESHOLDS: "ETH:1,DOGE:5,USDT",
      CHAIN_EVM_TOKENS: "USDT:0x5FbDB2315678afecb367f032d93F642f64180aa3:6", // ETH not listed
    });
    expect(problems).toEqual(
      expect.arrayContaining([
        expect.stringContaining("CHAIN_EVM_HOT_WALLET: required"),
        expect.stringContaining("CHAIN_EVM_SIGNER_URL: must start with http"),
        expect.stringContaining("CHAIN_EVM_SIGNER_SECRET: at least 32"),
        expect.stringContaining("CHAIN_EVM_STUCK_BLOCKS"),
        expect.stringContaining("CHAIN_EVM_SWEEP_THRESHOLDS: ETH is not in CHAIN_EVM_TOKENS"),
        expect.stringContaining("CHAIN_EVM_SWEEP_THRESHOLDS: DOGE is not in CHAIN_EVM_TOKENS"),
        expect.stringContaining('CHAIN_EVM_SWEEP_THRESHOLDS: "USDT" is not SYMBOL:amount'),
      ]),
    );
  });
});
