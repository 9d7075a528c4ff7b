// Reconciliation of the deposit addresses (console page "Chain", GET
// /api/operator/wallet/chain/reconciliation): each address's balance of each configured
// currency on the chain, read at ONE block, against what the records explain at that block.
//
//   token:  deposits recorded to the address (pending, credited, dust, held — not dropped)
//           − what its successful sweeps sent
//   native: native deposits recorded + gas top-ups received − native sweeps sent
//           − the gas every transaction from the address paid (receipts: gasUsed × price)
//
// The block is the newest one with the credit threshold's confirmations that the watcher has
// processed (a deposit in a later block is not recorded yet, so it cannot be explained yet).
// A difference is money nobody recorded: the native coin sent to an address before it was
// first shown (tokens are looked up by their Transfer logs when an address is first shown —
// the watcher's backfill — but the coin has no log), a token sent before the block the
// watcher started at, a contract's internal transfer of the coin (no transaction's `value`, no
// log), or a defect. Read-only: it moves no money; finance decides (the customer is not
// credited automatically for an unexplained sum).

import type { ChainReconciliation, ChainReconciliationRow } from "@candor/contract";
import { fromTokenUnits, toTokenUnits } from "@candor/domain";
import { and, eq, isNotNull, lte, ne, or, sql } from "drizzle-orm";
import type { Address, Hex, PublicClient } from "viem";
import type { EvmChainConfig } from "../../../chain-config";
import type { Db } from "../../../db";
import { deposits, evmDepositAddresses, evmSweeps, evmWatchState } from "../schema";
import { balanceAt } from "./reserves";
import { NATIVE_SWEEP } from "./sweeps";
import { chainClient } from "./watcher";

/** Chain reads in flight at once. */
const PARALLEL = 16;

async function inChunks<T, R>(items: T[], read: (item: T) => Promise<R>): Promise<R[]> {
  const out: R[] = [];
  for (let i = 0; i < items.length; i += PARALLEL)
    out.push(...(await Promise.all(items.slice(i, i + PARALLEL).map(read))));
  return out;
}

/** address → currency symbol → units the records explain. */
type Ledger = Map<string, Map<string, bigint>>;

function add(ledger: Ledger, address: string, currency: string, units: bigint) {
  const a = address.toLowerCase();
  const row = ledger.get(a) ?? new Map<string, bigint>();
  row.set(currency, (row.get(currency) ?? 0n) + units);
  ledger.set(a, row);
}

export async function reconcileChain(
  db: Db,
  chain: EvmChainConfig,
  client: PublicClient = chainClient(chain.rpcUrl),
): Promise<ChainReconciliation> {
  const [state] = await db.select().from(evmWatchState).where(eq(evmWatchState.chainId, chain.chainId));
  if (!state) return { block: null, checkedAddresses: 0, differences: [] };
  const head = Number(await client.getBlockNumber({ cacheTime: 0 }));
  const block = Math.max(0, Math.min(head - (chain.confirmations - 1), Number(state.lastBlock)));
  const blockNumber = BigInt(block);
  const native = chain.tokens.find((t) => t.contract === null);
  const byContract = new Map(chain.tokens.flatMap((t) => (t.contract ? [[t.contract.toLowerCase(), t]] : [])));

  const explained: Ledger = new Map();
  // Deposits recorded up to the block (dropped ones were reorganised away).
  const recorded = await db
    .select({
      address: deposits.address,
      currency: deposits.currency,
      amount: sql<string>`sum(${deposits.amount})::text`,
    })
    .from(deposits)
    .where(
      and(
        eq(deposits.chainId, chain.chainId),
        ne(deposits.chainState, "dropped"),
        lte(deposits.blockNumber, block),
        isNotNull(deposits.address),
      ),
    )
    .groupBy(deposits.address, deposits.currency);
  for (const r of recorded) {
    const token = chain.tokens.find((t) => t.symbol === r.currency);
    const units = token ? toTokenUnits(r.amount, token.decimals) : null;
    if (r.address && token && units !== null) add(explained, r.address, token.symbol, BigInt(units));
  }

  // Sweeps: the top-up they received, what they sent and the gas they paid, as mined by the block.
  const sweeps = await db
    .select()
    .from(evmSweeps)
    .where(and(eq(evmSweeps.chainId, chain.chainId), or(isNotNull(evmSweeps.gasTxHash), isNotNull(evmSweeps.txHash))));
  const minedBy = async (hash: string | null) => {
    if (!hash) return null;
    const receipt = await client.getTransactionReceipt({ hash: hash as Hex }).catch(() => null);
    if (!receipt || receipt.blockNumber > blockNumber) return null;
    const tx = await client.getTransaction({ hash: hash as Hex });
    return { ok: receipt.status === "success", value: tx.value, fee: receipt.gasUsed * receipt.effectiveGasPrice };
  };
  await inChunks(sweeps, async (s) => {
    const [topUp, sent] = await Promise.all([minedBy(s.gasTxHash), minedBy(s.txHash)]);
    if (native && topUp?.ok) add(explained, s.address, native.symbol, topUp.value);
    if (!sent) return;
    if (native)
      add(explained, s.address, native.symbol, -sent.fee - (sent.ok && s.token === NATIVE_SWEEP ? sent.value : 0n));
    const token = s.token === NATIVE_SWEEP ? undefined : byContract.get(s.token);
    if (sent.ok && token) add(explained, s.address, token.symbol, -BigInt(s.amountUnits));
  });

  // The chain, at the same block.
  const addresses = await db
    .select({ address: evmDepositAddresses.address, userId: evmDepositAddresses.userId })
    .from(evmDepositAddresses)
    .where(eq(evmDepositAddresses.chainId, chain.chainId))
    .orderBy(evmDepositAddresses.seq);
  const rows = await inChunks(addresses, async (a) => {
    const address = a.address as Address;
    return Promise.all(
      chain.tokens.map(async (t): Promise<ChainReconciliationRow | null> => {
        const onChain = await balanceAt(client, t, address, blockNumber);
        const expected = explained.get(a.address.toLowerCase())?.get(t.symbol) ?? 0n;
        if (onChain === expected) return null;
        return {
          userId: a.userId,
          address: a.address,
          currency: t.symbol,
          onChain: fromTokenUnits(onChain.toString(), t.decimals),
          expected: signedUnits(expected, t.decimals),
          difference: signedUnits(onChain - expected, t.decimals),
        };
      }),
    );
  });
  return {
    block,
    checkedAddresses: addresses.length,
    differences: rows.flat().filter((r): r is ChainReconciliationRow => r !== null),
  };
}

const signedUnits = (units: bigint, decimals: number) =>
  units < 0n ? `-${fromTokenUnits((-units).toString(), decimals)}` : fromTokenUnits(units.toString(), decimals);
