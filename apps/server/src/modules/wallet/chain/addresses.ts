// Deposit addresses on the EVM chain: customer n's address is the non-hardened child n of
// the configured extended public key (CHAIN_EVM_XPUB). Derived here, the same on every node
// and after every restart; no key that can spend is ever on the server. An address is stored
// (evm_deposit_addresses) when it is first shown, so the watcher knows which to follow.
import { secp256k1 } from "@noble/curves/secp256k1.js";
import { HDKey } from "@scure/bip32";
import { type Address, bytesToHex } from "viem";
import { publicKeyToAddress } from "viem/accounts";
import type { Db } from "../../../db";
import { evmDepositAddresses } from "../schema";

/** Non-hardened child indexes stop below 2^31. */
const HARDENED_OFFSET = 0x8000_0000;
const CACHE_MAX = 10_000;

export class AddressDeriver {
  private readonly parent: HDKey;
  private readonly cache = new Map<number, Address>();

  constructor(xpub: string) {
    this.parent = HDKey.fromExtendedKey(xpub);
    if (this.parent.privateKey) throw new Error("the deposit key must be an extended public key");
  }

  /** The checksummed address of customer `userId` (child `userId`). */
  addressOf(userId: number): Address {
    if (!Number.isSafeInteger(userId) || userId < 0 || userId >= HARDENED_OFFSET) {
      throw new Error(`no non-hardened child ${userId}`);
    }
    const hit = this.cache.get(userId);
    if (hit) return hit;
    const compressed = this.parent.deriveChild(userId).publicKey;
    if (!compressed) throw new Error(`child ${userId} has no public key`);
    // Ethereum addresses hash the uncompressed key (without its 0x04 prefix; viem drops it).
    const uncompressed = secp256k1.Point.fromBytes(compressed).toBytes(false);
    const address = publicKeyToAddress(bytesToHex(uncompressed));
    if (this.cache.size >= CACHE_MAX) this.cache.clear();
    this.cache.set(userId, address);
    return address;
  }
}

/** Customer's address on the chain, stored (once) so the watcher follows it. */
export async function rememberAddress(db: Db, chainId: number, userId: number, address: Address): Promise<void> {
  await db
    .insert(evmDepositAddresses)
    .values({ chainId, userId, address: address.toLowerCase() })
    .onConflictDoNothing();
}
