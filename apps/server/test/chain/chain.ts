// A real local EVM chain for the chain tests and the bench: ganache in process on a free
// port (its HTTP JSON-RPC is what the watcher talks to), a minimal ERC-20 compiled by
// solc-js from TestToken.sol, and the helpers the tests move the chain with (mine, snapshot,
// revert). The keys are in keys.ts.
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import ganache from "ganache";
import solc from "solc";
import {
  type Address,
  createPublicClient,
  createWalletClient,
  type Hash,
  http,
  type PublicClient,
  parseUnits,
} from "viem";
import { mnemonicToAccount } from "viem/accounts";
import type { EvmChainConfig } from "../../src/chain-config";
import { MNEMONIC, XPUB } from "./keys";

export const CHAIN_ID = 1337;

let compiled: { abi: unknown[]; bytecode: `0x${string}` } | null = null;

/** TestToken.sol compiled with solc-js (about 3 s the first time in a process). */
export function testToken() {
  if (compiled) return compiled;
  const dir = path.dirname(fileURLToPath(import.meta.url));
  const input = {
    language: "Solidity",
    sources: { "TestToken.sol": { content: fs.readFileSync(path.join(dir, "TestToken.sol"), "utf8") } },
    // ganache 7 runs up to the "paris" (merge) rules: no PUSH0.
    settings: {
      evmVersion: "paris",
      optimizer: { enabled: true, runs: 200 },
      outputSelection: { "*": { "*": ["abi", "evm.bytecode.object"] } },
    },
  };
  const output = JSON.parse(solc.compile(JSON.stringify(input)));
  const errors = (output.errors ?? []).filter((e: { severity: string }) => e.severity === "error");
  if (errors.length > 0) throw new Error(`solc: ${JSON.stringify(errors)}`);
  const c = output.contracts["TestToken.sol"].TestToken;
  compiled = { abi: c.abi, bytecode: `0x${c.evm.bytecode.object}` };
  return compiled;
}

export interface TestChain {
  rpcUrl: string;
  client: PublicClient;
  sender: Address;
  /** Deploys a TestToken with `decimals`; the sender holds the supply. */
  deployToken(decimals: number): Promise<Address>;
  sendToken(token: Address, to: Address, amount: string, decimals: number): Promise<Hash>;
  batchToken(token: Address, to: Address[], amount: string, decimals: number): Promise<Hash>;
  sendEth(to: Address, amount: string): Promise<Hash>;
  /** Mines `blocks` empty blocks; returns the new head. */
  mine(blocks?: number): Promise<number>;
  head(): Promise<number>;
  snapshot(): Promise<string>;
  revert(id: string): Promise<void>;
  close(): Promise<void>;
}

export async function startChain(): Promise<TestChain> {
  const server = ganache.server({
    wallet: { mnemonic: MNEMONIC, totalAccounts: 2, defaultBalance: 1_000_000 },
    chain: { chainId: CHAIN_ID },
    logging: { quiet: true },
  });
  await new Promise<void>((resolve, reject) => server.listen(0, "127.0.0.1", (err) => (err ? reject(err) : resolve())));
  const address = server.address();
  const rpcUrl = `http://127.0.0.1:${(address as { port: number }).port}`;
  const client = createPublicClient({ transport: http(rpcUrl), cacheTime: 0 }) as PublicClient;
  const account = mnemonicToAccount(MNEMONIC);
  const chain = {
    id: CHAIN_ID,
    name: "ganache",
    nativeCurrency: { name: "Ether", symbol: "ETH", decimals: 18 },
    rpcUrls: { default: { http: [rpcUrl] } },
  } as const;
  const wallet = createWalletClient({ account, chain, transport: http(rpcUrl) });
  const rpc = (method: string, params: unknown[] = []) =>
    client.request({ method, params } as never) as Promise<unknown>;
  const mined = async (hash: Hash) => {
    const receipt = await client.waitForTransactionReceipt({ hash, pollingInterval: 5 });
    if (receipt.status !== "success") throw new Error(`transaction ${hash} reverted`);
    return hash;
  };
  const { abi, bytecode } = testToken();
  return {
    rpcUrl,
    client,
    sender: account.address,
    async deployToken(decimals) {
      const hash = await wallet.deployContract({ abi, bytecode, args: [decimals, parseUnits("1000000000", decimals)] });
      const receipt = await client.waitForTransactionReceipt({ hash, pollingInterval: 5 });
      if (!receipt.contractAddress) throw new Error("no contract address");
      return receipt.contractAddress;
    },
    sendToken: async (token, to, amount, decimals) =>
      mined(
        await wallet.writeContract({
          address: token,
          abi,
          functionName: "transfer",
          args: [to, parseUnits(amount, decimals)],
        }),
      ),
    batchToken: async (token, to, amount, decimals) =>
      mined(
        await wallet.writeContract({
          address: token,
          abi,
          functionName: "batchTransfer",
          args: [to, to.map(() => parseUnits(amount, decimals))],
        }),
      ),
    sendEth: async (to, amount) => mined(await wallet.sendTransaction({ to, value: parseUnits(amount, 18) })),
    async mine(blocks = 1) {
      await rpc("evm_mine", [{ blocks }]);
      return Number(await client.getBlockNumber({ cacheTime: 0 }));
    },
    head: async () => Number(await client.getBlockNumber({ cacheTime: 0 })),
    snapshot: async () => String(await rpc("evm_snapshot")),
    async revert(id) {
      if (!(await rpc("evm_revert", [id]))) throw new Error(`evm_revert ${id} failed`);
    },
    close: () => server.close(),
  };
}

/** The app's chain configuration for a test chain. */
export function chainConfig(
  chain: TestChain,
  tokens: EvmChainConfig["tokens"],
  overrides: Partial<EvmChainConfig> = {},
): EvmChainConfig {
  return {
    rpcUrl: chain.rpcUrl,
    chainId: CHAIN_ID,
    network: "ERC20",
    confirmations: 3,
    tokens,
    xpub: XPUB,
    explorerTx: "https://explorer.test/tx/{hash}",
    pollMs: 10,
    ...overrides,
  };
}
