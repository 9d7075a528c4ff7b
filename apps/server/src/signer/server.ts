// The signer: a small HTTP service on 127.0.0.1 that holds the hot wallet's key (and the
// deposit addresses' extended private key, for sweeps). The API sends the facts of what it
// wants signed; the signer builds the transaction itself from them, checks its own limits
// (per transaction and per day, per currency, by its own count) and answers with the
// signed transaction, or a 4xx with the reason. It never broadcasts; it never signs one
// withdrawal id twice for different content (a replacement keeps nonce, destination and
// amount and raises the fee by at least 10 %). Sweeps can only go to the hot wallet, and
// gas top-ups only to a derived deposit address, capped per top-up and per day (its own count,
// in its state file, so a compromised API cannot drain the hot wallet through top-ups). A
// native-coin sweep sends what the API says the address holds less the most its gas can cost,
// never more.
import http from "node:http";
import { toTokenUnits } from "@candor/domain";
import { HDKey } from "@scure/bip32";
import {
  type Address,
  bytesToHex,
  encodeFunctionData,
  getAddress,
  type Hex,
  isAddress,
  keccak256,
  parseAbiItem,
  zeroAddress,
} from "viem";
import { type PrivateKeyAccount, privateKeyToAccount } from "viem/accounts";
import type { EvmToken } from "../chain-config";
import { ReplayGuard, verifyRequest } from "./auth";
import { SignerState } from "./state";

const TRANSFER = parseAbiItem("function transfer(address to, uint256 value) returns (bool)");
const NATIVE_GAS = 21_000n;
const MAX_TOKEN_GAS = 200_000n;
/** A replacement must raise both fees by at least this (percent): nodes refuse less. */
const REPLACEMENT_BUMP_PERCENT = 110n;
const BODY_MAX = 16 * 1024;

export interface SignerOptions {
  chainId: number;
  secret: string;
  privateKey: Hex;
  /** Extended private key whose child n is customer n's deposit address; null = no sweeps. */
  xprv: string | null;
  tokens: EvmToken[];
  /** Decimal amounts per currency. A currency without a limit is never signed. */
  maxPerTx: Record<string, string>;
  maxPerDay: Record<string, string>;
  maxFeePerGas: bigint;
  maxTopUpWei: bigint;
  /** The most gas top-ups may send in one of its days, all together (wei). */
  maxTopUpPerDayWei: bigint;
  stateFile: string;
  /** The signer's clock (ms); its day is the UTC date. */
  now?: () => number;
}

class Refusal extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

const refuse = (status: number, code: string, message: string) => new Refusal(status, code, message);

type Body = Record<string, unknown>;

function int(body: Body, name: string, max = Number.MAX_SAFE_INTEGER): number {
  const v = body[name];
  if (typeof v !== "number" || !Number.isSafeInteger(v) || v < 0 || v > max) {
    throw refuse(400, "bad_request", `${name}: a whole number`);
  }
  return v;
}

function units(body: Body, name: string): bigint {
  const v = body[name];
  if (typeof v !== "string" || !/^\d{1,78}$/.test(v))
    throw refuse(400, "bad_request", `${name}: whole units as a string`);
  return BigInt(v);
}

function address(body: Body, name: string): Address {
  const v = body[name];
  if (typeof v !== "string" || !isAddress(v, { strict: false }) || v.toLowerCase() === zeroAddress) {
    throw refuse(400, "bad_request", `${name}: a 0x address`);
  }
  return getAddress(v);
}

export class Signer {
  readonly hotWallet: PrivateKeyAccount;
  private readonly deposits: HDKey | null;
  private readonly state: SignerState;
  private readonly guard = new ReplayGuard();
  private readonly now: () => number;
  private queue: Promise<unknown> = Promise.resolve();

  constructor(private readonly opts: SignerOptions) {
    this.hotWallet = privateKeyToAccount(opts.privateKey);
    this.deposits = opts.xprv ? HDKey.fromExtendedKey(opts.xprv) : null;
    if (this.deposits && !this.deposits.privateKey) throw new Error("SIGNER_XPRV: not an extended private key");
    this.state = new SignerState(opts.stateFile);
    this.now = opts.now ?? Date.now;
  }

  /** Handles one request (already read); returns the status and the JSON answer. */
  async handle(
    method: string,
    path: string,
    headers: http.IncomingHttpHeaders,
    raw: string,
  ): Promise<{ status: number; body: unknown }> {
    const denied = verifyRequest(this.opts.secret, headers, { method, path, body: raw }, this.now(), this.guard);
    if (denied) return { status: 401, body: { code: "unauthorized", error: denied } };
    // One request at a time: the day's total and the per-withdrawal memory stay exact.
    const run = this.queue.then(() => this.route(method, path, raw));
    this.queue = run.catch(() => undefined);
    try {
      return { status: 200, body: await run };
    } catch (err) {
      if (err instanceof Refusal) return { status: err.status, body: { code: err.code, error: err.message } };
      throw err;
    }
  }

  private async route(method: string, path: string, raw: string): Promise<unknown> {
    if (method === "GET" && path === "/v1/address") return { hotWallet: this.hotWallet.address };
    if (method !== "POST") throw refuse(404, "not_found", "no such endpoint");
    let body: Body;
    try {
      body = JSON.parse(raw) as Body;
    } catch {
      throw refuse(400, "bad_request", "not JSON");
    }
    if (typeof body !== "object" || body === null) throw refuse(400, "bad_request", "not a JSON object");
    if (int(body, "chainId") !== this.opts.chainId) throw refuse(403, "wrong_chain", "another chain id");
    if (path === "/v1/withdrawal") return this.withdrawal(body);
    if (path === "/v1/gas-topup") return this.topUp(body);
    if (path === "/v1/sweep") return this.sweep(body);
    throw refuse(404, "not_found", "no such endpoint");
  }

  private token(currency: unknown): EvmToken {
    const token = this.opts.tokens.find((t) => t.symbol === currency);
    if (!token) throw refuse(403, "unknown_currency", `${String(currency)} is not a token this signer pays`);
    return token;
  }

  private fees(body: Body): { maxFeePerGas: bigint; maxPriorityFeePerGas: bigint } {
    const maxFeePerGas = units(body, "maxFeePerGas");
    const maxPriorityFeePerGas = units(body, "maxPriorityFeePerGas");
    if (maxPriorityFeePerGas > maxFeePerGas) throw refuse(400, "bad_request", "priority fee above the max fee");
    if (maxFeePerGas > this.opts.maxFeePerGas)
      throw refuse(403, "fee_too_high", "max fee per gas above the signer's cap");
    return { maxFeePerGas, maxPriorityFeePerGas };
  }

  private limit(table: Record<string, string>, token: EvmToken, what: string): bigint {
    const text = table[token.symbol];
    const u = text === undefined ? null : toTokenUnits(text, token.decimals);
    if (u === null)
      throw refuse(403, "no_limit", `no ${what} limit for ${token.symbol}: the signer signs nothing in it`);
    return BigInt(u);
  }

  private async withdrawal(body: Body) {
    const id = int(body, "withdrawalId");
    const token = this.token(body.currency);
    const told = body.token === null ? null : typeof body.token === "string" ? body.token.toLowerCase() : undefined;
    if (told !== (token.contract?.toLowerCase() ?? null)) {
      throw refuse(403, "wrong_token", `the token contract is not ${token.symbol}'s`);
    }
    const to = address(body, "to");
    const amount = units(body, "amountUnits");
    if (amount <= 0n) throw refuse(400, "bad_request", "amountUnits: more than 0");
    const nonce = int(body, "nonce");
    const gas = BigInt(int(body, "gasLimit"));
    if (token.contract ? gas > MAX_TOKEN_GAS : gas !== NATIVE_GAS)
      throw refuse(403, "bad_gas", "gas limit out of range");
    const fees = this.fees(body);
    const day = new Date(this.now()).toISOString().slice(0, 10);
    const entry = {
      chainId: this.opts.chainId,
      currency: token.symbol,
      token: token.contract?.toLowerCase() ?? null,
      to: to.toLowerCase(),
      amountUnits: amount.toString(),
      nonce,
      maxFeePerGas: fees.maxFeePerGas.toString(),
      maxPriorityFeePerGas: fees.maxPriorityFeePerGas.toString(),
      hashes: [] as string[],
      day,
    };
    const before = this.state.withdrawal(id);
    if (before) {
      const same = (["chainId", "currency", "token", "to", "amountUnits", "nonce"] as const).every(
        (k) => before[k] === entry[k],
      );
      if (!same) throw refuse(409, "different_content", `withdrawal ${id} was signed before with other content`);
      const oldMax = BigInt(before.maxFeePerGas);
      const oldTip = BigInt(before.maxPriorityFeePerGas);
      const unchanged = fees.maxFeePerGas === oldMax && fees.maxPriorityFeePerGas === oldTip;
      const raised =
        fees.maxFeePerGas * 100n >= oldMax * REPLACEMENT_BUMP_PERCENT &&
        fees.maxPriorityFeePerGas * 100n >= oldTip * REPLACEMENT_BUMP_PERCENT;
      if (!unchanged && !raised) {
        throw refuse(409, "fee_not_raised", "a replacement must raise both fees by at least 10 %");
      }
      entry.day = before.day;
      entry.hashes = before.hashes;
    } else {
      if (amount > this.limit(this.opts.maxPerTx, token, "per-transaction")) {
        throw refuse(403, "over_tx_limit", `over the signer's per-transaction limit for ${token.symbol}`);
      }
      const perDay = this.limit(this.opts.maxPerDay, token, "daily");
      if (this.state.signedToday(day, token.symbol) + amount > perDay) {
        throw refuse(403, "over_day_limit", `over the signer's daily limit for ${token.symbol}`);
      }
    }
    const signed = await this.hotWallet.signTransaction({
      chainId: this.opts.chainId,
      type: "eip1559",
      nonce,
      gas,
      ...fees,
      ...(token.contract
        ? { to: token.contract, value: 0n, data: encodeFunctionData({ abi: [TRANSFER], args: [to, amount] }) }
        : { to, value: amount }),
    });
    const hash = keccak256(signed);
    if (!entry.hashes.includes(hash)) entry.hashes = [...entry.hashes, hash];
    this.state.record(id, entry, before === undefined);
    return { hash, rawTx: signed, from: this.hotWallet.address };
  }

  private child(userId: number): PrivateKeyAccount {
    if (!this.deposits) throw refuse(403, "no_sweeps", "this signer has no deposit key (SIGNER_XPRV)");
    const key = this.deposits.deriveChild(userId).privateKey;
    if (!key) throw refuse(500, "no_key", "no child key");
    return privateKeyToAccount(bytesToHex(key));
  }

  /** Gas for a sweep: only to customer n's own deposit address, capped. */
  private async topUp(body: Body) {
    const userId = int(body, "userId", 0x7fff_ffff);
    const to = address(body, "to");
    const child = this.child(userId);
    if (child.address !== to) throw refuse(403, "not_a_deposit_address", "not the deposit address of that customer");
    const value = units(body, "valueWei");
    if (value <= 0n || value > this.opts.maxTopUpWei) throw refuse(403, "over_topup_limit", "gas top-up above the cap");
    const day = new Date(this.now()).toISOString().slice(0, 10);
    if (this.state.toppedUpOn(day) + value > this.opts.maxTopUpPerDayWei) {
      throw refuse(403, "over_topup_day_limit", "over the signer's daily cap on gas top-ups");
    }
    const signed = await this.hotWallet.signTransaction({
      chainId: this.opts.chainId,
      type: "eip1559",
      nonce: int(body, "nonce"),
      gas: NATIVE_GAS,
      ...this.fees(body),
      to,
      value,
    });
    this.state.recordTopUp(day, value);
    return { hash: keccak256(signed), rawTx: signed, from: this.hotWallet.address };
  }

  /** A balance from customer n's deposit address to the hot wallet (nowhere else). */
  private async sweep(body: Body) {
    const userId = int(body, "userId", 0x7fff_ffff);
    const token = this.token(body.currency);
    if (body.to !== undefined && address(body, "to") !== this.hotWallet.address) {
      throw refuse(403, "not_the_hot_wallet", "a sweep goes to the hot wallet only");
    }
    const amount = units(body, "amountUnits");
    if (amount <= 0n) throw refuse(400, "bad_request", "amountUnits: more than 0");
    const gas = BigInt(int(body, "gasLimit"));
    if (token.contract ? gas > MAX_TOKEN_GAS : gas !== NATIVE_GAS)
      throw refuse(403, "bad_gas", "gas limit out of range");
    const fees = this.fees(body);
    if (!token.contract && amount + gas * fees.maxFeePerGas > units(body, "balanceWei")) {
      throw refuse(403, "over_balance", "the amount and the most the gas can cost exceed the address's balance");
    }
    const child = this.child(userId);
    const signed = await child.signTransaction({
      chainId: this.opts.chainId,
      type: "eip1559",
      nonce: int(body, "nonce"),
      gas,
      ...fees,
      ...(token.contract
        ? {
            to: token.contract,
            value: 0n,
            data: encodeFunctionData({ abi: [TRANSFER], args: [this.hotWallet.address, amount] }),
          }
        : { to: this.hotWallet.address, value: amount }),
    });
    return { hash: keccak256(signed), rawTx: signed, from: child.address };
  }
}

/** The HTTP server around a Signer (bind it to 127.0.0.1). */
export function createSignerServer(signer: Signer, log: (msg: string) => void = () => undefined): http.Server {
  return http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on("data", (c: Buffer) => {
      size += c.length;
      if (size > BODY_MAX) req.destroy();
      else chunks.push(c);
    });
    req.on("end", () => {
      const path = (req.url ?? "/").split("?")[0] ?? "/";
      signer
        .handle(req.method ?? "GET", path, req.headers, Buffer.concat(chunks).toString("utf8"))
        .catch((err: unknown) => {
          log(`signer: ${err instanceof Error ? err.message : String(err)}`);
          return { status: 500, body: { code: "error", error: "the signer failed" } };
        })
        .then(({ status, body }) => {
          if (status !== 200) log(`signer: ${req.method} ${path} refused ${status} ${JSON.stringify(body)}`);
          res.writeHead(status, { "content-type": "application/json" });
          res.end(JSON.stringify(body));
        });
    });
  });
}
