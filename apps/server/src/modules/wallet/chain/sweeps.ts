// Sweeps: a customer's deposit address holding at least CHAIN_EVM_SWEEP_THRESHOLDS of a token
// has it moved to the hot wallet. If the address has too little of the native coin for the
// gas, the hot wallet tops it up first (signed by the signer, only to a derived deposit
// address, capped); once that is mined, the signer signs the token transfer with the
// address's own key (child n of its SIGNER_XPRV), only ever to the hot wallet. Each sweep is
// recorded (evm_sweeps) with both hashes. The native coin at or above its threshold is swept
// too: its balance less the most the gas can cost at the current fee, signed with the same
// key, to the hot wallet only (token "native", no top-up). An address's tokens go first: no
// native sweep while it has a sweep in flight or a token at its threshold, so the gas a
// top-up just sent is never taken away from the token it is for. This is platform custody only: the customer was
// credited when the deposit arrived, and no ledger balance moves here (the ledger has no
// per-address custody accounts).
import { toTokenUnits } from "@candor/domain";
import { and, eq, gt, inArray, like, sql } from "drizzle-orm";
import { type Address, erc20Abi, type Hex, type PublicClient } from "viem";
import type { EvmChainConfig, EvmSignerConfig, EvmToken } from "../../../chain-config";
import type { Db } from "../../../db";
import { evmDepositAddresses, evmSweeps } from "../schema";
import { withNonce } from "./nonces";
import { type SignerClient, SignerRefused } from "./signer-client";
import type { WatcherLog } from "./watcher";

type SweepRow = typeof evmSweeps.$inferSelect;

/** Gas limit of a sweep's token transfer, and the top-up's margin over today's fee (percent). */
const SWEEP_GAS = 100_000n;
/** A native-coin transfer's gas; `evm_sweeps.token` of a native sweep. */
const NATIVE_GAS = 21_000n;
export const NATIVE_SWEEP = "native";
const TOPUP_MARGIN_PERCENT = 200n;
/** A sweep the signer refused is recorded (failed, with its reason) and tried again after this. */
const REFUSED_RETRY = "1 hour";
const REFUSED_PREFIX = "refused by the signer";

export interface ChainSweepsDeps {
  db: Db;
  chain: EvmChainConfig & { signer: EvmSignerConfig };
  client: PublicClient;
  signer: SignerClient;
  log: WatcherLog;
}

export class ChainSweeps {
  private readonly tokens: Array<{ token: EvmToken & { contract: Address }; threshold: bigint }> = [];
  private readonly native: { token: EvmToken; threshold: bigint } | null = null;
  private lastScan = -1;

  constructor(private readonly deps: ChainSweepsDeps) {
    for (const [symbol, amount] of Object.entries(deps.chain.signer.sweepThresholds)) {
      const token = deps.chain.tokens.find((t) => t.symbol === symbol);
      const units = token ? toTokenUnits(amount, token.decimals) : null;
      if (!token || units === null) continue;
      if (token.contract) {
        this.tokens.push({ token: token as EvmToken & { contract: Address }, threshold: BigInt(units) });
      } else {
        this.native = { token, threshold: BigInt(units) };
      }
    }
  }

  private get chainId() {
    return this.deps.chain.chainId;
  }

  /** One round: move the sweeps in flight on, then (once per new block) look for balances to sweep. */
  async round(): Promise<{ started: number; done: number }> {
    if (this.tokens.length === 0 && !this.native) return { started: 0, done: 0 };
    const { client } = this.deps;
    const head = Number(await client.getBlockNumber({ cacheTime: 0 }));
    const done = await this.progress(head);
    if (head === this.lastScan) return { started: 0, done };
    this.lastScan = head;
    return { started: await this.scan(), done };
  }

  private async progress(head: number): Promise<number> {
    const { db, client } = this.deps;
    const open = await db
      .select()
      .from(evmSweeps)
      .where(and(eq(evmSweeps.chainId, this.chainId), inArray(evmSweeps.status, ["gas_sent", "sent"])));
    let done = 0;
    for (const s of open) {
      if (s.status === "sent" && !s.txHash) {
        await (s.token === NATIVE_SWEEP ? this.sendNative(s) : this.sendTransfer(s));
        continue;
      }
      const hash = s.status === "gas_sent" ? s.gasTxHash : s.txHash;
      const receipt = hash ? await client.getTransactionReceipt({ hash: hash as Hex }).catch(() => null) : null;
      if (!receipt) {
        // Not mined: if the node does not know it either, the broadcast was lost (or never
        // happened): send the same signed transaction again (never a new one at a new nonce).
        const raw = s.status === "gas_sent" ? s.gasRawTx : s.rawTx;
        const known = hash ? await client.getTransaction({ hash: hash as Hex }).catch(() => null) : null;
        if (raw && !known) await this.broadcast(raw, s.address);
        continue;
      }
      if (receipt.status !== "success") {
        await this.set(s, {
          status: "failed",
          reason: `${s.status === "gas_sent" ? "gas top-up" : "transfer"} reverted`,
        });
        continue;
      }
      if (s.status === "gas_sent") {
        await this.sendTransfer(s);
      } else if (head - Number(receipt.blockNumber) + 1 >= this.deps.chain.confirmations) {
        await this.set(s, { status: "done" });
        done++;
      }
    }
    return done;
  }

  /** The signer signs the sweep's transfer, or refuses it: then the sweep fails with its reason (tried again in an hour). */
  private async signSweep(s: SweepRow, body: Record<string, unknown>) {
    try {
      return await this.deps.signer.sign("/v1/sweep", body);
    } catch (err) {
      if (!(err instanceof SignerRefused)) throw err;
      this.deps.log.warn({ address: s.address, code: err.code }, "chain: the signer refused a sweep");
      await this.set(s, { status: "failed", reason: `transfer ${REFUSED_PREFIX}: ${err.message}` });
      return null;
    }
  }

  /** A gas top-up the signer refused (e.g. its daily cap): one failed sweep with the reason, for finance to see. */
  private async recordRefusal(
    values: Pick<SweepRow, "chainId" | "userId" | "address" | "token" | "amountUnits">,
    err: SignerRefused,
  ) {
    this.deps.log.warn({ address: values.address, code: err.code }, "chain: the signer refused a sweep's gas top-up");
    await this.deps.db
      .insert(evmSweeps)
      .values({ ...values, status: "failed", reason: `gas top-up ${REFUSED_PREFIX}: ${err.message}` });
  }

  private async set(s: SweepRow, patch: Partial<SweepRow>) {
    await this.deps.db
      .update(evmSweeps)
      .set({ ...patch, updatedAt: sql`now()` })
      .where(and(eq(evmSweeps.id, s.id), eq(evmSweeps.status, s.status)));
  }

  private async scan(): Promise<number> {
    const { db, client } = this.deps;
    const addresses = await db
      .select({ address: evmDepositAddresses.address, userId: evmDepositAddresses.userId })
      .from(evmDepositAddresses)
      .where(eq(evmDepositAddresses.chainId, this.chainId));
    const inFlight = await db
      .select({ address: evmSweeps.address, token: evmSweeps.token })
      .from(evmSweeps)
      .where(and(eq(evmSweeps.chainId, this.chainId), inArray(evmSweeps.status, ["gas_sent", "sent"])));
    // Sweeps the signer refused in the last hour wait (one failed row per refusal, not one per block).
    const refused = await db
      .select({ address: evmSweeps.address, token: evmSweeps.token })
      .from(evmSweeps)
      .where(
        and(
          eq(evmSweeps.chainId, this.chainId),
          eq(evmSweeps.status, "failed"),
          like(evmSweeps.reason, `%${REFUSED_PREFIX}%`),
          gt(evmSweeps.updatedAt, sql`now() - ${REFUSED_RETRY}::interval`),
        ),
      );
    const open = new Set([...inFlight, ...refused].map((o) => `${o.address}:${o.token}`));
    // Addresses whose tokens are (or are about to be) on their way: their native coin waits.
    const tokensFirst = new Set(
      [...inFlight, ...refused.filter((o) => o.token !== NATIVE_SWEEP)].map((o) => o.address),
    );
    let started = 0;
    for (const { token, threshold } of this.tokens) {
      const todo = addresses.filter((a) => !open.has(`${a.address.toLowerCase()}:${token.contract.toLowerCase()}`));
      // One JSON-RPC batch per token.
      const balances = await Promise.all(
        todo.map((a) =>
          client.readContract({
            address: token.contract,
            abi: erc20Abi,
            functionName: "balanceOf",
            args: [a.address as Address],
          }),
        ),
      );
      for (const [i, a] of todo.entries()) {
        const balance = balances[i] ?? 0n;
        if (balance < threshold || balance === 0n) continue;
        tokensFirst.add(a.address.toLowerCase());
        if (await this.begin(a.userId, a.address as Address, token, balance)) started++;
      }
    }
    if (this.native) {
      const { threshold } = this.native;
      const todo = addresses.filter(
        (a) => !tokensFirst.has(a.address.toLowerCase()) && !open.has(`${a.address.toLowerCase()}:${NATIVE_SWEEP}`),
      );
      const balances = await Promise.all(todo.map((a) => client.getBalance({ address: a.address as Address })));
      for (const [i, a] of todo.entries()) {
        const balance = balances[i] ?? 0n;
        if (balance < threshold || balance === 0n) continue;
        const [row] = await db
          .insert(evmSweeps)
          .values({
            chainId: this.chainId,
            userId: a.userId,
            address: a.address.toLowerCase(),
            token: NATIVE_SWEEP,
            amountUnits: balance.toString(),
            status: "sent",
          })
          .onConflictDoNothing()
          .returning();
        if (!row) continue;
        await this.sendNative(row);
        started++;
      }
    }
    return started;
  }

  /** Signs (with the address's own key, to the hot wallet only) and sends balance − the most the gas can cost. */
  private async sendNative(s: SweepRow) {
    const { client } = this.deps;
    const native = this.native?.token;
    if (!native) return;
    const address = s.address as Address;
    const [fees, balance, nonce] = await Promise.all([
      client.estimateFeesPerGas(),
      client.getBalance({ address }),
      client.getTransactionCount({ address, blockTag: "pending" }),
    ]);
    const amount = balance - NATIVE_GAS * fees.maxFeePerGas;
    if (amount <= 0n) {
      await this.set(s, { status: "failed", reason: "nothing left after the gas" });
      return;
    }
    const signed = await this.signSweep(s, {
      chainId: this.chainId,
      userId: s.userId,
      currency: native.symbol,
      to: this.deps.chain.signer.hotWallet,
      amountUnits: amount.toString(),
      balanceWei: balance.toString(),
      nonce,
      gasLimit: Number(NATIVE_GAS),
      maxFeePerGas: fees.maxFeePerGas.toString(),
      maxPriorityFeePerGas: fees.maxPriorityFeePerGas.toString(),
    });
    if (!signed) return;
    if (signed.from.toLowerCase() !== address) throw new Error(`sweep of ${address} signed by ${signed.from}`);
    // Recorded first, then broadcast: a lost broadcast is sent again as this same transaction.
    await this.set(s, { txHash: signed.hash, rawTx: signed.rawTx, amountUnits: amount.toString() });
    await this.broadcast(signed.rawTx, address);
  }

  /** Records the sweep and sends the gas top-up, or the transfer at once when the address has the gas. */
  private async begin(userId: number, address: Address, token: EvmToken & { contract: Address }, amount: bigint) {
    const { db, client, chain } = this.deps;
    const fees = await client.estimateFeesPerGas();
    const need = (SWEEP_GAS * fees.maxFeePerGas * TOPUP_MARGIN_PERCENT) / 100n;
    const gasBalance = await client.getBalance({ address });
    const values = {
      chainId: this.chainId,
      userId,
      address: address.toLowerCase(),
      token: token.contract.toLowerCase(),
      amountUnits: amount.toString(),
    };
    if (gasBalance >= SWEEP_GAS * fees.maxFeePerGas) {
      const [row] = await db
        .insert(evmSweeps)
        .values({ ...values, status: "sent" })
        .onConflictDoNothing()
        .returning();
      if (row) await this.sendTransfer(row);
      return row !== undefined;
    }
    const hot = chain.signer.hotWallet;
    const pending = await client.getTransactionCount({ address: hot, blockTag: "pending" });
    const refusal: { err?: SignerRefused } = {};
    const row = await withNonce(db, this.chainId, hot, pending, async (nonce, tx) => {
      const [existing] = await tx
        .select({ id: evmSweeps.id })
        .from(evmSweeps)
        .where(
          and(
            eq(evmSweeps.chainId, this.chainId),
            eq(evmSweeps.address, values.address),
            eq(evmSweeps.token, values.token),
            inArray(evmSweeps.status, ["gas_sent", "sent"]),
          ),
        );
      if (existing) return null;
      const signed = await this.deps.signer
        .sign("/v1/gas-topup", {
          chainId: this.chainId,
          userId,
          to: address,
          valueWei: (need - gasBalance).toString(),
          nonce,
          maxFeePerGas: fees.maxFeePerGas.toString(),
          maxPriorityFeePerGas: fees.maxPriorityFeePerGas.toString(),
        })
        .catch((err: unknown) => {
          if (err instanceof SignerRefused) refusal.err = err;
          else throw err;
          return null;
        });
      if (!signed) return null; // the nonce is not spent
      const [inserted] = await tx
        .insert(evmSweeps)
        .values({ ...values, status: "gas_sent", gasTxHash: signed.hash, gasNonce: nonce, gasRawTx: signed.rawTx })
        .returning();
      return inserted ? { inserted, rawTx: signed.rawTx } : null;
    });
    if (refusal.err) {
      await this.recordRefusal(values, refusal.err);
      return false;
    }
    if (!row) return false;
    await this.broadcast(row.rawTx, address);
    return true;
  }

  /** Signs (with the address's own key, to the hot wallet only) and sends the token transfer. */
  private async sendTransfer(s: SweepRow) {
    const { client } = this.deps;
    const token = this.tokens.find((t) => t.token.contract.toLowerCase() === s.token)?.token;
    if (!token) return;
    const address = s.address as Address;
    const [fees, gasBalance, nonce] = await Promise.all([
      client.estimateFeesPerGas(),
      client.getBalance({ address }),
      client.getTransactionCount({ address, blockTag: "pending" }),
    ]);
    // Spend at most what the address holds for gas, and no more than the top-up's margin over
    // today's fee (an address that also holds the coin would otherwise offer a fee above the
    // signer's cap and never be swept).
    const affordable = gasBalance / SWEEP_GAS;
    const margin = (fees.maxFeePerGas * TOPUP_MARGIN_PERCENT) / 100n;
    const maxFeePerGas = affordable < margin ? affordable : margin;
    const maxPriorityFeePerGas = fees.maxPriorityFeePerGas < maxFeePerGas ? fees.maxPriorityFeePerGas : maxFeePerGas;
    const signed = await this.signSweep(s, {
      chainId: this.chainId,
      userId: s.userId,
      currency: token.symbol,
      to: this.deps.chain.signer.hotWallet,
      amountUnits: s.amountUnits,
      nonce,
      gasLimit: Number(SWEEP_GAS),
      maxFeePerGas: maxFeePerGas.toString(),
      maxPriorityFeePerGas: maxPriorityFeePerGas.toString(),
    });
    if (!signed) return;
    if (signed.from.toLowerCase() !== address) throw new Error(`sweep of ${address} signed by ${signed.from}`);
    // Recorded first, then broadcast: a lost broadcast is sent again as this same transaction.
    await this.set(s, { status: "sent", txHash: signed.hash, rawTx: signed.rawTx });
    await this.broadcast(signed.rawTx, address);
  }

  /** Sends a signed transaction; a failure is logged (the next round sends it again while the node does not know it). */
  private async broadcast(rawTx: string, address: string) {
    await this.deps.client.sendRawTransaction({ serializedTransaction: rawTx as Hex }).catch((err: unknown) => {
      this.deps.log.warn(
        { err, address },
        "chain: a sweep's transaction was not accepted; it is sent again next round",
      );
    });
  }
}
