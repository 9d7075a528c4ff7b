// What an operator sees of the chain watcher (GET /api/operator/wallet/chain/status): the
// stored progress, this node's view of the RPC node (head, lag, failures and backoff), and
// the credited deposits a deep reorganisation put in doubt (evm_reorg_flags).
import type { ChainWatchStatus } from "@candor/contract";
import { eq } from "drizzle-orm";
import type { Db } from "../../../db";
import { evmWatchState } from "../schema";
import type { ChainDeposits } from "./deposits";
import { reorgFlags } from "./store";

export async function chainWatchStatus(db: Db, chain: ChainDeposits | undefined): Promise<ChainWatchStatus> {
  if (!chain) {
    return {
      configured: false,
      network: null,
      chainId: null,
      requiredConfirmations: null,
      storedBlock: null,
      leading: false,
      head: null,
      processedBlock: null,
      lag: null,
      lastRoundAt: null,
      failures: 0,
      failingSince: null,
      lastError: null,
      nextRoundAt: null,
      reorgFlags: [],
    };
  }
  const { chainId, network, confirmations } = chain.config;
  const [state] = await db.select().from(evmWatchState).where(eq(evmWatchState.chainId, chainId));
  const flags = await reorgFlags(db, chainId);
  return {
    configured: true,
    network,
    chainId,
    requiredConfirmations: confirmations,
    storedBlock: state ? Number(state.lastBlock) : null,
    ...chain.leader.status(),
    reorgFlags: flags.map((f) => ({
      id: f.id,
      depositId: f.depositId,
      blockNumber: f.blockNumber,
      oldBlockHash: f.oldBlockHash,
      newBlockHash: f.newBlockHash,
      detectedAt: f.detectedAt.toISOString(),
    })),
  };
}
