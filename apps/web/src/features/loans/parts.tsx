// Pieces every loan screen shares: the pledge risk notice, status chips, fact rows, the
// loading / failed / not-found states of a query, the ?id= of a detail, and the loan
// account card (credit limit, used, outstanding, identity check).
import type { LoanIdentityState, LoanStatus, MyLoanInfo } from "@candor/contract";
import type { UseQueryResult } from "@tanstack/react-query";
import { Button, DotLoading, Tag } from "antd-mobile";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { routes } from "../../app/routes";
import { AreaQueryView, type QueryViewProps } from "../../components/area-parts";
import { LoadFailed } from "../../components/screen-states";
import { money } from "./loan-logic";
import styles from "./styles";

export { Rows, useIdParam } from "../../components/area-parts";
/** Loading, failed (with retry) and not-found states of one query (components/area-parts.tsx). */
export const QueryView = <T,>(props: QueryViewProps<T>) => <AreaQueryView namespace="loans" {...props} />;

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
          <Button size="mini" onClick={() => navigate(routes.loanAccount)}>
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
