// The chain watcher: one round reads the new blocks over JSON-RPC, records the transfers to
// customers' deposit addresses (native coin: a successful transaction to the address;
// ERC-20: the configured tokens' Transfer logs), and credits what reached its threshold.
// Before reading on it re-checks the last processed block's hash: each block commits to its
// parent, so a changed hash there means a reorganisation somewhere below; it then compares
// the kept hashes to find the fork point, voids what was waiting in the dropped blocks and
// reads again from there. Progress lives in the database (store.ts), so a restart or a new
// leader resumes where the last round committed.
import { dec, toMoneyString } from "@candor/domain";
import { BlockNotFoundError, createPublicClient, formatUnits, type Hash, http, type PublicClient } from "viem";
import type { EvmChainConfig, EvmToken } from "../../../chain-config";
import type { Db } from "../../../db";
import { AMOUNT_MAX, listCurrencyRows } from "../currencies";
import { CreditPipeline } from "./credit-pipeline";
import {
  addressesToBackfill,
  initState,
  loadState,
  newAddresses,
  recordBackfill,
  recordRange,
  refreshConfirmations,
  rollBack,
  type SeenTransfer,
  type WatchState,
} from "./store";
import { tokenTransfersTo, transferLogs } from "./transfer-logs";

/** Blocks read and recorded at once (crediting the ranges before goes on meanwhile). */
const RANGE_BLOCKS = 10;
/** New addresses looked up per round (transfer-logs.ts: their earlier token transfers). */
const BACKFILL_ADDRESSES = 100;

export interface WatcherLog {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

export interface WatcherOptions {
  db: Db;
  chain: EvmChainConfig;
  log: WatcherLog;
  /** After a record was credited (the wallet announces it). */
  onCredited?: (depositId: number) => Promise<void>;
  /** Blocks read per round at most (then the next round goes on). */
  maxBlocksPerRound?: number;
  client?: PublicClient;
}

export interface RoundResult {
  head: number;
  processedBlock: number;
  recorded: number;
  credited: number;
  voided: number;
  /** Earlier token transfers found for addresses shown for the first time. */
  backfilled: number;
  /** Time spent reading blocks from the node, recording them, and crediting (ms; the bench reports them). */
  readMs: number;
  recordMs: number;
  creditMs: number;
}

export function chainClient(rpcUrl: string): PublicClient {
  // Concurrent requests of a round go out as one JSON-RPC batch; nothing cached between rounds.
  return createPublicClient({ transport: http(rpcUrl, { batch: { batchSize: 200 }, retryCount: 1 }), cacheTime: 0 });
}

export class EvmWatcher {
  readonly client: PublicClient;
  /**
   * The last block this watcher has fully handled: recorded, and everything due by it
   * credited (-1 before its first round). Set at the end of a round.
   */
  processedBlock = -1;
  private readonly addresses = new Map<string, number>();
  private addressSeq = 0;
  private readonly tokens = new Map<string, EvmToken>();
  private readonly native: EvmToken | null;
  private readonly maxBlocks: number;
  private chainChecked = false;

  constructor(private readonly opts: WatcherOptions) {
    this.client = opts.client ?? chainClient(opts.chain.rpcUrl);
    for (const t of opts.chain.tokens) if (t.contract) this.tokens.set(t.contract.toLowerCase(), t);
    this.native = opts.chain.tokens.find((t) => t.contract === null) ?? null;
    this.maxBlocks = opts.maxBlocksPerRound ?? 500;
  }

  /** An error's first line for operators, without the RPC URL (it may carry a provider's key). */
  describeError(err: unknown): string {
    const message = err instanceof Error ? err.message : String(err);
    const line = (message.split("\n")[0] ?? "").slice(0, 500);
    return line.replaceAll(this.opts.chain.rpcUrl, "<CHAIN_EVM_RPC_URL>");
  }

  private get chainId(): number {
    return this.opts.chain.chainId;
  }

  /** One round: catch up with the chain's head (up to maxBlocksPerRound blocks), then credit. */
  async round(): Promise<RoundResult> {
    const { db } = this.opts;
    if (!this.chainChecked) {
      const id = await this.client.getChainId();
      if (id !== this.chainId)
        throw new Error(`CHAIN_EVM_RPC_URL serves chain ${id}, not CHAIN_EVM_CHAIN_ID ${this.chainId}`);
      this.chainChecked = true;
    }
    const head = Number(await this.client.getBlockNumber({ cacheTime: 0 }));
    await this.refreshAddresses();
    let state = await loadState(db, this.chainId);
    if (!state) {
      await initState(db, this.chainId, head, await this.hashOrThrow(head));
      this.opts.log.info({ chainId: this.chainId, block: head }, "chain: following from this block on");
      state = await loadState(db, this.chainId);
      if (!state) throw new Error("chain state was not stored");
    }
    const result: RoundResult = {
      head,
      processedBlock: state.lastBlock,
      recorded: 0,
      credited: 0,
      voided: 0,
      backfilled: 0,
      readMs: 0,
      recordMs: 0,
      creditMs: 0,
    };
    if ((await this.hashAt(state.lastBlock)) !== state.hashes.get(state.lastBlock)) {
      const rolled = await this.rollBackToFork(state, head);
      if (!rolled) return result;
      result.voided = rolled.voided;
      state = rolled.state;
    }
    const minimums = await this.minimums();
    let from = state.lastBlock + 1;
    let parent = state.hashes.get(state.lastBlock);
    const until = Math.min(head, state.lastBlock + this.maxBlocks);
    let processed = state.lastBlock;
    // What the ranges recorded before became due is credited while the next range is read.
    const credits = new CreditPipeline(db, this.chainId, this.opts.onCredited);
    try {
      while (from <= until) {
        const to = Math.min(until, from + RANGE_BLOCKS - 1);
        const readStarted = performance.now();
        const scanned = await this.scan(from, to, parent, minimums);
        const recordStarted = performance.now();
        result.readMs += recordStarted - readStarted;
        if (!scanned) break; // the chain changed while it was read: the next round finds the fork
        const range = { from, to, hashes: scanned.hashes };
        if (!(await recordRange(db, this.chainId, range, scanned.transfers, this.opts.chain.confirmations))) break; // another watcher recorded them first
        result.recordMs += performance.now() - recordStarted;
        result.recorded += scanned.transfers.length;
        parent = scanned.hashes.at(-1)?.hash;
        processed = to;
        from = to + 1;
        credits.next(); // reading goes on meanwhile
      }
    } catch (err) {
      await credits.wait().catch(() => undefined); // nothing left running behind the round
      throw err;
    }
    result.processedBlock = processed;
    if (processed === state.lastBlock) credits.next(); // nothing new: what became due otherwise
    await credits.wait();
    result.credited = credits.credited;
    const refreshStarted = performance.now();
    if (processed !== state.lastBlock || result.voided > 0 || result.credited > 0)
      await refreshConfirmations(db, this.chainId);
    result.creditMs = credits.ms + (performance.now() - refreshStarted);
    // After the credits (they wait for nothing else): what was recorded here is credited
    // next round if it is deep enough.
    result.backfilled = await this.backfill({ ...state, lastBlock: processed }, minimums);
    this.processedBlock = processed;
    return result;
  }

  /** Customers' addresses handed out since the last round. */
  private async refreshAddresses(): Promise<void> {
    for (const row of await newAddresses(this.opts.db, this.chainId, this.addressSeq)) {
      this.addresses.set(row.address, row.userId);
      this.addressSeq = Math.max(this.addressSeq, row.seq);
    }
  }

  /**
   * Addresses shown for the first time: their configured tokens' Transfer logs from the
   * block the watcher started at up to the last processed one (a customer may have sent
   * before the address was shown; transfer-logs.ts). The native coin is not looked up
   * (that needs every block's transactions).
   */
  private async backfill(state: WatchState, minimums: Map<string, string>): Promise<number> {
    const { db } = this.opts;
    const rows = await addressesToBackfill(db, this.chainId, BACKFILL_ADDRESSES);
    if (rows.length === 0) return 0;
    const upTo = state.lastBlock;
    const transfers: SeenTransfer[] = [];
    const owner = new Map(rows.map((r) => [r.address, r.userId]));
    for (const t of await tokenTransfersTo(this.client, this.tokens, owner, state.firstBlock, upTo))
      this.seen(transfers, minimums, t.token, t.value, t.to, t.userId, t.where);
    await recordBackfill(
      db,
      this.chainId,
      rows.map((r) => r.address),
      upTo,
      transfers,
      this.opts.chain.confirmations,
    );
    if (transfers.length > 0)
      this.opts.log.info(
        { chainId: this.chainId, addresses: rows.length, transfers: transfers.length, from: state.firstBlock, upTo },
        "chain: earlier transfers to newly shown addresses recorded",
      );
    return transfers.length;
  }

  /** A transfer to a customer as a record to insert (dust below the minimum; nothing for an unknown currency). */
  private seen(
    out: SeenTransfer[],
    minimums: Map<string, string>,
    token: EvmToken,
    value: bigint,
    to: string,
    userId: number,
    where: Pick<SeenTransfer, "txHash" | "logIndex" | "blockNumber" | "blockHash">,
  ): void {
    const min = minimums.get(token.symbol);
    if (min === undefined || value <= 0n) return;
    const amount = toMoneyString(formatUnits(value, token.decimals));
    if (AMOUNT_MAX.lte(amount)) {
      this.opts.log.error({ ...where, amount }, "chain: transfer too large to record");
      return;
    }
    out.push({
      ...where,
      userId,
      currency: token.symbol,
      network: this.opts.chain.network,
      amount,
      address: to,
      dust: dec(amount).lt(min),
    });
  }

  /** Minimum deposit per configured currency; a token that is not a wallet currency is left out. */
  private async minimums(): Promise<Map<string, string>> {
    const rows = await listCurrencyRows(this.opts.db);
    const out = new Map<string, string>();
    for (const t of this.opts.chain.tokens) {
      const row = rows.find((r) => r.code === t.symbol);
      if (row) out.set(t.symbol, toMoneyString(row.minDeposit));
      else
        this.opts.log.error(
          { currency: t.symbol },
          "chain: CHAIN_EVM_TOKENS names a currency the wallet does not have",
        );
    }
    return out;
  }

  /**
   * The chain's hash at height `n`, or null when the node says there is no such block (the
   * chain is not that high any more). A node that fails to answer throws: a failing node is
   * never taken for a reorganisation (that rolled back and voided deposits that stood).
   */
  private async hashAt(n: number): Promise<Hash | null> {
    try {
      return (await this.client.getBlock({ blockNumber: BigInt(n) })).hash;
    } catch (err) {
      if (err instanceof BlockNotFoundError) return null;
      throw err;
    }
  }

  private async hashOrThrow(n: number): Promise<Hash> {
    const hash = await this.hashAt(n);
    if (!hash) throw new Error(`block ${n} not found`);
    return hash;
  }

  /** The highest kept block still on the chain; everything after it is rolled back. */
  private async rollBackToFork(state: WatchState, head: number) {
    if (state.hashes.size === 0)
      throw new Error(`chain: no block hashes kept up to block ${state.lastBlock}; the fork cannot be found`);
    const kept = [...state.hashes.keys()].filter((n) => n <= head).sort((a, b) => b - a);
    const onChain = await Promise.all(kept.map((n) => this.hashAt(n)));
    const index = kept.findIndex((n, i) => onChain[i] === state.hashes.get(n));
    let fork: number;
    if (index >= 0) fork = kept[index] as number;
    else {
      fork = Math.min(...state.hashes.keys()) - 1;
      this.opts.log.error({ chainId: this.chainId, fork }, "chain: reorganisation deeper than the kept blocks");
    }
    const hashNow = new Map<number, string | null>(kept.map((n, i) => [n, onChain[i] ?? null]));
    const done = await rollBack(this.opts.db, this.chainId, state.lastBlock, fork, hashNow);
    if (!done) return null;
    const level = done.creditedInDroppedBlocks.length > 0 ? "error" : "warn";
    this.opts.log[level](
      {
        chainId: this.chainId,
        from: state.lastBlock,
        fork,
        voided: done.voided,
        credited: done.creditedInDroppedBlocks,
      },
      "chain: reorganisation; waiting deposits in the dropped blocks voided",
    );
    for (const flag of done.creditedInDroppedBlocks) {
      this.opts.log.error(
        { chainId: this.chainId, ...flag },
        "chain: a credited deposit's block was replaced (reorganisation deeper than the threshold); " +
          "not reversed, flagged for an operator (evm_reorg_flags)",
      );
    }
    const next = await loadState(this.opts.db, this.chainId);
    return next ? { state: next, voided: done.voided.length } : null;
  }

  /** Blocks from..to and the transfers in them to customers; null when they do not chain together. */
  private async scan(from: number, to: number, parent: string | undefined, minimums: Map<string, string>) {
    const numbers = Array.from({ length: to - from + 1 }, (_, i) => from + i);
    const withTxs = this.native !== null;
    const blocks = await Promise.all(
      numbers.map((n) => this.client.getBlock({ blockNumber: BigInt(n), includeTransactions: withTxs })),
    );
    let previous = parent;
    for (const b of blocks) {
      if (previous !== undefined && b.parentHash !== previous) return null;
      previous = b.hash;
    }
    const hashOf = new Map(blocks.map((b) => [Number(b.number), b.hash as string]));
    const transfers: SeenTransfer[] = [];
    const add = (
      token: EvmToken,
      value: bigint,
      to: string,
      userId: number,
      where: Pick<SeenTransfer, "txHash" | "logIndex" | "blockNumber" | "blockHash">,
    ) => this.seen(transfers, minimums, token, value, to, userId, where);
    if (this.tokens.size > 0 && this.addresses.size > 0) {
      const contracts = [...this.tokens.values()].map((t) => t.contract as `0x${string}`);
      for (const log of await transferLogs(this.client, contracts, from, to)) {
        if (hashOf.get(log.blockNumber) !== log.blockHash) return null;
        const userId = log.to === null ? undefined : this.addresses.get(log.to);
        const token = this.tokens.get(log.token);
        if (userId === undefined || !token || log.to === null || log.value === null) continue;
        const { txHash, logIndex, blockNumber, blockHash } = log;
        add(token, log.value, log.to, userId, { txHash, logIndex, blockNumber, blockHash });
      }
    }
    if (this.native && this.addresses.size > 0) {
      const candidates: Array<{
        hash: Hash;
        value: bigint;
        to: string;
        userId: number;
        block: number;
        blockHash: string;
      }> = [];
      for (const b of blocks) {
        for (const tx of b.transactions) {
          if (typeof tx === "string" || !tx.to || tx.value <= 0n) continue;
          if (tx.from.toLowerCase() === this.opts.chain.signer?.hotWallet.toLowerCase()) continue; // gas top-ups (sweeps.ts)
          const to = tx.to.toLowerCase();
          const userId = this.addresses.get(to);
          if (userId !== undefined)
            candidates.push({
              hash: tx.hash,
              value: tx.value,
              to,
              userId,
              block: Number(b.number),
              blockHash: b.hash as string,
            });
        }
      }
      // A reverted transaction moved no money.
      const receipts = await Promise.all(candidates.map((c) => this.client.getTransactionReceipt({ hash: c.hash })));
      for (const [i, c] of candidates.entries()) {
        const receipt = receipts[i];
        if (receipt?.status !== "success") continue;
        if (receipt.blockHash !== c.blockHash) return null;
        add(this.native, c.value, c.to, c.userId, {
          txHash: c.hash,
          logIndex: -1,
          blockNumber: c.block,
          blockHash: c.blockHash,
        });
      }
    }
    return { hashes: blocks.map((b) => ({ number: Number(b.number), hash: b.hash as string })), transfers };
  }
}
