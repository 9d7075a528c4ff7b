// The API's client of the signer process (src/signer): JSON over HTTP on localhost, every
// request signed with the shared secret (src/signer/auth.ts). A 4xx is the signer's refusal
// (SignerRefused, with its reason); anything else (down, 5xx) is an error to try again later.
import type { Address, Hex } from "viem";
import type { EvmSignerConfig } from "../../../chain-config";
import { signedHeaders } from "../../../signer/auth";

export interface SignedTx {
  hash: Hex;
  rawTx: Hex;
  from: Address;
}

export class SignerRefused extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    reason: string,
  ) {
    super(reason);
  }
}

export class SignerClient {
  constructor(private readonly config: Pick<EvmSignerConfig, "url" | "secret">) {}

  async sign(path: "/v1/withdrawal" | "/v1/gas-topup" | "/v1/sweep", body: Record<string, unknown>): Promise<SignedTx> {
    const raw = JSON.stringify(body);
    const res = await fetch(new URL(path, this.config.url), {
      method: "POST",
      headers: { "content-type": "application/json", ...signedHeaders(this.config.secret, "POST", path, raw) },
      body: raw,
      signal: AbortSignal.timeout(10_000),
    });
    const answer = (await res.json().catch(() => ({}))) as Record<string, unknown>;
    if (res.status >= 400 && res.status < 500) {
      throw new SignerRefused(res.status, String(answer.code ?? "refused"), String(answer.error ?? "refused"));
    }
    if (res.status !== 200) throw new Error(`signer answered ${res.status}`);
    return answer as unknown as SignedTx;
  }
}
