// Close my account (/closeAccount): walks the customer there. First the checklist of what is
// still open or held (from GET /api/user/close/check; the same list a refused close answers),
// each with a link to where it is settled; then the password, and a last confirmation that
// says what is kept and why. A closed account is logged out on this device.
import type { CloseBlocker } from "@candor/contract";
import { Button, Dialog, DotLoading, Input, List } from "antd-mobile";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { routes } from "../../app/routes";
import { EmptyState } from "../../components/empty-state";
import { PageHeader } from "../../components/page-header";
import { showMoney } from "../../lib/format";
import { clearLocalData } from "../../lib/session";
import { useCloseAccount, useCloseCheck } from "./api";
import styles from "./privacy.module.css";

/** Where each blocker is settled. */
const WHERE: Record<CloseBlocker["kind"], string> = {
  futuresPositions: routes.contract,
  optionOrders: routes.options,
  spotOrders: routes.spot,
  loans: routes.loanOrders,
  earnOrders: routes.wealthOrders,
  contestEntries: routes.myContestEntries,
  ieoApplications: routes.ieo,
  withdrawals: routes.depositWithdrawalRecords,
  deposits: routes.depositWithdrawalRecords,
  balance: routes.withdraw,
};

export default function CloseAccountScreen() {
  const { t } = useTranslation("privacy");
  const check = useCloseCheck();
  return (
    <div className={styles.page}>
      <PageHeader title={t("routes:closeAccount")} />
      <p className={styles.intro}>{t("close.intro")}</p>
      {check.isPending ? (
        <div className={styles.center}>
          <DotLoading color="primary" />
        </div>
      ) : check.isError ? (
        <EmptyState kind="error" title={t("close.loadFailed")} description={t("common:loadFailedHint")}>
          <Button color="primary" onClick={() => void check.refetch()}>
            {t("common:retry")}
          </Button>
        </EmptyState>
      ) : check.data.open.length > 0 ? (
        <Checklist open={check.data.open} />
      ) : (
        <Confirm ledgerYears={check.data.retentionYearsLedger} kycYears={check.data.retentionYearsKyc} />
      )}
    </div>
  );
}

function Checklist({ open }: { open: CloseBlocker[] }) {
  const { t } = useTranslation("privacy");
  const navigate = useNavigate();
  return (
    <section className={styles.card} aria-labelledby="checklist-title">
      <h2 id="checklist-title" className={styles.title}>
        {t("close.checklistTitle")}
      </h2>
      <p className={styles.note}>{t("close.checklistIntro")}</p>
      <List aria-label={t("close.checklistTitle")}>
        {open.map((item) => (
          <List.Item
            key={`${item.kind}:${item.currency ?? ""}`}
            onClick={() => navigate(WHERE[item.kind])}
            description={t(`close.where.${item.kind}`)}
          >
            {item.kind === "balance"
              ? t("close.balance", { amount: showMoney(item.amount, item.currency ?? ""), currency: item.currency })
              : t(`close.kind.${item.kind}`, { count: item.count ?? 0 })}
          </List.Item>
        ))}
      </List>
    </section>
  );
}

function Confirm({ ledgerYears, kycYears }: { ledgerYears: number; kycYears: number }) {
  const { t } = useTranslation("privacy");
  const [password, setPassword] = useState("");
  const close = useCloseAccount();
  const submit = async () => {
    const yes = await Dialog.confirm({
      title: t("close.confirmTitle"),
      content: (
        <div className={styles.confirm}>
          <p>{t("close.erased")}</p>
          <p>{t("close.kept", { ledgerYears, kycYears })}</p>
          <p>{t("close.final")}</p>
        </div>
      ),
      confirmText: t("close.confirm"),
      cancelText: t("common:cancel"),
    });
    if (!yes) return;
    try {
      await close.mutateAsync(password);
    } catch {
      return; // the API client showed why (a wrong password; or the checklist, refreshed)
    }
    clearLocalData();
    window.location.hash = `#${routes.home}`;
    window.location.reload();
  };
  return (
    <section className={styles.card} aria-labelledby="confirm-title">
      <h2 id="confirm-title" className={styles.title}>
        {t("close.readyTitle")}
      </h2>
      <p className={styles.note}>{t("close.kept", { ledgerYears, kycYears })}</p>
      <Input
        className={styles.input}
        aria-label={t("close.password")}
        placeholder={t("close.password")}
        type="password"
        autoComplete="current-password"
        maxLength={128}
        value={password}
        onChange={setPassword}
      />
      <Button
        block
        color="danger"
        className={styles.action}
        disabled={password.length === 0}
        loading={close.isPending}
        onClick={() => void submit()}
      >
        {t("routes:closeAccount")}
      </Button>
    </section>
  );
}
