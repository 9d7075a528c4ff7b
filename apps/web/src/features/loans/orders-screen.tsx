// /jiedaiOrder: my loans by type and state, each with what is owed now and (pledge) its
// LTV; /jiedaiOrder?id= opens one loan (order-detail.tsx).
import type { LoanOrder, LoanStatus, LoanType } from "@candor/contract";
import { Selector } from "antd-mobile";
import type { CSSProperties } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate, useSearchParams } from "react-router";
import { routes, withQuery } from "../../app/routes";
import { PageHeader } from "../../components/page-header";
import { PagedList } from "../../components/paged-list";
import { SegmentedChoice } from "../../components/segmented-choice";
import { formatDate } from "../../lib/format";
import { LoanRoutes } from "./api";
import { money, percent, plain } from "./loan-logic";
import { OrderDetail } from "./order-detail";
import { LoanStatusChip, useIdParam } from "./parts";
import styles from "./styles";

const STATUSES = ["all", "under_review", "passed", "overdue", "repaid", "rejected", "liquidated"] as const;
type StatusFilter = (typeof STATUSES)[number];
type TypeFilter = "all" | LoanType;

export default function LoanOrdersScreen() {
  const { t } = useTranslation("loans");
  const id = useIdParam();
  if (id !== null) {
    return (
      <div className={styles.page}>
        <PageHeader title={t("detail.title")} />
        <OrderDetail id={id} />
      </div>
    );
  }
  return <OrdersList />;
}

function OrdersList() {
  const { t } = useTranslation("loans");
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const typeParam = params.get("type");
  const type: TypeFilter = typeParam === "credit" || typeParam === "pledge" ? typeParam : "all";
  const statusParam = params.get("status");
  const status: StatusFilter = (STATUSES as readonly string[]).includes(statusParam ?? "")
    ? (statusParam as StatusFilter)
    : "all";
  const setFilter = (next: { type?: TypeFilter; status?: StatusFilter }) => {
    const merged = { type, status, ...next };
    const q: Record<string, string> = {};
    if (merged.type !== "all") q.type = merged.type;
    if (merged.status !== "all") q.status = merged.status;
    setParams(q, { replace: true });
  };
  return (
    <div className={styles.page}>
      <PageHeader
        title={t("routes:loanOrders")}
        right={
          <button type="button" className={styles.link} onClick={() => navigate(routes.loans)}>
            {t("borrow")}
          </button>
        }
      />
      <div className={styles.filters}>
        <SegmentedChoice<TypeFilter>
          label={t("typeLabel")}
          value={type}
          options={[
            { value: "all", label: t("all") },
            { value: "credit", label: t("types.credit") },
            { value: "pledge", label: t("types.pledge") },
          ]}
          onChange={(v) => setFilter({ type: v })}
        />
        <Selector
          style={{ "--padding": "4px 8px", marginTop: 8, paddingBottom: 8 } as CSSProperties}
          columns={3}
          value={[status]}
          onChange={(v) => v[0] && setFilter({ status: v[0] })}
          options={STATUSES.map((s) => ({ label: s === "all" ? t("all") : t(`status.${s}`), value: s }))}
          aria-label={t("statusFilter")}
        />
      </div>
      <div className={styles.body}>
        <PagedList<LoanOrder>
          key={`${type}-${status}`}
          path={LoanRoutes.listMy}
          query={{
            type: type === "all" ? undefined : type,
            status: status === "all" ? undefined : (status satisfies LoanStatus),
          }}
          keyOf={(o) => o.id}
          emptyText={t("noOrders")}
          emptyHint={status === "all" && type === "all" ? t("noOrdersHint") : t("noOrdersFilteredHint")}
          ariaLabel={t("myLoans")}
          renderItem={(o) => <OrderCard order={o} />}
        />
      </div>
    </div>
  );
}

function OrderCard({ order: o }: { order: LoanOrder }) {
  const { t } = useTranslation("loans");
  const navigate = useNavigate();
  const running = o.status === "passed" || o.status === "overdue";
  return (
    <button
      type="button"
      className={`${styles.card} ${styles.cardButton}`}
      style={{ marginBottom: 12 }}
      onClick={() => navigate(withQuery(routes.loanOrders, { id: o.id }))}
      data-testid="loan-order"
    >
      <div className={styles.cardHead}>
        <h2 className={styles.name}>
          {t(`types.${o.type}`)} · {money(o.amount, o.currency)} {o.currency}
        </h2>
        <LoanStatusChip status={o.status} />
      </div>
      {o.marginCall ? (
        <p className={styles.error} role="alert">
          {t("marginCall.short")}
        </p>
      ) : null}
      <dl className={styles.facts}>
        <div>
          <dt>{running ? t("owedNow") : t("totalInterest")}</dt>
          <dd data-testid="order-owed">
            {running ? money(o.outstanding, o.currency) : money(o.totalInterest, o.currency)} {o.currency}
          </dd>
        </div>
        <div>
          <dt>{t("term")}</dt>
          <dd>
            {t("days", { count: o.days })} · {t("perDay", { rate: percent(o.dailyRate) })}
          </dd>
        </div>
        {o.type === "pledge" ? (
          <>
            <div>
              <dt>{t("apply.collateral")}</dt>
              <dd>
                {plain(o.collateralAmount)} {o.collateralCurrency}
              </dd>
            </div>
            <div>
              <dt>{t("ltv")}</dt>
              <dd data-testid="order-ltv">{o.ltv ? `${percent(o.ltv, 2)}%` : "--"}</dd>
            </div>
          </>
        ) : null}
        <div>
          <dt>{o.endAt ? t("endAt") : t("appliedAt")}</dt>
          <dd>
            <time>{formatDate(o.endAt ?? o.createdAt, "dateTime")}</time>
          </dd>
        </div>
      </dl>
    </button>
  );
}
