// /taoliOrder (and /zhaiquanOrder, opened on the debt tab): my Earn orders by kind and
// state, each with today's income, the total so far, the days left and its state.
import type { EarnOrder, EarnOrderStatus, EarnType } from "@candor/contract";
import { Selector, Tabs } from "antd-mobile";
import { type CSSProperties, useState } from "react";
import { useTranslation } from "react-i18next";
import { useLocation, useNavigate, useSearchParams } from "react-router";
import { routes, withQuery } from "../../app/routes";
import { PageHeader } from "../../components/page-header";
import { PagedList } from "../../components/paged-list";
import { EARN_PATHS } from "./api";
import { money, signedMoney, signOf } from "./earn-logic";
import { earnKinds } from "./kinds";
import { OrderStatusChip } from "./parts";
import styles from "./styles";

const TYPES: EarnType[] = ["arbitrage", "quant", "mining", "debt"];
const STATUSES = ["all", "running", "ended", "frozen", "not_started", "cancelled"] as const;
type StatusFilter = (typeof STATUSES)[number];

function isType(v: string | null): v is EarnType {
  return v !== null && (TYPES as string[]).includes(v);
}

export default function OrdersScreen() {
  const { t } = useTranslation("earn");
  const [params] = useSearchParams();
  const location = useLocation();
  const fromParam = params.get("type");
  const initial: EarnType = isType(fromParam)
    ? fromParam
    : location.pathname === routes.debtClaimOrders
      ? "debt"
      : "arbitrage";
  const [type, setType] = useState<EarnType>(initial);
  const [status, setStatus] = useState<StatusFilter>("all");
  const title = location.pathname === routes.debtClaimOrders ? t("routes:debtClaimOrders") : t("routes:wealthOrders");
  return (
    <div className={styles.page}>
      <PageHeader title={title} />
      <div className={styles.filters}>
        <Tabs
          style={{ "--title-font-size": "14px" } as CSSProperties}
          activeKey={type}
          onChange={(k) => isType(k) && setType(k)}
        >
          {TYPES.map((k) => (
            <Tabs.Tab key={k} title={t(`types.${k}`)} />
          ))}
        </Tabs>
        <Selector
          style={{ "--padding": "4px 10px", marginTop: 8, paddingBottom: 8 } as CSSProperties}
          columns={3}
          value={[status]}
          onChange={(v) => v[0] && setStatus(v[0])}
          options={STATUSES.map((s) => ({ label: s === "all" ? t("all") : t(`orderStatus.${s}`), value: s }))}
          aria-label={t("statusFilter")}
        />
      </div>
      <div className={styles.body}>
        <PagedList<EarnOrder>
          key={`${type}-${status}`}
          path={EARN_PATHS.orders}
          query={{ type, status: status === "all" ? undefined : (status satisfies EarnOrderStatus) }}
          keyOf={(o) => o.id}
          emptyText={t("noOrders")}
          emptyHint={t("noOrdersHint")}
          ariaLabel={t("myOrders")}
          renderItem={(o) => <OrderCard order={o} />}
        />
      </div>
    </div>
  );
}

function OrderCard({ order: o }: { order: EarnOrder }) {
  const { t } = useTranslation("earn");
  const navigate = useNavigate();
  const quant = earnKinds[o.type].strategy;
  const pnl = signOf(o.totalIncome);
  return (
    <button
      type="button"
      className={`${styles.card} ${styles.cardButton}`}
      style={{ marginBottom: 12 }}
      onClick={() => navigate(withQuery(routes.earnOrderDetail, { id: o.id }))}
      data-testid="earn-order"
    >
      <div className={styles.cardHead}>
        <h2 className={styles.name}>{o.productName}</h2>
        <OrderStatusChip status={o.status} />
      </div>
      <dl className={styles.facts}>
        <div>
          <dt>{t("amount")}</dt>
          <dd>
            {money(o.amount, o.currency)} {o.currency}
          </dd>
        </div>
        <div>
          <dt>{quant ? t("quant.todayChange") : t("todayIncome")}</dt>
          <dd data-testid="order-today">
            {quant ? signedMoney(o.todayIncome, o.currency) : money(o.todayIncome, o.currency)}
          </dd>
        </div>
        <div>
          <dt>{quant ? t("quant.pnl") : t("totalIncome")}</dt>
          <dd
            data-testid="order-total"
            className={quant ? (pnl > 0 ? styles.up : pnl < 0 ? styles.down : undefined) : undefined}
          >
            {quant ? signedMoney(o.totalIncome, o.currency) : money(o.totalIncome, o.currency)}
          </dd>
        </div>
        <div>
          <dt>{t("remainingDays")}</dt>
          <dd>{t("days", { count: o.remainingDays })}</dd>
        </div>
      </dl>
    </button>
  );
}
