// Nonces of a sending address (the hot wallet) on a chain: one row per (chain, address),
// locked while a transaction is signed and recorded, so two payouts never share a nonce.
// The next nonce is the larger of the stored one and the chain's pending count (a
// transaction sent from elsewhere moves it on); it advances only when `use` records one.
import { and, eq, sql } from "drizzle-orm";
import type { Db } from "../../../db";
import { evmNonces } from "../schema";

/**
 * Runs `use(nonce, tx)` under the address's nonce lock; the nonce is spent when it returns
 * something other than null (in the same transaction), kept when it returns null or throws.
 */
export async function withNonce<T>(
  db: Db,
  chainId: number,
  address: string,
  chainPending: number,
  use: (nonce: number, tx: Db) => Promise<T | null>,
): Promise<T | null> {
  const key = address.toLowerCase();
  return db.transaction(async (tx) => {
    await tx.insert(evmNonces).values({ chainId, address: key, nextNonce: chainPending }).onConflictDoNothing();
    const [row] = await tx
      .select()
      .from(evmNonces)
      .where(and(eq(evmNonces.chainId, chainId), eq(evmNonces.address, key)))
      .for("update");
    if (!row) throw new Error("nonce row missing");
    const nonce = Math.max(row.nextNonce, chainPending);
    const result = await use(nonce, tx);
    if (result !== null) {
      await tx
        .update(evmNonces)
        .set({ nextNonce: nonce + 1, updatedAt: sql`now()` })
        .where(and(eq(evmNonces.chainId, chainId), eq(evmNonces.address, key)));
    }
    return result;
  });
}
