// On-chain deposits on one EVM network (docs/contract.md "On-chain money (EVM networks)"):
// the CHAIN_EVM_* variables, parsed and checked once at start. None set = no chain at all
// (everything as before); any set = the whole group must be right, or the start stops
// naming each problem.
import { HDKey } from "@scure/bip32";
import { getAddress, isAddress } from "viem";

export interface EvmToken {
  /** The wallet currency it credits (e.g. USDT). */
  symbol: string;
  /** The ERC-20 contract (checksummed); null = the chain's native coin. */
  contract: `0x${string}` | null;
  decimals: number;
}

export interface EvmChainConfig {
  rpcUrl: string;
  chainId: number;
  /** The network code customers see (CHAIN_EVM_NETWORK, default ERC20). */
  network: string;
  /** Blocks (the transfer's own included) before a deposit is credited. */
  confirmations: number;
  tokens: EvmToken[];
  /** Extended public key: customer n's deposit address is its non-hardened child n. */
  xpub: string;
  /** Explorer link of a transaction, `{hash}` replaced by its hash; null = no link. */
  explorerTx: string | null;
  /** CHAIN_EVM_HOT_WALLET: the platform's hot wallet address (its balance counts in the proof of reserves); null = none. */
  hotWallet?: `0x${string}` | null;
  /** How often the watcher asks for new blocks (ms); not an environment variable (tests, the bench). */
  pollMs?: number;
  /** On-chain withdrawals and sweeps through the signer process; absent = chain withdrawals go to the provider. */
  signer?: EvmSignerConfig;
}

/** The API's side of the signer (issue 33): it builds, broadcasts and tracks; the signer holds the key. */
export interface EvmSignerConfig {
  /** The signer's HTTP base URL (CHAIN_EVM_SIGNER_URL, e.g. http://127.0.0.1:8546). */
  url: string;
  /** The shared secret requests are signed with (HMAC-SHA256, at least 32 characters). */
  secret: string;
  /** The hot wallet's address (checksummed): withdrawals leave from it, sweeps arrive at it. */
  hotWallet: `0x${string}`;
  /** Blocks a broadcast transaction may wait unmined before it is replaced with a higher fee. */
  stuckBlocks: number;
  /** Per token symbol (the native coin too): balances at a deposit address at or above this (decimal) are swept; none = no sweeps. */
  sweepThresholds: Record<string, string>;
}

export const CHAIN_EVM_VARIABLES = [
  "CHAIN_EVM_RPC_URL",
  "CHAIN_EVM_CHAIN_ID",
  "CHAIN_EVM_NETWORK",
  "CHAIN_EVM_CONFIRMATIONS",
  "CHAIN_EVM_TOKENS",
  "CHAIN_EVM_XPUB",
  "CHAIN_EVM_EXPLORER_TX",
  "CHAIN_EVM_SIGNER_URL",
  "CHAIN_EVM_SIGNER_SECRET",
  "CHAIN_EVM_HOT_WALLET",
  "CHAIN_EVM_STUCK_BLOCKS",
  "CHAIN_EVM_SWEEP_THRESHOLDS",
] as const;

type ChainEnv = Partial<Record<(typeof CHAIN_EVM_VARIABLES)[number], string>>;

/** Native coins have 18 decimals on every EVM chain this is meant for. */
const NATIVE_DECIMALS = 18;
/** Amounts are stored as NUMERIC(36,18): a token with more decimals could not be credited exactly. */
const MAX_DECIMALS = 18;

/** `SYMBOL:0xcontract:decimals` (an ERC-20) or `SYMBOL` (the native coin), comma-separated. */
export function parseTokens(spec: string): { tokens: EvmToken[]; problems: string[] } {
  const tokens: EvmToken[] = [];
  const problems: string[] = [];
  const entries = spec
    .split(",")
    .map((e) => e.trim())
    .filter((e) => e !== "");
  if (entries.length === 0) problems.push("CHAIN_EVM_TOKENS: no token listed");
  for (const entry of entries) {
    const parts = entry.split(":").map((p) => p.trim());
    const [symbol = "", contract, decimals] = parts;
    const bad = (why: string) =>
      problems.push(
        `CHAIN_EVM_TOKENS: "${entry}" ${why} (expected SYMBOL:0xcontract:decimals, or ETH for the native coin)`,
      );
    if (!/^[A-Z][A-Z0-9]{1,15}$/.test(symbol)) {
      bad("has no upper-case currency code first");
      continue;
    }
    if (parts.length === 1) {
      tokens.push({ symbol, contract: null, decimals: NATIVE_DECIMALS });
      continue;
    }
    if (parts.length !== 3 || contract === undefined || decimals === undefined) {
      bad("is not three fields");
      continue;
    }
    if (!isAddress(contract, { strict: false })) {
      bad("has no valid 0x contract address");
      continue;
    }
    if (!/^\d{1,2}$/.test(decimals) || Number(decimals) > MAX_DECIMALS) {
      bad(`has decimals that are not a whole number from 0 to ${MAX_DECIMALS}`);
      continue;
    }
    tokens.push({ symbol, contract: getAddress(contract), decimals: Number(decimals) });
  }
  const symbols = new Set<string>();
  const contracts = new Set<string>();
  for (const t of tokens) {
    if (symbols.has(t.symbol)) problems.push(`CHAIN_EVM_TOKENS: ${t.symbol} is listed twice`);
    symbols.add(t.symbol);
    const key = t.contract ?? "native";
    if (contracts.has(key)) {
      problems.push(`CHAIN_EVM_TOKENS: ${t.contract ?? "the native coin"} is listed twice`);
    }
    contracts.add(key);
  }
  return { tokens, problems };
}

/** Why an extended key cannot be the deposit key, or null when it is a usable xpub. */
function xpubProblem(xpub: string): string | null {
  let key: HDKey;
  try {
    key = HDKey.fromExtendedKey(xpub);
  } catch {
    return "CHAIN_EVM_XPUB: not an extended public key (xpub…)";
  }
  // Addresses are derived here; keys that can spend never reach the server (issue 33).
  if (key.privateKey) return "CHAIN_EVM_XPUB: this is an extended PRIVATE key; give its public key (xpub…) only";
  return null;
}

/** The chain configuration, or undefined when no CHAIN_EVM_* variable is set; throws the problems otherwise. */
export function parseChainEvm(env: ChainEnv): { chain: EvmChainConfig | undefined; problems: string[] } {
  const present = CHAIN_EVM_VARIABLES.filter((name) => env[name] !== undefined && env[name] !== "");
  if (present.length === 0) return { chain: undefined, problems: [] };
  const problems: string[] = [];
  const required = ["CHAIN_EVM_RPC_URL", "CHAIN_EVM_CHAIN_ID", "CHAIN_EVM_TOKENS", "CHAIN_EVM_XPUB"] as const;
  for (const name of required) {
    if (!env[name]) problems.push(`${name}: required when any CHAIN_EVM_* variable is set (${present.join(", ")})`);
  }
  const rpcUrl = env.CHAIN_EVM_RPC_URL ?? "";
  if (rpcUrl && !/^https?:\/\/[^\s]+$/.test(rpcUrl))
    problems.push("CHAIN_EVM_RPC_URL: must start with http:// or https://");
  const chainIdText = env.CHAIN_EVM_CHAIN_ID ?? "";
  const chainId = Number(chainIdText);
  if (chainIdText && (!/^\d{1,15}$/.test(chainIdText) || chainId < 1)) {
    problems.push("CHAIN_EVM_CHAIN_ID: a positive whole number (1 = Ethereum mainnet)");
  }
  const network = env.CHAIN_EVM_NETWORK ?? "ERC20";
  if (!/^[A-Z0-9]{2,16}$/.test(network)) {
    problems.push('CHAIN_EVM_NETWORK: 2 to 16 upper-case letters and digits, e.g. "ERC20"');
  }
  const confirmationsText = env.CHAIN_EVM_CONFIRMATIONS ?? "12";
  const confirmations = Number(confirmationsText);
  if (!/^\d{1,4}$/.test(confirmationsText) || confirmations < 1 || confirmations > 1000) {
    problems.push("CHAIN_EVM_CONFIRMATIONS: a whole number of blocks from 1 to 1000");
  }
  const parsedTokens = env.CHAIN_EVM_TOKENS ? parseTokens(env.CHAIN_EVM_TOKENS) : { tokens: [], problems: [] };
  problems.push(...parsedTokens.problems);
  const xpub = env.CHAIN_EVM_XPUB ?? "";
  const badKey = xpub ? xpubProblem(xpub) : null;
  if (badKey) problems.push(badKey);
  const explorerTx = env.CHAIN_EVM_EXPLORER_TX ?? null;
  if (explorerTx !== null && !/^https?:\/\/\S*\{hash\}\S*$/.test(explorerTx)) {
    problems.push('CHAIN_EVM_EXPLORER_TX: an http(s) URL containing {hash}, e.g. "https://etherscan.io/tx/{hash}"');
  }
  const signer = parseSigner(env, parsedTokens.tokens, problems);
  // The hot wallet counts in the proof of reserves with or without the signer (its format is checked there).
  const hotWalletText = env.CHAIN_EVM_HOT_WALLET ?? "";
  const hotWallet = hotWalletText && isAddress(hotWalletText, { strict: false }) ? getAddress(hotWalletText) : null;
  if (problems.length > 0) return { chain: undefined, problems };
  return {
    chain: {
      rpcUrl,
      chainId,
      network,
      confirmations,
      tokens: parsedTokens.tokens,
      xpub,
      explorerTx,
      hotWallet,
      ...(signer ? { signer } : {}),
    },
    problems,
  };
}

/** `SYMBOL:amount,…` (decimal amounts): per-currency figures (sweep thresholds, the signer's limits). */
export function parseAmounts(name: string, spec: string, problems: string[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const entry of spec.split(",").map((e) => e.trim())) {
    if (entry === "") continue;
    const m = /^([A-Z][A-Z0-9]{1,15}):(\d{1,30}(?:\.\d{1,18})?)$/.exec(entry);
    if (!m?.[1] || !m[2]) {
      problems.push(`${name}: "${entry}" is not SYMBOL:amount (e.g. USDT:1000)`);
      continue;
    }
    out[m[1]] = m[2];
  }
  return out;
}

/**
 * The signer group: none set = no on-chain payouts; URL, secret and hot wallet are required
 * together. The hot wallet alone (no signer) only counts in the proof of reserves.
 */
function parseSigner(env: ChainEnv, tokens: EvmToken[], problems: string[]): EvmSignerConfig | undefined {
  const group = ["CHAIN_EVM_SIGNER_URL", "CHAIN_EVM_SIGNER_SECRET", "CHAIN_EVM_HOT_WALLET"] as const;
  const optional = ["CHAIN_EVM_STUCK_BLOCKS", "CHAIN_EVM_SWEEP_THRESHOLDS"] as const;
  const present = [...group, ...optional].filter((name) => env[name] !== undefined && env[name] !== "");
  const hot = env.CHAIN_EVM_HOT_WALLET ?? "";
  if (hot && !isAddress(hot, { strict: false })) problems.push("CHAIN_EVM_HOT_WALLET: not a 0x address");
  if (present.every((name) => name === "CHAIN_EVM_HOT_WALLET")) return undefined;
  for (const name of group) {
    if (!env[name]) problems.push(`${name}: required for on-chain withdrawals (set: ${present.join(", ")})`);
  }
  const url = env.CHAIN_EVM_SIGNER_URL ?? "";
  if (url && !/^https?:\/\/[^\s]+$/.test(url))
    problems.push("CHAIN_EVM_SIGNER_URL: must start with http:// or https://");
  const secret = env.CHAIN_EVM_SIGNER_SECRET ?? "";
  if (secret && secret.length < 32) problems.push("CHAIN_EVM_SIGNER_SECRET: at least 32 characters");
  const stuckText = env.CHAIN_EVM_STUCK_BLOCKS ?? "20";
  const stuckBlocks = Number(stuckText);
  if (!/^\d{1,4}$/.test(stuckText) || stuckBlocks < 1) {
    problems.push("CHAIN_EVM_STUCK_BLOCKS: a whole number of blocks from 1 to 9999");
  }
  const sweepThresholds = parseAmounts("CHAIN_EVM_SWEEP_THRESHOLDS", env.CHAIN_EVM_SWEEP_THRESHOLDS ?? "", problems);
  for (const symbol of Object.keys(sweepThresholds)) {
    const token = tokens.find((t) => t.symbol === symbol);
    if (!token) problems.push(`CHAIN_EVM_SWEEP_THRESHOLDS: ${symbol} is not in CHAIN_EVM_TOKENS`);
  }
  if (!url || !secret || !hot || !isAddress(hot, { strict: false })) return undefined;
  return { url, secret, hotWallet: getAddress(hot), stuckBlocks, sweepThresholds };
}
