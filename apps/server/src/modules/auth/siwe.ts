// Sign-In with Ethereum (EIP-4361): the message the server issues and the strict check of a
// signed one (docs/contract.md "Accounts"). Only the exact message issued — for this site,
// this address and purpose, with its one-time nonce, before it expires — signed by that
// address's key, is accepted, and only once: the nonce is used up by one conditional UPDATE.
import { createHash, randomBytes } from "node:crypto";
import { and, eq, gt, isNull, lt } from "drizzle-orm";
import { getAddress, recoverMessageAddress } from "viem";
import { createSiweMessage, parseSiweMessage } from "viem/siwe";
import type { Db } from "../../db";
import { codeHash } from "../../lib/secrets";
import { walletNonces } from "./schema";

export const SIWE_NONCE_TTL_MS = 10 * 60 * 1000;

export type SiwePurpose = "login" | "link";

/** Where the message is valid: the app's host (RFC 3986 authority), its origin and the chain. */
export interface SiweSite {
  domain: string;
  uri: string;
  chainId: number;
}

const STATEMENTS: Record<SiwePurpose, string> = {
  login: "Sign in to Candor.",
  link: "Link this wallet to your Candor account.",
};

const nonceKey = (nonce: string) => codeHash(`siwe:${nonce}`).toString("hex");
const sha256 = (text: string) => createHash("sha256").update(text, "utf8").digest("hex");

/** A new one-time nonce and its message; the nonce is stored hashed with the message's hash. */
export async function issueSiweMessage(
  db: Db,
  input: { address: string; purpose: SiwePurpose; userId: number | null; site: SiweSite },
): Promise<{ message: string }> {
  const address = input.address.toLowerCase();
  // 32 hex digits: alphanumeric, 128 bits (EIP-4361 asks for at least 8 alphanumerics).
  const nonce = randomBytes(16).toString("hex");
  const issuedAt = new Date();
  const expirationTime = new Date(issuedAt.getTime() + SIWE_NONCE_TTL_MS);
  const message = createSiweMessage({
    domain: input.site.domain,
    address: getAddress(address),
    statement: STATEMENTS[input.purpose],
    uri: input.site.uri,
    version: "1",
    chainId: input.site.chainId,
    nonce,
    issuedAt,
    expirationTime,
  });
  // Expired nonces are removed as new ones are issued.
  await db.delete(walletNonces).where(lt(walletNonces.expiresAt, new Date(Date.now() - SIWE_NONCE_TTL_MS)));
  await db.insert(walletNonces).values({
    nonceHash: nonceKey(nonce),
    address,
    purpose: input.purpose,
    userId: input.userId,
    messageHash: sha256(message),
    expiresAt: expirationTime,
  });
  return { message };
}

/** The address a signed message claims (lower case), for the brute-force counters; null when unreadable. */
export function claimedAddress(message: string): string | null {
  try {
    return parseSiweMessage(message).address?.toLowerCase() ?? null;
  } catch {
    return null;
  }
}

/**
 * Check a signed message and use its nonce up. Returns the signing address (lower case),
 * or null when anything is off: not a message we issued for this site and purpose (and
 * customer, when linking), expired, used, or signed by another key.
 */
export async function useSignedMessage(
  db: Db,
  input: { message: string; signature: string; purpose: SiwePurpose; userId: number | null; site: SiweSite },
): Promise<string | null> {
  let fields: ReturnType<typeof parseSiweMessage>;
  try {
    fields = parseSiweMessage(input.message);
  } catch {
    return null;
  }
  if (!fields.nonce || !fields.address || fields.domain !== input.site.domain) return null;
  if (fields.uri !== input.site.uri || fields.chainId !== input.site.chainId || fields.version !== "1") return null;
  const address = fields.address.toLowerCase();
  const [row] = await db
    .select()
    .from(walletNonces)
    .where(eq(walletNonces.nonceHash, nonceKey(fields.nonce)));
  if (!row || row.usedAt || row.expiresAt.getTime() <= Date.now()) return null;
  if (row.purpose !== input.purpose || row.address !== address || row.messageHash !== sha256(input.message))
    return null;
  if (input.purpose === "link" && row.userId !== input.userId) return null;
  let signer: string;
  try {
    signer = (
      await recoverMessageAddress({ message: input.message, signature: input.signature as `0x${string}` })
    ).toLowerCase();
  } catch {
    return null;
  }
  if (signer !== address) return null;
  // Of concurrent uses of one nonce, exactly one updates the row.
  const used = await db
    .update(walletNonces)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(walletNonces.nonceHash, row.nonceHash),
        isNull(walletNonces.usedAt),
        gt(walletNonces.expiresAt, new Date()),
      ),
    )
    .returning({ nonceHash: walletNonces.nonceHash });
  return used.length === 1 ? address : null;
}
