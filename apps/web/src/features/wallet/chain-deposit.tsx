// On-chain deposits (docs/contract.md "On-chain money (EVM networks)"): on the deposit
// screen, what to know before sending (network, the chain decides the amount, the minimum,
// the confirmations); in the records, a chain deposit's confirmations, its state and the
// transaction in the block explorer. The record line sits beside the record's button, not
// in it: a link inside a button is not a link.

import type { RechargeRecord } from "@candor/contract";
import { Tag } from "antd-mobile";
import { useTranslation } from "react-i18next";
import { showMoney } from "../../lib/format";
import styles from "./wallet.module.css";

/** The deposit screen's notice for an on-chain network (instead of the amount form). */
export function ChainDepositNotice({
  network,
  currency,
  minDeposit,
  requiredConfirmations,
}: {
  network: string;
  currency: string;
  minDeposit: string;
  requiredConfirmations: number;
}) {
  const { t } = useTranslation("wallet");
  return (
    <section className={styles.card} aria-label={t("chain.title")} data-testid="chain-deposit-notice">
      <div className={styles.row}>
        <span>{t("network")}</span>
        <strong>{network}</strong>
      </div>
      <div className={styles.row}>
        <span>{t("minDeposit")}</span>
        <strong>
          {minDeposit} {currency}
        </strong>
      </div>
      <div className={styles.row}>
        <span>{t("chain.confirmationsLabel")}</span>
        <strong>{requiredConfirmations}</strong>
      </div>
      <ul className={styles.chainList}>
        <li>{t("chain.automatic", { network })}</li>
        <li>{t("chain.confirmations", { blocks: requiredConfirmations })}</li>
        <li>{t("chain.dust", { min: minDeposit, currency })}</li>
      </ul>
    </section>
  );
}

type ChainState = NonNullable<RechargeRecord["chainState"]>;

const STATE_CLASS: Record<ChainState, string> = {
  pending: styles.chainPending ?? "",
  credited: styles.chainCredited ?? "",
  dust: styles.chainDust ?? "",
  dropped: styles.chainDropped ?? "",
};
const STATE_COLOR: Record<ChainState, "warning" | "success" | "default" | "danger"> = {
  pending: "warning",
  credited: "success",
  dust: "default",
  dropped: "danger",
};

/** A chain record's tag: its chain state (dust is not "rejected": nobody rejected it). */
export function ChainStateTag({ state }: { state: ChainState }) {
  const { t } = useTranslation("wallet");
  return (
    <Tag color={STATE_COLOR[state]} fill="outline" data-chain-state={state}>
      {t(`chain.state.${state}`)}
    </Tag>
  );
}

/** A chain deposit's line in the records: progress while confirming, the state, the explorer link. */
export function ChainRecordLine({ record }: { record: RechargeRecord }) {
  const { t } = useTranslation("wallet");
  const state = record.chainState;
  if (!state) return null;
  const required = record.requiredConfirmations ?? 0;
  const confirmations = Math.min(record.confirmations ?? 0, required);
  const progressText = t("chain.progress", { confirmations, required });
  return (
    <div className={styles.chainLine} data-testid="chain-record" data-state={state}>
      {state === "pending" && required > 0 ? (
        <div className={styles.chainProgress}>
          <div
            className={styles.chainBar}
            role="progressbar"
            aria-label={t("chain.confirmationsLabel")}
            aria-valuemin={0}
            aria-valuemax={required}
            aria-valuenow={confirmations}
            aria-valuetext={progressText}
          >
            <div className={styles.chainFill} style={{ width: `${(confirmations / required) * 100}%` }} />
          </div>
          <span className={styles.chainCount}>{record.notice ?? progressText}</span>
        </div>
      ) : state === "dust" || state === "dropped" ? (
        <div className={`${styles.chainState} ${STATE_CLASS[state]}`}>
          {record.notice ?? t(`chain.stateHint.${state}`)}
        </div>
      ) : null}
      {state === "dust" && record.receivedAmount ? (
        <div className={styles.muted}>
          {t("chain.received", {
            amount: showMoney(record.receivedAmount, record.currency),
            currency: record.currency,
          })}
        </div>
      ) : null}
      <ChainTxLink txHash={record.txHash} explorerUrl={record.explorerUrl} />
    </div>
  );
}

/** A chain transaction (a deposit's, or a withdrawal's once broadcast): its explorer link, or its hash. */
export function ChainTxLink({ txHash, explorerUrl }: { txHash?: string | null; explorerUrl?: string | null }) {
  const { t } = useTranslation("wallet");
  if (explorerUrl)
    return (
      <a className={styles.chainLink} href={explorerUrl} target="_blank" rel="noopener noreferrer">
        {t("chain.explorer")}
        {txHash ? <span className={styles.chainHash}> {shortHash(txHash)}</span> : null}
      </a>
    );
  return txHash ? <div className={styles.chainHash}>{shortHash(txHash)}</div> : null;
}

/** 0x1234…abcd: enough to tell transactions apart, short enough for 320 px. */
export const shortHash = (hash: string) => (hash.length > 14 ? `${hash.slice(0, 8)}…${hash.slice(-6)}` : hash);
