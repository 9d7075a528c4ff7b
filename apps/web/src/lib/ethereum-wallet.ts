// The browser's Ethereum wallet (EIP-1193 `window.ethereum`: MetaMask, wallet apps' browsers):
// the account to sign with and a personal_sign signature of a Sign-In with Ethereum message.

interface Eip1193Provider {
  request(args: { method: string; params?: unknown[] }): Promise<unknown>;
}

/** No wallet in this browser, or the customer said no in it. */
export class WalletUnavailable extends Error {
  constructor(readonly reason: "none" | "rejected") {
    super(reason);
  }
}

function provider(): Eip1193Provider {
  const eth = (window as unknown as { ethereum?: Eip1193Provider }).ethereum;
  if (!eth || typeof eth.request !== "function") throw new WalletUnavailable("none");
  return eth;
}

/** EIP-1193 error 4001: the customer rejected the request in the wallet. */
const rejected = (err: unknown) => (err as { code?: unknown } | null)?.code === 4001;

async function ask<T>(eth: Eip1193Provider, method: string, params?: unknown[]): Promise<T> {
  try {
    return (await eth.request(params ? { method, params } : { method })) as T;
  } catch (err) {
    if (rejected(err)) throw new WalletUnavailable("rejected");
    throw err;
  }
}

const toHex = (text: string) =>
  `0x${Array.from(new TextEncoder().encode(text), (b) => b.toString(16).padStart(2, "0")).join("")}`;

/** The wallet's first account (asks the customer to connect when needed). */
export async function walletAddress(): Promise<string> {
  const accounts = await ask<string[]>(provider(), "eth_requestAccounts");
  const address = accounts?.[0];
  if (!address) throw new WalletUnavailable("rejected");
  return address;
}

/** personal_sign (EIP-191) of a text message by `address`. */
export function signMessage(address: string, message: string): Promise<string> {
  return ask<string>(provider(), "personal_sign", [toHex(message), address]);
}
