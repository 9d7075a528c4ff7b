// Hot platform accounts are split into shards: every platform kind (clearing, fees, house,
// treasury, rewards, interest) has up to LEDGER_PLATFORM_SHARDS accounts per currency, so
// concurrent deposits, fees and trades stop queueing on one row lock. Callers still write
// platformAccount("clearing"); the engine picks the shard, and every platform balance read
// (getAccountBalance, getPlatformBalances, the audit) is the sum over the shards.
//
// The shard is chosen deterministically from the operation, so a replay of the same key
// names the same account:
// - the customer on the other side of the transfer (hash of the user id): one customer's
//   transfers already queue on their own account's lock, so sharing a shard costs them
//   nothing, while different customers spread over the shards; a batch for one customer
//   (margin, P&L, fee) locks one shard per platform kind, not one per operation;
// - platform ↔ platform (no customer side): hash of the transfer's idempotency key.
// Customer accounts are never sharded (shard 0).
import type { AccountSide } from "./types";

/** Default shard count: measured on PostgreSQL with 16 workers (README "Platform shards"). */
export const PLATFORM_SHARDS_DEFAULT = 8;
export const PLATFORM_SHARDS_MAX = 64;

export function parsePlatformShards(value: string | undefined): number {
  if (value === undefined || value.trim() === "") return PLATFORM_SHARDS_DEFAULT;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1 || n > PLATFORM_SHARDS_MAX) {
    throw new Error(`LEDGER_PLATFORM_SHARDS must be an integer 1–${PLATFORM_SHARDS_MAX}, got "${value}"`);
  }
  return n;
}

let shardCount = parsePlatformShards(process.env.LEDGER_PLATFORM_SHARDS);

/** How many shards new platform transfers spread over (LEDGER_PLATFORM_SHARDS, default 8). */
export const platformShards = (): number => shardCount;

/**
 * Changes the shard count for this process (the bench compares counts; tests). Existing
 * shards keep their balances: reads sum every shard there is, and a replayed key is
 * matched by account owner and kind, not by shard.
 */
export function setPlatformShards(n: number): void {
  shardCount = parsePlatformShards(String(n));
}

/** murmur3's 32-bit finalizer: spreads consecutive ids over the shards. */
function mix32(h: number): number {
  let x = h >>> 0;
  x ^= x >>> 16;
  x = Math.imul(x, 0x85ebca6b) >>> 0;
  x ^= x >>> 13;
  x = Math.imul(x, 0xc2b2ae35) >>> 0;
  x ^= x >>> 16;
  return x >>> 0;
}

/** FNV-1a over the UTF-16 code units of `s`. */
function fnv1a(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h >>> 0;
}

export const shardForUser = (userId: number, shards = shardCount): number =>
  mix32(userId ^ Math.floor(userId / 0x100000000)) % shards;
export const shardForKey = (key: string, shards = shardCount): number => mix32(fnv1a(key)) % shards;

/** The shard a transfer/hold books its platform side(s) on (0 when neither side is a platform account). */
export function shardFor(debit: AccountSide, credit: AccountSide, key: string, shards = shardCount): number {
  if ("userId" in debit && "userId" in credit) return 0;
  if ("userId" in debit) return shardForUser(debit.userId, shards);
  if ("userId" in credit) return shardForUser(credit.userId, shards);
  return shardForKey(key, shards);
}
