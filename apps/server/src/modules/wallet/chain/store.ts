// What the chain watcher keeps in the database (migration 0036): its last processed block
// and the hashes of the blocks behind it, the transfers it saw as deposit rows, and the
// two ways such a row ends — credited once in the ledger at the threshold, or voided when
// a reorganisation dropped its block first. Every write is guarded so that two watchers on
// one database (a leader change mid-round) cannot record, credit or void anything twice.
import { RecordStatuses } from "@candor/contract";
import { toMoneyString } from "@candor/domain";
import { and, desc, eq, gt, inArray, isNull, type SQL, sql } from "drizzle-orm";
import type { Db } from "../../../db";
import {
  batchCreatingAccounts,
  closedOwners,
  ledgerTransaction,
  platformAccount,
  userAccount,
} from "../../ledger/service";
import { deposits, evmBlocks, evmDepositAddresses, evmReorgFlags, evmWatchState } from "../schema";

/** Blocks whose hashes are kept to find the fork point of a reorganisation. */
export const KEPT_BLOCKS = 128;

export interface SeenTransfer {
  userId: number;
  currency: string;
  network: string;
  /** Decimal string in the token's units. */
  amount: string;
  /** Checksummed or lower-case; stored as given. */
  address: string;
  txHash: string;
  /** -1 for a native-coin transfer. */
  logIndex: number;
  blockNumber: number;
  blockHash: string;
  /** Below the currency's minimum deposit: recorded, never credited. */
  dust: boolean;
}

export interface WatchState {
  lastBlock: number;
  /** The block the watcher started following at (earlier transfers to new addresses are looked up from here). */
  firstBlock: number;
  /** Block number → hash, the last KEPT_BLOCKS processed. */
  hashes: Map<number, string>;
}

/** The transfer's idempotency key, in the ledger and as the deposit's receipt reference. */
export const transferKey = (chainId: number, txHash: string, logIndex: number) =>
  `${chainId}:${txHash.toLowerCase()}:${logIndex}`;

export async function loadState(db: Db, chainId: number): Promise<WatchState | null> {
  const [state] = await db.select().from(evmWatchState).where(eq(evmWatchState.chainId, chainId));
  if (!state) return null;
  const blocks = await db
    .select({ number: evmBlocks.number, hash: evmBlocks.hash })
    .from(evmBlocks)
    .where(eq(evmBlocks.chainId, chainId))
    .orderBy(desc(evmBlocks.number))
    .limit(KEPT_BLOCKS);
  return {
    lastBlock: Number(state.lastBlock),
    firstBlock: Number(state.firstBlock),
    hashes: new Map(blocks.map((b) => [Number(b.number), b.hash])),
  };
}

/** First start: follow the chain from `block` on (earlier transfers are not looked for). */
export async function initState(db: Db, chainId: number, block: number, hash: string): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.insert(evmWatchState).values({ chainId, lastBlock: block, firstBlock: block }).onConflictDoNothing();
    await tx.insert(evmBlocks).values({ chainId, number: block, hash }).onConflictDoNothing();
    // Addresses handed out before the watcher's first block: followed from here on, like the chain.
    await tx
      .update(evmDepositAddresses)
      .set({ backfilledTo: block })
      .where(and(eq(evmDepositAddresses.chainId, chainId), isNull(evmDepositAddresses.backfilledTo)));
  });
}

/** Addresses handed out since `afterSeq`: lower-case address → customer. */
export async function newAddresses(db: Db, chainId: number, afterSeq: number) {
  return db
    .select({
      seq: evmDepositAddresses.seq,
      address: evmDepositAddresses.address,
      userId: evmDepositAddresses.userId,
    })
    .from(evmDepositAddresses)
    .where(and(eq(evmDepositAddresses.chainId, chainId), gt(evmDepositAddresses.seq, afterSeq)))
    .orderBy(evmDepositAddresses.seq);
}

/** Raised inside a transaction to undo it: another watcher moved the state first. */
export class StaleWatchState extends Error {
  constructor() {
    super("another watcher moved the chain state first");
  }
}

/**
 * Records blocks `from`..`to` at once: the transfers seen in them, their hashes, and the
 * new last block — only if the state still stands at `from - 1` (else nothing is written).
 */
export async function recordRange(
  db: Db,
  chainId: number,
  range: { from: number; to: number; hashes: Array<{ number: number; hash: string }> },
  transfers: SeenTransfer[],
  requiredConfirmations: number,
): Promise<boolean> {
  try {
    await db.transaction(async (tx) => {
      const moved = await tx
        .update(evmWatchState)
        .set({ lastBlock: range.to, updatedAt: sql`now()` })
        .where(and(eq(evmWatchState.chainId, chainId), eq(evmWatchState.lastBlock, range.from - 1)))
        .returning({ chainId: evmWatchState.chainId });
      if (moved.length === 0) throw new StaleWatchState();
      if (transfers.length > 0) await insertTransfers(tx, chainId, range.to, transfers, requiredConfirmations);
      await tx
        .insert(evmBlocks)
        .values(range.hashes.map((b) => ({ chainId, number: b.number, hash: b.hash })))
        .onConflictDoUpdate({ target: [evmBlocks.chainId, evmBlocks.number], set: { hash: sql`excluded.hash` } });
      await tx
        .delete(evmBlocks)
        .where(and(eq(evmBlocks.chainId, chainId), sql`${evmBlocks.number} <= ${range.to - KEPT_BLOCKS}`));
      // The confirmations of records waiting from earlier blocks: once a round, after its
      // credits (refreshConfirmations), not for every range.
    });
    return true;
  } catch (err) {
    if (err instanceof StaleWatchState) return false;
    throw err;
  }
}

/**
 * Pending records move closer to their threshold: their confirmations as of the stored last
 * block (also back down after a reorganisation). Run once a round after the credits, so only
 * the records still waiting are written, and only those whose count changed.
 */
export async function refreshConfirmations(db: Db, chainId: number): Promise<void> {
  await db.execute(sql`
    UPDATE deposits d
       SET confirmations = GREATEST(0, LEAST(d.required_confirmations, s.last_block - d.block_number + 1))
      FROM evm_watch_state s
     WHERE s.chain_id = ${chainId} AND d.chain_id = ${chainId} AND d.status = 0 AND d.chain_state = 'pending'
       AND d.confirmations IS DISTINCT FROM GREATEST(0, LEAST(d.required_confirmations, s.last_block - d.block_number + 1))`);
}

/**
 * The transfers as deposit records in one statement (arrays unnested: a block of a busy
 * token brings hundreds). A transfer whose live record exists already is skipped
 * (deposits_chain_transfer_key).
 */
async function insertTransfers(
  tx: Db,
  chainId: number,
  lastBlock: number,
  transfers: SeenTransfer[],
  requiredConfirmations: number,
): Promise<void> {
  const column = <T>(pick: (t: SeenTransfer) => T) => sql.param(transfers.map(pick));
  await tx.execute(sql`
    INSERT INTO deposits (user_id, currency, method, network, address, amount, status, provider, chain_id, tx_hash,
                          log_index, block_number, block_hash, confirmations, required_confirmations, chain_state)
    SELECT t.user_id, t.currency, 'crypto', t.network, t.address, t.amount, CASE WHEN t.dust THEN -1 ELSE 0 END, 'evm',
           ${chainId}, t.tx_hash, t.log_index, t.block_number, t.block_hash,
           LEAST(${requiredConfirmations}::int, ${lastBlock}::bigint - t.block_number + 1), ${requiredConfirmations}::int,
           CASE WHEN t.dust THEN 'dust' ELSE 'pending' END
      FROM unnest(${column((t) => t.userId)}::bigint[], ${column((t) => t.currency)}::text[],
                  ${column((t) => t.network)}::text[], ${column((t) => t.address)}::text[],
                  ${column((t) => t.amount)}::numeric[], ${column((t) => t.dust)}::boolean[],
                  ${column((t) => t.txHash.toLowerCase())}::text[], ${column((t) => t.logIndex)}::int[],
                  ${column((t) => t.blockNumber)}::bigint[], ${column((t) => t.blockHash)}::text[])
        AS t(user_id, currency, network, address, amount, dust, tx_hash, log_index, block_number, block_hash)
    ON CONFLICT DO NOTHING`);
}

/**
 * A reorganisation: the blocks after `forkBlock` are gone. Their hashes are forgotten, the
 * state goes back to the fork point, and records still waiting in those blocks are voided
 * (status -2, shown as dropped). Returns the ids voided and how many were credited already
 * (a reorganisation deeper than the threshold: for an operator, never undone silently).
 */
export async function rollBack(
  db: Db,
  chainId: number,
  fromLastBlock: number,
  forkBlock: number,
  /** The chain's hash at each dropped height now (null: the chain is not that high any more). */
  hashNow: Map<number, string | null> = new Map(),
): Promise<{ voided: number[]; creditedInDroppedBlocks: CreditedInDroppedBlock[] } | null> {
  try {
    return await db.transaction(async (tx) => {
      const moved = await tx
        .update(evmWatchState)
        .set({ lastBlock: forkBlock, updatedAt: sql`now()` })
        .where(and(eq(evmWatchState.chainId, chainId), eq(evmWatchState.lastBlock, fromLastBlock)))
        .returning({ chainId: evmWatchState.chainId });
      if (moved.length === 0) throw new StaleWatchState();
      await tx.delete(evmBlocks).where(and(eq(evmBlocks.chainId, chainId), gt(evmBlocks.number, forkBlock)));
      const voided = await tx
        .update(deposits)
        .set({
          status: RecordStatuses.failed,
          chainState: "dropped",
          reason: "dropped by a chain reorganisation",
          updatedAt: sql`now()`,
        })
        .where(
          and(
            eq(deposits.chainId, chainId),
            gt(deposits.blockNumber, forkBlock),
            inArray(deposits.chainState, ["pending", "dust"]),
          ),
        )
        .returning({ id: deposits.id });
      const credited = await tx
        .select({ id: deposits.id, blockNumber: deposits.blockNumber, blockHash: deposits.blockHash })
        .from(deposits)
        .where(
          and(eq(deposits.chainId, chainId), gt(deposits.blockNumber, forkBlock), eq(deposits.chainState, "credited")),
        );
      // Credited already: never reversed here. Kept for an operator (once per deposit and old block).
      const flags = credited.map((r) => ({
        depositId: r.id,
        blockNumber: r.blockNumber ?? 0,
        oldBlockHash: r.blockHash ?? "",
        newBlockHash: hashNow.get(r.blockNumber ?? 0) ?? null,
      }));
      if (flags.length > 0) {
        await tx
          .insert(evmReorgFlags)
          .values(flags.map((f) => ({ chainId, ...f })))
          .onConflictDoNothing();
      }
      return { voided: voided.map((r) => r.id), creditedInDroppedBlocks: flags };
    });
  } catch (err) {
    if (err instanceof StaleWatchState) return null;
    throw err;
  }
}

export interface CreditedInDroppedBlock {
  depositId: number;
  blockNumber: number;
  oldBlockHash: string;
  newBlockHash: string | null;
}

/** The deep reorganisations flagged for operators, newest first. */
export async function reorgFlags(db: Db, chainId: number, limit = 50) {
  return db
    .select()
    .from(evmReorgFlags)
    .where(eq(evmReorgFlags.chainId, chainId))
    .orderBy(desc(evmReorgFlags.id))
    .limit(limit);
}

/** Addresses whose earlier token transfers were not looked up yet (first shown since the last round). */
export async function addressesToBackfill(db: Db, chainId: number, limit: number) {
  return db
    .select({ address: evmDepositAddresses.address, userId: evmDepositAddresses.userId })
    .from(evmDepositAddresses)
    .where(and(eq(evmDepositAddresses.chainId, chainId), isNull(evmDepositAddresses.backfilledTo)))
    .orderBy(evmDepositAddresses.seq)
    .limit(limit);
}

/**
 * Records the transfers found for `addresses` up to block `upTo` (the last block the
 * watcher had processed when it looked) and marks them looked up. A transfer the ordinary
 * scan recorded too is skipped (deposits_chain_transfer_key); the confirmations are counted
 * against the stored last block.
 */
export async function recordBackfill(
  db: Db,
  chainId: number,
  addresses: string[],
  upTo: number,
  transfers: SeenTransfer[],
  requiredConfirmations: number,
): Promise<void> {
  await db.transaction(async (tx) => {
    const [state] = await tx.select().from(evmWatchState).where(eq(evmWatchState.chainId, chainId));
    if (!state) return;
    if (transfers.length > 0)
      await insertTransfers(tx, chainId, Number(state.lastBlock), transfers, requiredConfirmations);
    await tx
      .update(evmDepositAddresses)
      .set({ backfilledTo: upTo })
      .where(and(eq(evmDepositAddresses.chainId, chainId), inArray(evmDepositAddresses.address, addresses)));
  });
}

/**
 * Records at or past their threshold at the stored last block, whose block is still the
 * stored one — or older than every kept block (a transfer found by the look-up for a new
 * address, more than KEPT_BLOCKS deep: final as far as this watcher can tell).
 */
export async function dueForCredit(db: Db, chainId: number): Promise<DueDeposit[]> {
  const result = await db.execute(sql`
    SELECT d.id, d.user_id FROM deposits d
      JOIN evm_watch_state s ON s.chain_id = d.chain_id
     WHERE d.chain_id = ${chainId} AND d.status = 0 AND d.chain_state = 'pending'
       AND ${dueOnStoredChain(chainId)}
     ORDER BY d.id`);
  return (result as unknown as { rows: Array<{ id: number | string; user_id: number | string }> }).rows.map((r) => ({
    id: Number(r.id),
    userId: Number(r.user_id),
  }));
}

/**
 * The credit rule, as SQL on a deposit `d` and its chain's watch state `s` (the look-up of
 * what is due and the re-check under the rows' locks say the same): the deposit has its
 * confirmations at the stored last block, and its block is still the stored one or older
 * than every kept block.
 */
function dueOnStoredChain(chainId: number): SQL {
  return sql`(d.block_number IS NOT NULL
    AND s.last_block - d.block_number + 1 >= d.required_confirmations
    AND (EXISTS (SELECT 1 FROM evm_blocks b
                  WHERE b.chain_id = ${chainId} AND b.number = d.block_number AND b.hash = d.block_hash)
         OR (NOT EXISTS (SELECT 1 FROM evm_blocks b WHERE b.chain_id = ${chainId} AND b.number = d.block_number)
             AND d.block_number < (SELECT min(k.number) FROM evm_blocks k WHERE k.chain_id = ${chainId}))))`;
}

export interface DueDeposit {
  id: number;
  userId: number;
}

interface CreditedRow {
  id: number | string;
  user_id: number | string;
  currency: string;
  network: string;
  amount: string | number;
  tx_hash: string;
  log_index: number | string;
}

/**
 * Credits confirmed records, each once, in one transaction of a few statements whatever
 * their number (up to the ledger's batch maximum): a customer whose account is closed takes
 * no money (the ledger would refuse the whole batch), so their transfers stay uncredited for
 * staff to return; then one UPDATE locks the others in id order, re-checks status and
 * threshold against the stored chain (the record's block must still be the stored one) and
 * marks them credited; then one ledger batch (clearing → customer spot, key
 * `deposit:evm:<chain>:<tx>:<log>`, missing accounts created in one statement) — all of it
 * commits together. Returns the ids credited.
 */
export async function creditChainDeposits(db: Db, chainId: number, due: DueDeposit[]): Promise<number[]> {
  if (due.length === 0) return [];
  return ledgerTransaction(db, async (tx) => {
    const closed = await closedOwners(
      tx,
      due.map((d) => d.userId),
    );
    const ids = due.filter((d) => !closed.has(d.userId)).map((d) => d.id);
    if (ids.length === 0) return [];
    // Rows locked in id order (the CTE's FOR UPDATE), as every crediting node does: two
    // nodes wait for each other instead of deadlocking, and the second finds them credited.
    const result = await tx.execute(sql`
      WITH locked AS (
        SELECT l.id FROM deposits l
         WHERE l.id = ANY(${sql.param(ids)}::bigint[]) AND l.chain_id = ${chainId}
           AND l.status = ${RecordStatuses.pending} AND l.chain_state = 'pending'
         ORDER BY l.id
           FOR UPDATE
      )
      UPDATE deposits d
         SET status = ${RecordStatuses.completed}, chain_state = 'credited', confirmations = d.required_confirmations,
             provider_ref = ${chainId}::text || ':' || d.tx_hash || ':' || d.log_index,
             received_amount = d.amount, received_currency = d.currency, received_network = d.network,
             completed_at = now(), updated_at = now()
        FROM locked, evm_watch_state s
       WHERE d.id = locked.id AND s.chain_id = ${chainId}
         AND d.tx_hash IS NOT NULL AND d.log_index IS NOT NULL AND ${dueOnStoredChain(chainId)}
      RETURNING d.id, d.user_id, d.currency, d.network, d.amount, d.tx_hash, d.log_index`);
    const credited = (result as unknown as { rows: CreditedRow[] }).rows
      .map((r) => ({ ...r, id: Number(r.id), userId: Number(r.user_id), logIndex: Number(r.log_index) }))
      .sort((a, b) => a.id - b.id);
    if (credited.length === 0) return [];
    await batchCreatingAccounts(
      tx,
      credited.map((row) => ({
        type: "transfer" as const,
        currency: row.currency,
        debit: platformAccount("clearing"),
        credit: userAccount(row.userId, "spot"),
        amount: toMoneyString(String(row.amount)),
        key: `deposit:evm:${transferKey(chainId, row.tx_hash, row.logIndex)}`,
        kind: "deposit",
        reference: { type: "deposit", id: row.id },
        memo: `${row.network} deposit, transaction ${row.tx_hash}`,
      })),
    );
    return credited.map((r) => r.id);
  });
}
