// How the API and the signer trust each other's requests: an HMAC-SHA256 of
// `timestamp.METHOD.path.body` under the shared secret (CHAIN_EVM_SIGNER_SECRET on the API,
// SIGNER_SECRET on the signer). The signer refuses a signature that is wrong (constant-time
// compare), older or newer than the window by its own clock, or seen before (a replay).
import { createHmac, timingSafeEqual } from "node:crypto";

/** How far a request's timestamp may be from the signer's clock. */
export const SIGNER_WINDOW_MS = 30_000;
export const TIMESTAMP_HEADER = "x-signer-timestamp";
export const SIGNATURE_HEADER = "x-signer-signature";

export function signatureOf(secret: string, timestampMs: number, method: string, path: string, body: string): string {
  return createHmac("sha256", secret).update(`${timestampMs}.${method.toUpperCase()}.${path}.${body}`).digest("hex");
}

/** The headers of a request the signer will accept (once). */
export function signedHeaders(secret: string, method: string, path: string, body: string, now = Date.now()) {
  return {
    [TIMESTAMP_HEADER]: String(now),
    [SIGNATURE_HEADER]: signatureOf(secret, now, method, path, body),
  };
}

/** Signatures seen within the window: a second use of one is a replay. */
export class ReplayGuard {
  private readonly seen = new Map<string, number>();

  /** True the first time; false for a signature already used (kept until it is out of the window anyway). */
  remember(signature: string, now: number): boolean {
    for (const [sig, until] of this.seen) if (until < now) this.seen.delete(sig);
    if (this.seen.has(signature)) return false;
    this.seen.set(signature, now + 2 * SIGNER_WINDOW_MS);
    return true;
  }
}

/** Null when the request is authentic and new; otherwise why it is refused. */
export function verifyRequest(
  secret: string,
  headers: Record<string, string | string[] | undefined>,
  request: { method: string; path: string; body: string },
  now: number,
  guard: ReplayGuard,
): string | null {
  const ts = headers[TIMESTAMP_HEADER];
  const sig = headers[SIGNATURE_HEADER];
  if (typeof ts !== "string" || typeof sig !== "string" || !/^\d{1,15}$/.test(ts) || !/^[0-9a-f]{64}$/.test(sig)) {
    return "missing or malformed signature";
  }
  const expected = Buffer.from(signatureOf(secret, Number(ts), request.method, request.path, request.body), "hex");
  if (!timingSafeEqual(expected, Buffer.from(sig, "hex"))) return "bad signature";
  if (Math.abs(now - Number(ts)) > SIGNER_WINDOW_MS) return "timestamp outside the window";
  if (!guard.remember(sig, now)) return "replayed request";
  return null;
}
