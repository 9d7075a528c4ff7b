// Proof of liabilities (issue 33): a Merkle sum tree of every customer's balances per
// currency. A leaf commits to a per-customer salt, the hash of the customer's id and the
// balances; an internal node commits to both children's hashes AND both children's sums, and
// carries their total. So the root commits to every balance and to the total per currency: a
// customer who checks that their leaf, with their own balances, leads to the published root
// through the path knows their balance is counted in the published liabilities (Maxwell's
// summation tree, as Kraken and Binance publish). Sums may never be negative: a negative
// node would let the platform cancel out other customers' balances.
//
// Pure and synchronous: the same code runs on the server (building), in the browser and in
// `npm run verify-proof` (checking). sha256 is @noble/hashes (no node:crypto, no WebCrypto).
// Amounts are exact integers of 10^-18 units (BigInt), never floats.
import { sha256 } from "@noble/hashes/sha2.js";
import { bytesToHex, utf8ToBytes } from "@noble/hashes/utils.js";

/** Amounts are fixed at the ledger's 18 decimals in everything that is hashed. */
export const PROOF_DECIMALS = 18;

export interface ProofAmount {
  currency: string;
  /** Non-negative decimal string. */
  amount: string;
}

/** A node of the tree: its hash and the per-currency sums of the leaves below it. */
export interface ProofNode {
  hash: string;
  sum: ProofAmount[];
}

/** One step up: the sibling node and on which side of the path it sits. */
export interface ProofStep extends ProofNode {
  side: "left" | "right";
}

export interface ProofLeafInput {
  /** Random per customer per proof (hex), so a leaf hash tells nothing about anybody. */
  salt: string;
  /** userIdHash(customer id). */
  userHash: string;
  balances: readonly ProofAmount[];
}

export class ProofError extends Error {}

const CURRENCY = /^[A-Z0-9]{1,20}$/;
const HEX = /^[0-9a-f]{64}$/;
const SALT = /^[0-9a-f]{16,128}$/;

export const sha256Hex = (text: string): string => bytesToHex(sha256(utf8ToBytes(text)));

/** The hash a leaf carries instead of the customer's id. */
export const userIdHash = (userId: number | string): string => sha256Hex(`candor-por-user|${userId}`);

const AMOUNT = /^(\d+)(?:\.(\d+))?$/;
const SCALE = 10n ** BigInt(PROOF_DECIMALS);

/**
 * An amount in units of 10^-18 (exact integer arithmetic, never floats): never negative, no
 * more precision than the ledger keeps. Decimal strings as the ledger prints them.
 */
function toUnits(value: unknown): bigint {
  const text = typeof value === "string" ? value.trim() : "";
  if (text.startsWith("-") && AMOUNT.test(text.slice(1)) && /[1-9]/.test(text)) {
    throw new ProofError(`negative amount ${text}: sums must be non-negative`);
  }
  const m = AMOUNT.exec(text.startsWith("-") ? text.slice(1) : text);
  if (!m) throw new ProofError(`not an amount: ${String(value)}`);
  const frac = (m[2] ?? "").replace(/0+$/, "");
  if (frac.length > PROOF_DECIMALS) throw new ProofError(`more than ${PROOF_DECIMALS} decimals: ${text}`);
  return BigInt(m[1] as string) * SCALE + BigInt(frac.padEnd(PROOF_DECIMALS, "0") || "0");
}

/** Units back to a decimal string without trailing zeros ("1.5", "0"). */
function fromUnits(units: bigint): string {
  const int = units / SCALE;
  const frac = (units % SCALE).toString().padStart(PROOF_DECIMALS, "0").replace(/0+$/, "");
  return frac ? `${int}.${frac}` : int.toString();
}

/** Checked amounts by currency (zeros kept out); throws on a bad or repeated currency code. */
function parseAmounts(list: readonly ProofAmount[]): Map<string, bigint> {
  const out = new Map<string, bigint>();
  for (const { currency, amount } of list) {
    if (!CURRENCY.test(currency)) throw new ProofError(`not a currency code: ${currency}`);
    if (out.has(currency)) throw new ProofError(`${currency} listed twice`);
    out.set(currency, toUnits(amount));
  }
  for (const [currency, units] of out) if (units === 0n) out.delete(currency);
  return out;
}

const byCurrency = <T>(a: [string, T], b: [string, T]) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0);

/** The canonical form hashed: `CUR:amount` at 18 decimals, sorted by currency, zeros left out. */
function canonicalOf(amounts: Map<string, bigint>): string {
  return [...amounts]
    .sort(byCurrency)
    .map(
      ([currency, units]) =>
        `${currency}:${(units / SCALE).toString()}.${(units % SCALE).toString().padStart(PROOF_DECIMALS, "0")}`,
    )
    .join(",");
}

function listOf(amounts: Map<string, bigint>): ProofAmount[] {
  return [...amounts].sort(byCurrency).map(([currency, units]) => ({ currency, amount: fromUnits(units) }));
}

/**
 * The canonical form of a list of amounts: sorted by currency, zero amounts left out, each
 * amount at 18 decimals. Throws on a negative amount, a bad or repeated currency code.
 */
export function canonicalAmounts(list: readonly ProofAmount[]): string {
  return canonicalOf(parseAmounts(list));
}

/** The amounts with zeros left out, sorted by currency, without trailing zeros. */
export function normalAmounts(list: readonly ProofAmount[]): ProofAmount[] {
  return listOf(parseAmounts(list));
}

/** Per-currency sum of two lists (both checked). */
export function addAmounts(a: readonly ProofAmount[], b: readonly ProofAmount[]): ProofAmount[] {
  const total = parseAmounts(a);
  for (const [currency, units] of parseAmounts(b)) total.set(currency, (total.get(currency) ?? 0n) + units);
  return listOf(total);
}

export function leafHash(leaf: ProofLeafInput): string {
  return leafNode(leaf).hash;
}

export function leafNode(leaf: ProofLeafInput): ProofNode {
  if (!SALT.test(leaf.salt)) throw new ProofError("the salt is not 16–128 lower-case hex digits");
  if (!HEX.test(leaf.userHash)) throw new ProofError("the customer hash is not a sha256 hex digest");
  const amounts = parseAmounts(leaf.balances);
  return {
    hash: sha256Hex(`candor-por-leaf|${leaf.salt}|${leaf.userHash}|${canonicalOf(amounts)}`),
    sum: listOf(amounts),
  };
}

/** A parent: commits to both children's hashes and sums; carries their total. */
export function parentNode(left: ProofNode, right: ProofNode): ProofNode {
  if (!HEX.test(left.hash) || !HEX.test(right.hash)) throw new ProofError("a node hash is not a sha256 hex digest");
  const l = parseAmounts(left.sum);
  const r = parseAmounts(right.sum);
  const hash = sha256Hex(`candor-por-node|${left.hash}|${canonicalOf(l)}|${right.hash}|${canonicalOf(r)}`);
  const total = new Map(l);
  for (const [currency, units] of r) total.set(currency, (total.get(currency) ?? 0n) + units);
  return { hash, sum: listOf(total) };
}

/** Pads a level of odd length: no balances, a hash nobody can open as a leaf. */
export const EMPTY_NODE: ProofNode = { hash: sha256Hex("candor-por-empty"), sum: [] };

/**
 * Every level of the tree, leaves first, root last (a level of one node). An odd level is
 * padded with EMPTY_NODE. No leaves: a root of EMPTY_NODE.
 */
export function buildLevels(leaves: readonly ProofNode[]): ProofNode[][] {
  const levels: ProofNode[][] = [leaves.length === 0 ? [EMPTY_NODE] : [...leaves]];
  for (let level = levels[0] as ProofNode[]; level.length > 1; ) {
    const next: ProofNode[] = [];
    for (let i = 0; i < level.length; i += 2) {
      next.push(parentNode(level[i] as ProofNode, level[i + 1] ?? EMPTY_NODE));
    }
    levels.push(next);
    level = next;
  }
  return levels;
}

/** The siblings from leaf `index` up to the root. */
export function pathOf(levels: readonly ProofNode[][], index: number): ProofStep[] {
  const path: ProofStep[] = [];
  let i = index;
  for (let l = 0; l < levels.length - 1; l++) {
    const level = levels[l] as ProofNode[];
    const sibling = i % 2 === 0 ? (level[i + 1] ?? EMPTY_NODE) : (level[i - 1] as ProofNode);
    path.push({ hash: sibling.hash, sum: sibling.sum, side: i % 2 === 0 ? "right" : "left" });
    i = Math.floor(i / 2);
  }
  return path;
}

export type ProofCheck =
  | { ok: true; root: ProofNode }
  | { ok: false; reason: "leaf" | "root" | "invalid"; detail: string };

/**
 * Checks a customer's proof: the leaf hash opens to the salt, the customer hash and these
 * balances; climbing the path gives the published root. Never throws.
 */
export function verifyProof(input: {
  root: string;
  leaf: ProofLeafInput & { hash: string };
  path: readonly ProofStep[];
}): ProofCheck {
  try {
    const opened = leafNode(input.leaf);
    if (opened.hash !== input.leaf.hash) {
      return { ok: false, reason: "leaf", detail: "the leaf hash does not match the salt, customer and balances" };
    }
    let node = opened;
    for (const step of input.path) {
      if (step.side !== "left" && step.side !== "right") throw new ProofError(`unknown side ${String(step.side)}`);
      node = step.side === "left" ? parentNode(step, node) : parentNode(node, step);
    }
    if (node.hash !== input.root) return { ok: false, reason: "root", detail: "the path does not lead to the root" };
    return { ok: true, root: node };
  } catch (err) {
    return { ok: false, reason: "invalid", detail: (err as Error).message };
  }
}
