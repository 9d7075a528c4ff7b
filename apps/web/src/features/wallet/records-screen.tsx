// /chongzhitixianRecord: deposits and withdrawals with their states.

import type { RechargeRecord, WithdrawalRecord } from "@candor/contract";
import { walletPaths } from "@candor/contract/paths";
import { Tabs, Tag } from "antd-mobile";
import { useTranslation } from "react-i18next";
import { useNavigate, useSearchParams } from "react-router";
import { routes, withQuery } from "../../app/routes";
import { PageHeader } from "../../components/page-header";
import { PagedList } from "../../components/paged-list";
import { formatDate, showMoney } from "../../lib/format";
import { STATUS_COLORS } from "./api";
import { ChainRecordLine, ChainStateTag, ChainTxLink } from "./chain-deposit";
import styles from "./wallet.module.css";

export function StatusTag({ status, cancelled = false }: { status: number; cancelled?: boolean }) {
  const { t } = useTranslation("wallet");
  return (
    <Tag color={cancelled ? "default" : STATUS_COLORS[status]} fill="outline" data-status={status}>
      {cancelled ? t("status.cancelled") : t(`status.${status}`)}
    </Tag>
  );
}

export default function RecordsScreen() {
  const { t } = useTranslation("wallet");
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const tab = params.get("tab") === "withdrawal" ? "withdrawal" : "deposit";
  return (
    <div className={styles.page} style={{ background: "#fff" }}>
      <PageHeader title={t("routes:depositWithdrawalRecords")} />
      <Tabs activeKey={tab} onChange={(k) => setParams({ tab: k }, { replace: true })}>
        <Tabs.Tab key="deposit" title={t("deposits")} />
        <Tabs.Tab key="withdrawal" title={t("withdrawals")} />
      </Tabs>
      {tab === "deposit" ? (
        <PagedList<RechargeRecord>
          key="deposit"
          path={walletPaths.rechargeList}
          keyOf={(r) => r.id}
          emptyText={t("noDeposits")}
          emptyHint={t("noDepositsHint")}
          ariaLabel={t("deposits")}
          renderItem={(r) => (
            <>
              <button
                type="button"
                className={styles.record}
                onClick={() => navigate(withQuery(routes.depositWithdrawalResult, { type: "deposit", id: r.id }))}
              >
                <div className={styles.recordTop}>
                  <span>
                    +{showMoney(r.amount, r.currency)} {r.currency}
                  </span>
                  {r.chainState ? <ChainStateTag state={r.chainState} /> : <StatusTag status={r.status} />}
                </div>
                <div className={styles.recordBottom}>
                  <span>{r.network ?? t(`method.${r.method}`)}</span>
                  <time>{formatDate(r.createdAt)}</time>
                </div>
              </button>
              <ChainRecordLine record={r} />
            </>
          )}
        />
      ) : (
        <PagedList<WithdrawalRecord>
          key="withdrawal"
          path={walletPaths.withdrawalList}
          keyOf={(r) => r.id}
          emptyText={t("noWithdrawals")}
          emptyHint={t("noWithdrawalsHint")}
          ariaLabel={t("withdrawals")}
          renderItem={(r) => (
            <>
              <button
                type="button"
                className={styles.record}
                onClick={() => navigate(withQuery(routes.depositWithdrawalResult, { type: "withdrawal", id: r.id }))}
              >
                <div className={styles.recordTop}>
                  <span>
                    -{showMoney(r.amount, r.currency)} {r.currency}
                  </span>
                  <StatusTag status={r.status} cancelled={r.cancelled} />
                </div>
                <div className={styles.recordBottom}>
                  <span>
                    {t("feeAndReceive", {
                      fee: showMoney(r.fee, r.currency),
                      receive: showMoney(r.receive, r.currency),
                    })}
                  </span>
                  <time>{formatDate(r.createdAt)}</time>
                </div>
              </button>
              {r.txHash ? (
                <div className={styles.chainLine} data-testid="withdrawal-chain-tx">
                  <ChainTxLink txHash={r.txHash} explorerUrl={r.explorerUrl} />
                </div>
              ) : null}
            </>
          )}
        />
      )}
    </div>
  );
}
