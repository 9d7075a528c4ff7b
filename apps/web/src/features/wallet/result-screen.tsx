// /chongzhitixianResult?type=deposit|withdrawal&id=: where a deposit or withdrawal
// stands. Deposits refresh until confirmed; withdrawals show every step with its time,
// the review time limit, and a cancel button while under review.

import type { RechargeRecord } from "@candor/contract";
import { RecordStatuses } from "@candor/contract";
import { walletPaths } from "@candor/contract/paths";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { Button, Dialog, DotLoading, Result, Steps } from "antd-mobile";
import { useTranslation } from "react-i18next";
import { useNavigate, useSearchParams } from "react-router";
import { routes, withQuery } from "../../app/routes";
import { EmptyState } from "../../components/empty-state";
import { PageHeader } from "../../components/page-header";
import { pollUnlessLive } from "../../lib/account-feed";
import { api } from "../../lib/api-client";
import { formatDate, showMoney } from "../../lib/format";
import { showToast } from "../../lib/toast";
import { StatusTag } from "./records-screen";
import styles from "./wallet.module.css";

function DepositResult({ id }: { id: number }) {
  const { t } = useTranslation("wallet");
  const navigate = useNavigate();
  const q = useQuery({
    queryKey: ["wallet", "deposit", id],
    queryFn: () => api.get(walletPaths.rechargeDetail, { params: { id }, silent: true }),
    refetchInterval: pollUnlessLive<RechargeRecord>(1000, (data) => data?.status === RecordStatuses.pending),
  });
  if (q.isPending) return <DotLoading color="primary" />;
  if (q.isError) return <EmptyState kind="error" title={t("loadFailed")} description={q.error.message} />;
  const r = q.data;
  const status =
    r.status === RecordStatuses.completed ? "success" : r.status === RecordStatuses.pending ? "waiting" : "error";
  return (
    <>
      <Result
        status={status}
        title={t(`depositStatus.${r.status}`)}
        description={`${showMoney(r.amount, r.currency)} ${r.currency}${r.network ? ` · ${r.network}` : ""}`}
      />
      <div className={styles.card}>
        <div className={styles.row}>
          <span className={styles.muted}>{t("state")}</span>
          <StatusTag status={r.status} />
        </div>
        <div className={styles.row}>
          <span className={styles.muted}>{t("requestedAt")}</span>
          <time>{formatDate(r.createdAt)}</time>
        </div>
        <div className={styles.row}>
          <span className={styles.muted}>{t("completedAt")}</span>
          <time>{formatDate(r.completedAt)}</time>
        </div>
        {r.reason ? <p className={styles.muted}>{r.reason}</p> : null}
      </div>
      <div className={styles.actions} style={{ margin: 12 }}>
        <Button onClick={() => navigate(routes.assetCentre)}>{t("routes:assetCentre")}</Button>
        <Button onClick={() => navigate(withQuery(routes.depositWithdrawalRecords, { tab: "deposit" }))}>
          {t("records")}
        </Button>
      </div>
    </>
  );
}

function WithdrawalResult({ id }: { id: number }) {
  const { t } = useTranslation("wallet");
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const q = useQuery({
    queryKey: ["wallet", "tracker", id],
    queryFn: () => api.get(walletPaths.withdrawalTracker, { params: { id }, silent: true }),
    refetchInterval: pollUnlessLive(10_000),
  });
  const cancel = async () => {
    const yes = await Dialog.confirm({
      content: t("cancelConfirm"),
      confirmText: t("cancelWithdrawal"),
      cancelText: t("common:cancel"),
    });
    if (!yes) return;
    try {
      await api.post(walletPaths.withdrawalCancel, undefined, { params: { id } });
      showToast(t("cancelled"), "success");
      await queryClient.invalidateQueries({ queryKey: ["wallet"] });
    } catch {
      // message shown
    }
  };
  if (q.isPending) return <DotLoading color="primary" />;
  if (q.isError) return <EmptyState kind="error" title={t("loadFailed")} description={q.error.message} />;
  const { withdrawal: w, events } = q.data;
  return (
    <>
      <div className={styles.card}>
        <div className={styles.row}>
          <strong>
            {showMoney(w.amount, w.currency)} {w.currency}
          </strong>
          <StatusTag status={w.status} cancelled={w.cancelled} />
        </div>
        <div className={styles.row}>
          <span className={styles.muted}>{t("fee")}</span>
          <span>
            {showMoney(w.fee, w.currency)} {w.currency}
          </span>
        </div>
        <div className={styles.row}>
          <span className={styles.muted}>{t("receive")}</span>
          <strong>
            {showMoney(w.receive, w.currency)} {w.currency}
          </strong>
        </div>
        <div className={styles.row}>
          <span className={styles.muted}>{t("destination")}</span>
          <span style={{ wordBreak: "break-all", textAlign: "right" }}>
            {w.destination.type === "wallet"
              ? `${w.destination.network} ${w.destination.address}`
              : `${w.destination.bankName} ${w.destination.account}`}
          </span>
        </div>
        <p className={styles.muted}>
          {t("reviewBy", { hours: q.data.reviewHours, time: formatDate(q.data.reviewDueAt) })}
        </p>
        {w.reason ? <p className={styles.muted}>{t("reasonGiven", { reason: w.reason })}</p> : null}
      </div>
      <section className={styles.card} aria-label={t("progress")}>
        <Steps direction="vertical" current={events.length - 1}>
          {events.map((e) => (
            <Steps.Step
              key={`${e.event}${e.at}`}
              title={t(`events.${e.event}`)}
              description={`${formatDate(e.at)}${e.note ? ` · ${e.note}` : ""}`}
              status={e.event === "rejected" || e.event === "failed" ? "error" : "finish"}
            />
          ))}
        </Steps>
      </section>
      <div className={styles.notice} data-testid="no-payment-notice">
        {q.data.notice}
      </div>
      {q.data.canCancel ? (
        <Button
          block
          color="danger"
          fill="outline"
          style={{ margin: 12, width: "calc(100% - 24px)" }}
          onClick={() => void cancel()}
        >
          {t("cancelWithdrawal")}
        </Button>
      ) : null}
      <div className={styles.actions} style={{ margin: 12 }}>
        <Button onClick={() => navigate(routes.assetCentre)}>{t("routes:assetCentre")}</Button>
        <Button onClick={() => navigate(withQuery(routes.depositWithdrawalRecords, { tab: "withdrawal" }))}>
          {t("records")}
        </Button>
      </div>
    </>
  );
}

export default function DepositWithdrawalResultScreen() {
  const { t } = useTranslation("wallet");
  const [params] = useSearchParams();
  const id = Number(params.get("id"));
  const type = params.get("type");
  return (
    <div className={styles.page}>
      <PageHeader title={t("routes:depositWithdrawalResult")} />
      {!Number.isInteger(id) || id <= 0 ? (
        <EmptyState title={t("recordMissing")} description={t("recordMissingHint")} />
      ) : type === "withdrawal" ? (
        <WithdrawalResult id={id} />
      ) : (
        <DepositResult id={id} />
      )}
    </div>
  );
}
