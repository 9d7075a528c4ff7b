// Blockchain networks customers deposit on and withdraw to: the address format each
// accepts (a typo check, not a proof the address exists) and how the sandbox provider
// makes a well-formed, deterministic deposit address.
import { createHash } from "node:crypto";

const BASE58 = "123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz";
const BECH32 = "qpzry9x8gf2tvdw0s3jn54khce6mua7l";
const HEX = "0123456789abcdef";

/** `length` characters of `alphabet` drawn from a hash of `seed`. */
function draw(seed: string, alphabet: string, length: number): string {
  let out = "";
  for (let round = 0; out.length < length; round++) {
    for (const byte of createHash("sha512").update(`${seed}#${round}`).digest()) {
      if (out.length === length) break;
      out += alphabet.charAt(byte % alphabet.length);
    }
  }
  return out;
}

export interface NetworkInfo {
  code: string;
  name: string;
  /** Shape a withdrawal address must have on this network. */
  address: RegExp;
  sandboxAddress(seed: string): string;
}

const evm = (code: string, name: string): NetworkInfo => ({
  code,
  name,
  address: /^0x[0-9a-fA-F]{40}$/,
  sandboxAddress: (seed) => `0x${draw(seed, HEX, 40)}`,
});

export const NETWORKS: Record<string, NetworkInfo> = {
  TRC20: {
    code: "TRC20",
    name: "TRON (TRC20)",
    address: /^T[1-9A-HJ-NP-Za-km-z]{33}$/,
    sandboxAddress: (seed) => `T${draw(seed, BASE58, 33)}`,
  },
  ERC20: evm("ERC20", "Ethereum (ERC20)"),
  BEP20: evm("BEP20", "BNB Smart Chain (BEP20)"),
  AVAXC: evm("AVAXC", "Avalanche C-Chain"),
  BTC: {
    code: "BTC",
    name: "Bitcoin",
    address: /^(bc1[02-9ac-hj-np-z]{11,71}|[13][1-9A-HJ-NP-Za-km-z]{25,34})$/,
    sandboxAddress: (seed) => `bc1q${draw(seed, BECH32, 38)}`,
  },
  SOL: {
    code: "SOL",
    name: "Solana",
    address: /^[1-9A-HJ-NP-Za-km-z]{32,44}$/,
    sandboxAddress: (seed) => draw(seed, BASE58, 44),
  },
  XRP: {
    code: "XRP",
    name: "XRP Ledger",
    address: /^r[1-9A-HJ-NP-Za-km-z]{24,34}$/,
    sandboxAddress: (seed) => `r${draw(seed, BASE58, 33)}`,
  },
  DOGE: {
    code: "DOGE",
    name: "Dogecoin",
    address: /^[DA9][1-9A-HJ-NP-Za-km-z]{25,34}$/,
    sandboxAddress: (seed) => `D${draw(seed, BASE58, 33)}`,
  },
  ADA: {
    code: "ADA",
    name: "Cardano",
    address: /^addr1[02-9ac-hj-np-z]{50,110}$/,
    sandboxAddress: (seed) => `addr1${draw(seed, BECH32, 98)}`,
  },
  LTC: {
    code: "LTC",
    name: "Litecoin",
    address: /^(ltc1[02-9ac-hj-np-z]{11,71}|[LM3][1-9A-HJ-NP-Za-km-z]{26,33})$/,
    sandboxAddress: (seed) => `ltc1q${draw(seed, BECH32, 38)}`,
  },
  DOT: {
    code: "DOT",
    name: "Polkadot",
    address: /^1[1-9A-HJ-NP-Za-km-z]{46,47}$/,
    sandboxAddress: (seed) => `1${draw(seed, BASE58, 46)}`,
  },
};

export const isKnownNetwork = (code: string): boolean => Object.hasOwn(NETWORKS, code);

export function networkInfo(code: string): NetworkInfo {
  const info = NETWORKS[code];
  if (!info) throw new Error(`unknown network ${code}`);
  return info;
}

export const isValidAddress = (network: string, address: string): boolean =>
  isKnownNetwork(network) && networkInfo(network).address.test(address);
