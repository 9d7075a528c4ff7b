// The wallet's side of on-chain deposits (docs/contract.md "On-chain money (EVM networks)"):
// which requests are about the chain (a configured token on CHAIN_EVM_NETWORK), the
// customer's derived address, and what a chain deposit record shows (transaction, its
// confirmations, the explorer link and a line in the customer's language).
import type { Lang, RechargeRecord } from "@candor/contract";
import { toMoneyString } from "@candor/domain";
import type { EvmChainConfig } from "../../../chain-config";
import type { Db } from "../../../db";
import { t } from "../../../i18n";
import type { deposits } from "../schema";
import { type AddressDeriver, rememberAddress } from "./addresses";
import type { ChainWatchLeader } from "./leader";
import type { EvmWatcher } from "./watcher";

export interface ChainDeposits {
  config: EvmChainConfig;
  deriver: AddressDeriver;
  watcher: EvmWatcher;
  leader: ChainWatchLeader;
}

type DepositRow = typeof deposits.$inferSelect;

/** The chain's network when a request for `currency` (on `requested`, or the default) is about the chain. */
export function chainNetworkOf(chain: ChainDeposits | undefined, currency: string, requested?: string): string | null {
  if (!chain?.config.tokens.some((t) => t.symbol === currency)) return null;
  return requested === undefined || requested === chain.config.network ? chain.config.network : null;
}

/** The customer's deposit address on the chain (child `userId` of the xpub), remembered for the watcher. */
export async function chainAddress(db: Db, chain: ChainDeposits, userId: number): Promise<string> {
  const address = chain.deriver.addressOf(userId);
  await rememberAddress(db, chain.config.chainId, userId, address);
  return address;
}

/** The record's chain fields; nothing at all for a deposit that did not come from the chain. */
export function chainFields(
  row: DepositRow,
  view: { explorerTx: string | null; lang: Lang } | undefined,
): Partial<RechargeRecord> {
  if (row.chainId === null || row.chainState === null || row.txHash === null) return {};
  const lang = view?.lang ?? "en-us";
  const confirmations = row.confirmations ?? 0;
  const required = row.requiredConfirmations ?? 0;
  const notice =
    row.chainState === "pending"
      ? t(lang, "walletChainConfirmations", { confirmations, required })
      : row.chainState === "dust"
        ? t(lang, "walletChainDust", { currency: row.currency })
        : row.chainState === "dropped"
          ? t(lang, "walletChainDropped")
          : null;
  return {
    txHash: row.txHash,
    confirmations,
    requiredConfirmations: required,
    explorerUrl: view?.explorerTx ? view.explorerTx.replaceAll("{hash}", row.txHash) : null,
    chainState: row.chainState,
    notice,
    ...(row.chainState === "dust" ? { receivedAmount: toMoneyString(row.amount) } : {}),
  };
}
