// Withdrawals paid on the EVM chain (a configured token on CHAIN_EVM_NETWORK), instead of by
// the payment provider. The payout job (start): under the hot wallet's nonce lock and the
// withdrawal's row lock, ask the signer to sign the approved withdrawal's facts, record the
// signed transaction with its nonce, then broadcast it. Each watcher round (track): broadcast
// what is signed, and for what is out: mined with CHAIN_EVM_CONFIRMATIONS → the hold is posted
// (status 2, providerRef = the hash); reverted → the hold is voided (status -2); no receipt for
// CHAIN_EVM_STUCK_BLOCKS → the same nonce, destination and amount signed again with fees
// raised and broadcast. The ledger moves only through withdrawal-transitions.ts (row lock,
// status guard, idempotency keys). A signer refusal (e.g. over its limit) fails the
// withdrawal and returns the hold: it is never paid.
import { toTokenUnits } from "@candor/domain";
import { and, desc, eq, inArray, ne, sql } from "drizzle-orm";
import type { Hex, PublicClient } from "viem";
import type { EvmChainConfig, EvmSignerConfig } from "../../../chain-config";
import type { Db } from "../../../db";
import { AppError } from "../../../lib/errors";
import type { JobOutcome } from "../../../lib/jobs";
import { type EvmPayoutStatus, evmPayouts, withdrawals } from "../schema";
import { markWithdrawalPaid, voidInFlightWithdrawal } from "../withdrawal-transitions";
import type { WithdrawalRow } from "../withdrawals";
import { withNonce } from "./nonces";
import { type SignedTx, type SignerClient, SignerRefused } from "./signer-client";
import type { WatcherLog } from "./watcher";

type PayoutRow = typeof evmPayouts.$inferSelect;

/** Gas limits: a plain transfer of the native coin; an ERC-20 transfer (generous; unused gas is not paid). */
export const NATIVE_GAS = 21_000;
export const TOKEN_GAS = 100_000;
/** A replacement raises both fees by this much (percent; nodes want at least +10 %). */
const BUMP_PERCENT = 125n;
/** The signer unreachable: the payout job asks again after this. */
const SIGNER_RETRY_MS = 5_000;

export interface ChainPayoutsDeps {
  db: Db;
  chain: EvmChainConfig & { signer: EvmSignerConfig };
  client: PublicClient;
  signer: SignerClient;
  log: WatcherLog;
  /** After a withdrawal was paid or failed (the wallet announces it). */
  onSettled?: (withdrawalId: number) => Promise<void>;
}

export interface TrackResult {
  broadcast: number;
  paid: number;
  reverted: number;
  replaced: number;
}

export class ChainPayouts {
  constructor(private readonly deps: ChainPayoutsDeps) {}

  private get chainId() {
    return this.deps.chain.chainId;
  }

  /** The withdrawal goes to an address on the chain's network in a configured token. */
  pays(row: WithdrawalRow): boolean {
    const d = row.destination;
    return (
      d.type === "wallet" &&
      d.network === this.deps.chain.network &&
      this.deps.chain.tokens.some((t) => t.symbol === row.currency)
    );
  }

  /** A signed transaction exists for the withdrawal (it may be paid whatever happens now). */
  async inFlight(withdrawalId: number): Promise<boolean> {
    return (await this.live(withdrawalId)) !== undefined;
  }

  private async live(withdrawalId: number): Promise<PayoutRow | undefined> {
    const [row] = await this.deps.db
      .select()
      .from(evmPayouts)
      .where(and(eq(evmPayouts.withdrawalId, withdrawalId), ne(evmPayouts.status, "refused")))
      .limit(1);
    return row;
  }

  private async fees() {
    const est = await this.deps.client.estimateFeesPerGas();
    return { maxFeePerGas: est.maxFeePerGas, maxPriorityFeePerGas: est.maxPriorityFeePerGas };
  }

  /** The payout job for an approved withdrawal on the chain. */
  async start(row: WithdrawalRow): Promise<JobOutcome> {
    const existing = await this.live(row.id);
    if (existing) {
      if (existing.status === "signed") await this.broadcast(existing);
      return undefined;
    }
    const token = this.deps.chain.tokens.find((t) => t.symbol === row.currency);
    const address = row.destination.type === "wallet" ? row.destination.address : "";
    const units = token ? toTokenUnits(row.receive, token.decimals) : null;
    if (!token || units === null || units === "0") {
      await this.fail(row.id, "the amount cannot be sent exactly in the token's units");
      return undefined;
    }
    const hot = this.deps.chain.signer.hotWallet;
    let signed: PayoutRow | null;
    try {
      const fees = await this.fees();
      const pending = await this.deps.client.getTransactionCount({ address: hot, blockTag: "pending" });
      signed = await withNonce(this.deps.db, this.chainId, hot, pending, async (nonce, tx) => {
        // Under the withdrawal's row lock: an operator who failed it meanwhile wins (nothing is signed).
        const [w] = await tx.select().from(withdrawals).where(eq(withdrawals.id, row.id)).for("update");
        if (w?.status !== 1 || w.failingSince) return null;
        const gasLimit = token.contract ? TOKEN_GAS : NATIVE_GAS;
        const facts = {
          withdrawalId: row.id,
          chainId: this.chainId,
          currency: token.symbol,
          token: token.contract?.toLowerCase() ?? null,
          to: address,
          amountUnits: units,
          nonce,
          gasLimit,
          maxFeePerGas: fees.maxFeePerGas.toString(),
          maxPriorityFeePerGas: fees.maxPriorityFeePerGas.toString(),
        };
        const s = await this.deps.signer.sign("/v1/withdrawal", facts);
        const [inserted] = await tx
          .insert(evmPayouts)
          .values({
            chainId: this.chainId,
            withdrawalId: row.id,
            fromAddress: hot.toLowerCase(),
            toAddress: address.toLowerCase(),
            token: facts.token,
            amountUnits: units,
            nonce,
            status: "signed",
            rawTx: s.rawTx,
            txHash: s.hash,
            hashes: [s.hash],
            gasLimit,
            maxFeePerGas: facts.maxFeePerGas,
            maxPriorityFeePerGas: facts.maxPriorityFeePerGas,
          })
          .returning();
        return inserted ?? null;
      });
    } catch (err) {
      if (err instanceof SignerRefused) {
        await this.deps.db.insert(evmPayouts).values({
          chainId: this.chainId,
          withdrawalId: row.id,
          fromAddress: hot.toLowerCase(),
          toAddress: address.toLowerCase(),
          token: token.contract?.toLowerCase() ?? null,
          amountUnits: units,
          status: "refused",
          reason: `${err.code}: ${err.message}`,
        });
        this.deps.log.warn({ withdrawalId: row.id, code: err.code }, "chain: the signer refused a withdrawal");
        await this.fail(row.id, `the signer refused: ${err.message}`);
        return undefined;
      }
      this.deps.log.warn({ err, withdrawalId: row.id }, "chain: could not sign a withdrawal; trying again");
      return { retryInMs: SIGNER_RETRY_MS };
    }
    if (signed) await this.broadcast(signed);
    return undefined;
  }

  /**
   * Sends the current signed transaction, once: it is claimed (signed → broadcast) first, so
   * the payout job and a watcher round never send it both (a node that already has it counts
   * as sent; one lost after the claim is replaced when stuck).
   */
  private async broadcast(p: PayoutRow): Promise<boolean> {
    const { client, db } = this.deps;
    if (!p.rawTx || !p.txHash) return false;
    const head = Number(await client.getBlockNumber({ cacheTime: 0 }));
    const mine = and(eq(evmPayouts.id, p.id), eq(evmPayouts.txHash, p.txHash));
    const [claimed] = await db
      .update(evmPayouts)
      .set({ status: "broadcast", broadcastBlock: head, updatedAt: sql`now()` })
      .where(and(mine, eq(evmPayouts.status, "signed")))
      .returning({ id: evmPayouts.id });
    if (!claimed) return false;
    try {
      await client.sendRawTransaction({ serializedTransaction: p.rawTx as Hex });
    } catch (err) {
      const known = await client.getTransaction({ hash: p.txHash as Hex }).catch(() => null);
      if (!known) {
        this.deps.log.warn({ err, withdrawalId: p.withdrawalId }, "chain: broadcast failed; trying again next round");
        await db
          .update(evmPayouts)
          .set({ status: "signed" })
          .where(and(mine, eq(evmPayouts.status, "broadcast")));
        return false;
      }
    }
    await this.showHash(p.withdrawalId, p.txHash);
    return true;
  }

  /** The customer's record shows the current transaction and its explorer link. */
  private async showHash(withdrawalId: number, hash: string) {
    const explorerUrl = this.deps.chain.explorerTx?.replaceAll("{hash}", hash) ?? null;
    await this.deps.db
      .update(withdrawals)
      .set({ txHash: hash, explorerUrl, updatedAt: sql`now()` })
      .where(eq(withdrawals.id, withdrawalId));
  }

  private async fail(withdrawalId: number, reason: string) {
    await this.settle(withdrawalId, () => voidInFlightWithdrawal(this.deps.db, withdrawalId, reason));
  }

  private async settle(withdrawalId: number, action: () => Promise<unknown>) {
    try {
      await action();
    } catch (err) {
      if (err instanceof AppError && err.status === 409) {
        this.deps.log.error({ withdrawalId }, "chain: the chain's outcome does not match the withdrawal's state");
        return;
      }
      throw err;
    }
    await this.deps.onSettled?.(withdrawalId).catch(() => undefined);
  }

  private async setStatus(p: PayoutRow, status: EvmPayoutStatus, patch: Partial<PayoutRow> = {}) {
    await this.deps.db
      .update(evmPayouts)
      .set({ ...patch, status, updatedAt: sql`now()` })
      .where(and(eq(evmPayouts.id, p.id), eq(evmPayouts.status, p.status)));
  }

  /** One watcher round's work on the payouts in flight. */
  async track(): Promise<TrackResult> {
    const { db, client } = this.deps;
    const result: TrackResult = { broadcast: 0, paid: 0, reverted: 0, replaced: 0 };
    const open = await db
      .select()
      .from(evmPayouts)
      .where(and(eq(evmPayouts.chainId, this.chainId), inArray(evmPayouts.status, ["signed", "broadcast"])))
      .orderBy(desc(evmPayouts.id));
    if (open.length === 0) return result;
    const head = Number(await client.getBlockNumber({ cacheTime: 0 }));
    for (const p of open) {
      if (p.status === "signed") {
        if (await this.broadcast(p)) result.broadcast++;
        continue;
      }
      const receipt = await this.receiptOf(p);
      if (receipt) {
        const mined = Number(receipt.blockNumber);
        if (head - mined + 1 < this.deps.chain.confirmations) {
          if (p.minedBlock !== mined)
            await db.update(evmPayouts).set({ minedBlock: mined }).where(eq(evmPayouts.id, p.id));
          continue;
        }
        const hash = receipt.transactionHash;
        if (receipt.status === "success") {
          await this.showHash(p.withdrawalId, hash);
          await this.settle(p.withdrawalId, () => markWithdrawalPaid(db, "system", p.withdrawalId, hash));
          await this.setStatus(p, "confirmed", { txHash: hash, minedBlock: mined });
          result.paid++;
        } else {
          await this.settle(p.withdrawalId, () =>
            voidInFlightWithdrawal(db, p.withdrawalId, "the transaction failed on the chain (reverted)"),
          );
          await this.setStatus(p, "reverted", { txHash: hash, minedBlock: mined, reason: "reverted" });
          result.reverted++;
        }
        continue;
      }
      if (p.broadcastBlock !== null && head - p.broadcastBlock >= this.deps.chain.signer.stuckBlocks) {
        if (await this.replace(p)) result.replaced++;
      }
    }
    return result;
  }

  /** The receipt of whichever of its transactions was mined (the newest first), or null. */
  private async receiptOf(p: PayoutRow) {
    for (const hash of [...p.hashes].reverse()) {
      const receipt = await this.deps.client.getTransactionReceipt({ hash: hash as Hex }).catch(() => null);
      if (receipt) return receipt;
    }
    return null;
  }

  /** The same nonce, destination and amount with both fees raised (at least the market's now). */
  private async replace(p: PayoutRow): Promise<boolean> {
    const token = this.deps.chain.tokens.find((t) => (t.contract?.toLowerCase() ?? null) === p.token);
    if (!token || p.nonce === null || p.maxFeePerGas === null || p.maxPriorityFeePerGas === null) return false;
    const market = await this.fees();
    const bump = (old: string, now: bigint) => {
      const raised = (BigInt(old) * BUMP_PERCENT + 99n) / 100n;
      return raised > now ? raised : now;
    };
    const maxPriorityFeePerGas = bump(p.maxPriorityFeePerGas, market.maxPriorityFeePerGas);
    let maxFeePerGas = bump(p.maxFeePerGas, market.maxFeePerGas);
    if (maxFeePerGas < maxPriorityFeePerGas) maxFeePerGas = maxPriorityFeePerGas;
    let s: SignedTx;
    try {
      s = await this.deps.signer.sign("/v1/withdrawal", {
        withdrawalId: p.withdrawalId,
        chainId: this.chainId,
        currency: token.symbol,
        token: p.token,
        to: p.toAddress,
        amountUnits: p.amountUnits,
        nonce: p.nonce,
        gasLimit: p.gasLimit ?? TOKEN_GAS,
        maxFeePerGas: maxFeePerGas.toString(),
        maxPriorityFeePerGas: maxPriorityFeePerGas.toString(),
      });
    } catch (err) {
      // Refused (e.g. the fee cap): the first transaction may still be mined; an operator looks.
      this.deps.log.error({ err, withdrawalId: p.withdrawalId }, "chain: a stuck withdrawal could not be replaced");
      return false;
    }
    const [updated] = await this.deps.db
      .update(evmPayouts)
      .set({
        rawTx: s.rawTx,
        txHash: s.hash,
        hashes: sql`array_append(${evmPayouts.hashes}, ${s.hash})`,
        maxFeePerGas: maxFeePerGas.toString(),
        maxPriorityFeePerGas: maxPriorityFeePerGas.toString(),
        replacements: sql`${evmPayouts.replacements} + 1`,
        status: "signed",
        updatedAt: sql`now()`,
      })
      .where(and(eq(evmPayouts.id, p.id), eq(evmPayouts.replacements, p.replacements)))
      .returning();
    if (!updated) return false;
    this.deps.log.info(
      { withdrawalId: p.withdrawalId, nonce: p.nonce, hash: s.hash },
      "chain: stuck withdrawal replaced",
    );
    await this.broadcast(updated);
    return true;
  }
}
