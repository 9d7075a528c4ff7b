// Pieces every loan screen shares: the pledge risk notice, status chips, fact rows, the
// loading / failed / not-found states of a query, the ?id= of a detail, and the loan
// account card (credit limit, used, outstanding, identity check).

import type { LoanIdentityState, LoanStatus, MyLoanInfo } from "@candor/contract";
import type { UseQueryResult } from "@tanstack/react-query";
import { Button, DotLoading, Tag } from "antd-mobile";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate, useSearchParams } from "react-router";
import { EmptyState } from "../../components/empty-state";
import { LoadFailed } from "../../components/screen-states";
import { money } from "./loan-logic";
import styles from "./styles";

/** The positive integer ?id= of a detail screen, or null. */
export function useIdParam(name = "id"): number | null {
  const [params] = useSearchParams();
  const raw = params.get(name);
  const id = raw && /^\d+$/.test(raw) ? Number(raw) : 0;
  return id > 0 ? id : null;
}

/**
 * The plain notice every pledge screen carries: the collateral can be sold if prices fall.
 * The product's own notice (operator's text, in the customer's language) follows it.
 */
export function PledgeRiskNotice({ text }: { text?: string | null }) {
  const { t } = useTranslation("loans");
  return (
    <section className={styles.risk} aria-label={t("risk.title")} data-testid="loan-risk">
      <h2>{t("risk.title")}</h2>
      <p>{t("risk.pledge")}</p>
      {text?.trim() ? <p style={{ marginTop: 6 }}>{text}</p> : null}
    </section>
  );
}

const STATUS_COLORS: Record<LoanStatus, "primary" | "success" | "default" | "warning" | "danger"> = {
  under_review: "warning",
  passed: "primary",
  rejected: "default",
  repaid: "success",
  liquidated: "danger",
  overdue: "danger",
};

export function LoanStatusChip({ status }: { status: LoanStatus }) {
  const { t } = useTranslation("loans");
  return (
    <Tag color={STATUS_COLORS[status]} fill="outline" data-testid="loan-status">
      {t(`status.${status}`)}
    </Tag>
  );
}

/** Label/value rows. */
export function Rows({ rows }: { rows: [label: ReactNode, value: ReactNode, testId?: string][] }) {
  return (
    <dl className={styles.rows}>
      {rows.map(([label, value, testId], i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: fixed rows, never reordered
        <div key={i}>
          <dt>{label}</dt>
          <dd data-testid={testId}>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** Loading, failed (with retry) and not-found states of one query; `children` renders the data. */
export function QueryView<T>({
  query,
  missing,
  children,
}: {
  query: UseQueryResult<T>;
  missing: string;
  children: (data: T) => ReactNode;
}) {
  const { t } = useTranslation("loans");
  if (query.fetchStatus === "idle" && query.isPending) {
    return <EmptyState title={missing} description={t("missingHint")} />;
  }
  if (query.isPending) {
    return (
      <div className={styles.center}>
        <DotLoading color="primary" />
      </div>
    );
  }
  if (query.isError) {
    const code = (query.error as { code?: number }).code;
    if (code === 404 || code === 400) {
      return <EmptyState title={missing} description={t("missingHint")} />;
    }
    return <LoadFailed onRetry={() => void query.refetch()} hint={query.error.message} />;
  }
  return <>{children(query.data)}</>;
}

const IDENTITY_COLORS: Record<LoanIdentityState, "default" | "warning" | "danger" | "success"> = {
  start: "default",
  pending: "warning",
  retry: "danger",
  passed: "success",
};

export function IdentityChip({ state }: { state: LoanIdentityState }) {
  const { t } = useTranslation("loans");
  return (
    <Tag color={IDENTITY_COLORS[state]} data-testid="identity-state">
      {t(`identity.state.${state}`)}
    </Tag>
  );
}

/** My loan account: credit limit, used, available, outstanding, and the identity check with its next step. */
export function AccountCard({ query, showAction = true }: { query: UseQueryResult<MyLoanInfo>; showAction?: boolean }) {
  const { t } = useTranslation("loans");
  const navigate = useNavigate();
  if (query.isPending) {
    return (
      <section className={styles.card}>
        <div className={styles.center}>
          <DotLoading color="primary" />
        </div>
      </section>
    );
  }
  if (query.isError) {
    return (
      <section className={styles.card}>
        <LoadFailed onRetry={() => void query.refetch()} hint={query.error.message} />
      </section>
    );
  }
  const info = query.data;
  const action =
    info.identityCheck === "start"
      ? t("identity.begin")
      : info.identityCheck === "retry"
        ? t("identity.resubmit")
        : null;
  return (
    <section className={styles.account} aria-label={t("account.title")} data-testid="loan-account">
      <h2>{t("account.title")}</h2>
      <dl className={styles.accountFacts}>
        <div>
          <dt>{t("account.creditLimit")}</dt>
          <dd data-testid="credit-limit">{money(info.creditLimit, "USDT")}</dd>
        </div>
        <div>
          <dt>{t("account.creditUsed")}</dt>
          <dd data-testid="credit-used">{money(info.creditUsed, "USDT")}</dd>
        </div>
        <div>
          <dt>{t("account.creditAvailable")}</dt>
          <dd data-testid="credit-available">{money(info.creditAvailable, "USDT")}</dd>
        </div>
        <div>
          <dt>{t("account.outstanding")}</dt>
          <dd data-testid="loan-outstanding">{money(info.outstanding, "USDT")}</dd>
        </div>
      </dl>
      <p className={styles.identityReason} style={{ color: "#e6ecf7" }}>
        {t("account.limitBasis", {
          kyc: t(`account.kyc.${Math.min(2, Math.max(0, info.kycLevel))}`),
          vip: info.vipLevel,
        })}
      </p>
      <div className={styles.identityRow}>
        <span>
          {t("identity.title")} <IdentityChip state={info.identityCheck} />
        </span>
        {showAction && action ? (
          <Button size="mini" onClick={() => navigate("/loanAccount")}>
            {action}
          </Button>
        ) : null}
      </div>
      {info.identityCheck === "retry" && info.identityCheckReason ? (
        <p className={styles.identityReason}>{t("identity.reason", { reason: info.identityCheckReason })}</p>
      ) : null}
      {info.marginCalls > 0 ? (
        <p className={styles.identityReason} role="alert">
          {t("account.marginCalls", { count: info.marginCalls })}
        </p>
      ) : null}
    </section>
  );
}
