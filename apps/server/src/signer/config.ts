// The signer's configuration (README "Configuration", SIGNER_*): its own, the API never
// sees the keys. A missing or wrong value stops the start naming it.
import fs from "node:fs";
import path from "node:path";
import { HDKey } from "@scure/bip32";
import type { Hex } from "viem";
import { parseAmounts, parseTokens } from "../chain-config";
import type { SignerOptions } from "./server";

/** A secret from `NAME` or from the file `NAME_FILE` (which must not be readable by others). */
function secretOf(env: NodeJS.ProcessEnv, name: string, fileName: string, problems: string[]): string | null {
  const file = env[fileName];
  if (file) {
    try {
      const stat = fs.statSync(file);
      if ((stat.mode & 0o077) !== 0)
        problems.push(`${fileName}: ${file} must be readable by its owner only (chmod 600)`);
      return fs.readFileSync(file, "utf8").trim();
    } catch {
      problems.push(`${fileName}: cannot read ${file}`);
      return null;
    }
  }
  return env[name] ? (env[name] as string).trim() : null;
}

export function signerOptionsFromEnv(env: NodeJS.ProcessEnv): {
  options?: SignerOptions;
  port: number;
  problems: string[];
} {
  const problems: string[] = [];
  const chainId = Number(env.SIGNER_CHAIN_ID ?? "");
  if (!/^\d{1,15}$/.test(env.SIGNER_CHAIN_ID ?? "") || chainId < 1)
    problems.push("SIGNER_CHAIN_ID: a positive whole number");
  const secret = env.SIGNER_SECRET ?? "";
  if (secret.length < 32) problems.push("SIGNER_SECRET: at least 32 characters (the API's CHAIN_EVM_SIGNER_SECRET)");
  const key = secretOf(env, "SIGNER_PRIVATE_KEY", "SIGNER_KEY_FILE", problems);
  if (!key) problems.push("SIGNER_KEY_FILE or SIGNER_PRIVATE_KEY: the hot wallet's private key is required");
  else if (!/^0x[0-9a-fA-F]{64}$/.test(key)) problems.push("SIGNER_PRIVATE_KEY: 0x and 64 hex digits");
  const xprv = secretOf(env, "SIGNER_XPRV", "SIGNER_XPRV_FILE", problems);
  if (xprv) {
    try {
      if (!HDKey.fromExtendedKey(xprv).privateKey) problems.push("SIGNER_XPRV: not an extended private key");
    } catch {
      problems.push("SIGNER_XPRV: not an extended key");
    }
  }
  const tokens = parseTokens(env.SIGNER_TOKENS ?? "");
  problems.push(...tokens.problems.map((p) => p.replace("CHAIN_EVM_TOKENS", "SIGNER_TOKENS")));
  const maxPerTx = parseAmounts("SIGNER_MAX_PER_TX", env.SIGNER_MAX_PER_TX ?? "", problems);
  const maxPerDay = parseAmounts("SIGNER_MAX_PER_DAY", env.SIGNER_MAX_PER_DAY ?? "", problems);
  if (Object.keys(maxPerTx).length === 0) problems.push("SIGNER_MAX_PER_TX: required (e.g. USDT:1000,ETH:0.5)");
  if (Object.keys(maxPerDay).length === 0) problems.push("SIGNER_MAX_PER_DAY: required (e.g. USDT:20000,ETH:5)");
  const gwei = env.SIGNER_MAX_FEE_GWEI ?? "300";
  if (!/^\d{1,6}$/.test(gwei)) problems.push("SIGNER_MAX_FEE_GWEI: a whole number of gwei");
  const topUp = env.SIGNER_MAX_TOPUP_GWEI ?? "10000000"; // 0.01 ETH
  if (!/^\d{1,12}$/.test(topUp)) problems.push("SIGNER_MAX_TOPUP_GWEI: a whole number of gwei");
  const topUpsPerDay = env.SIGNER_MAX_TOPUPS_PER_DAY_GWEI ?? "100000000"; // 0.1 ETH
  if (!/^\d{1,12}$/.test(topUpsPerDay)) problems.push("SIGNER_MAX_TOPUPS_PER_DAY_GWEI: a whole number of gwei");
  const portText = env.SIGNER_PORT ?? "8546";
  const port = Number(portText);
  if (!/^\d{1,5}$/.test(portText) || port > 65535) problems.push("SIGNER_PORT: a port number");
  const dataDir = path.resolve(env.SIGNER_DATA_DIR ?? "data/signer");
  if (problems.length > 0 || !key) return { port, problems };
  return {
    port,
    problems,
    options: {
      chainId,
      secret,
      privateKey: key as Hex,
      xprv,
      tokens: tokens.tokens,
      maxPerTx,
      maxPerDay,
      maxFeePerGas: BigInt(gwei) * 1_000_000_000n,
      maxTopUpWei: BigInt(topUp) * 1_000_000_000n,
      maxTopUpPerDayWei: BigInt(topUpsPerDay) * 1_000_000_000n,
      stateFile: path.join(dataDir, "state.json"),
    },
  };
}
