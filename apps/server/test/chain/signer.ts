// The signer process in a test: the real server (src/signer) on a free 127.0.0.1 port with the
// test keys (hot wallet: ganache's funded account 1; deposit addresses: keys.ts's XPRV), its
// state in a fresh temporary directory, and a client that signs requests like the API does.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { bytesToHex, type Hex } from "viem";
import { mnemonicToAccount } from "viem/accounts";
import type { EvmToken } from "../../src/chain-config";
import { signedHeaders } from "../../src/signer/auth";
import { createSignerServer, Signer, type SignerOptions } from "../../src/signer/server";
import { CHAIN_ID } from "./chain";
import { MNEMONIC, XPRV } from "./keys";

export const SIGNER_SECRET = "test-signer-secret-0123456789abcdef0123";
const hot = mnemonicToAccount(MNEMONIC, { addressIndex: 1 });
/** The hot wallet: ganache's second funded account. */
export const HOT_WALLET = hot.address;
export const HOT_KEY = bytesToHex(hot.getHdKey().privateKey as Uint8Array) as Hex;

export async function startSigner(tokens: EvmToken[], overrides: Partial<SignerOptions> = {}) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "candor-signer-"));
  const options: SignerOptions = {
    chainId: CHAIN_ID,
    secret: SIGNER_SECRET,
    privateKey: HOT_KEY,
    xprv: XPRV,
    tokens,
    maxPerTx: { USDT: "500", ETH: "1" },
    maxPerDay: { USDT: "2000", ETH: "5" },
    maxFeePerGas: 1000n * 10n ** 9n,
    maxTopUpWei: 5n * 10n ** 16n,
    maxTopUpPerDayWei: 10n ** 19n,
    stateFile: path.join(dir, "state.json"),
    ...overrides,
  };
  const signer = new Signer(options);
  const server = createSignerServer(signer);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  /** A request as the API sends it (`secret` and `now` to forge a bad one). */
  const send = async (
    urlPath: string,
    body: unknown,
    opts: { secret?: string; now?: number; headers?: Record<string, string> } = {},
  ) => {
    const raw = JSON.stringify(body);
    const headers = opts.headers ?? signedHeaders(opts.secret ?? SIGNER_SECRET, "POST", urlPath, raw, opts.now);
    const res = await fetch(`${url}${urlPath}`, {
      method: "POST",
      headers: { "content-type": "application/json", ...headers },
      body: raw,
    });
    return { status: res.status, body: (await res.json()) as Record<string, unknown>, headers };
  };
  return {
    url,
    signer,
    options,
    send,
    close: () =>
      new Promise<void>((r) => {
        server.close(() => r());
        server.closeAllConnections();
      }),
  };
}
