// What finance sees of the chain's money beside the watcher's status (console page "Chain"):
// the recent sweeps of deposit addresses to the hot wallet, and the chain deposits held
// uncredited because their customer closed their account (still pending, never to be
// credited: the ledger refuses money for a closed owner, so an operator returns it by hand).
import { type ChainHeldDeposit, type ChainSweep, RecordStatuses } from "@candor/contract";
import { fromTokenUnits, toMoneyString } from "@candor/domain";
import { and, asc, desc, eq } from "drizzle-orm";
import type { Db } from "../../../db";
import { closedOwners } from "../../ledger/service";
import { deposits, evmSweeps } from "../schema";
import type { ChainDeposits } from "./deposits";
import { NATIVE_SWEEP } from "./sweeps";

const RECENT_SWEEPS = 50;

export async function heldChainDeposits(db: Db, chain: ChainDeposits | undefined): Promise<ChainHeldDeposit[]> {
  if (!chain) return [];
  const pending = await db
    .select()
    .from(deposits)
    .where(
      and(
        eq(deposits.chainId, chain.config.chainId),
        eq(deposits.status, RecordStatuses.pending),
        eq(deposits.chainState, "pending"),
      ),
    )
    .orderBy(asc(deposits.id));
  const closed = await closedOwners(
    db,
    pending.map((d) => d.userId),
  );
  return pending
    .filter((d) => closed.has(d.userId))
    .map((d) => ({
      id: d.id,
      userId: d.userId,
      currency: d.currency,
      amount: toMoneyString(d.amount),
      txHash: d.txHash ?? "",
      blockNumber: d.blockNumber ?? 0,
      confirmations: d.confirmations ?? 0,
      requiredConfirmations: d.requiredConfirmations ?? chain.config.confirmations,
      createdAt: d.createdAt.toISOString(),
    }));
}

export async function recentChainSweeps(db: Db, chain: ChainDeposits | undefined): Promise<ChainSweep[]> {
  if (!chain) return [];
  const rows = await db
    .select()
    .from(evmSweeps)
    .where(eq(evmSweeps.chainId, chain.config.chainId))
    .orderBy(desc(evmSweeps.id))
    .limit(RECENT_SWEEPS);
  return rows.map((s) => {
    const token = chain.config.tokens.find((t) =>
      s.token === NATIVE_SWEEP ? t.contract === null : t.contract?.toLowerCase() === s.token,
    );
    return {
      id: s.id,
      userId: s.userId,
      address: s.address,
      currency: token?.symbol ?? s.token,
      amount: token ? fromTokenUnits(s.amountUnits, token.decimals) : s.amountUnits,
      status: s.status,
      gasTxHash: s.gasTxHash,
      txHash: s.txHash,
      reason: s.reason,
      createdAt: s.createdAt.toISOString(),
      updatedAt: s.updatedAt.toISOString(),
    };
  });
}
