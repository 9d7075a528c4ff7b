// Pieces every Earn screen shares: the risk notice, status chips, fact rows, the
// loading / failed / empty states of a query, and the ?id= of a detail screen.
import type { EarnOrderStatus, EarnProduct, EarnProductStatus } from "@candor/contract";
import type { UseQueryResult } from "@tanstack/react-query";
import { Tag } from "antd-mobile";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { AreaQueryView, type QueryViewProps } from "../../components/area-parts";
import { EmptyState } from "../../components/empty-state";
import styles from "./styles";

export { Rows, useIdParam } from "../../components/area-parts";
/** Loading, failed (with retry) and not-found states of one query (components/area-parts.tsx). */
export const QueryView = <T,>(props: QueryViewProps<T>) => <AreaQueryView namespace="earn" {...props} />;

/** The product's own risk notice (from the operator, in the customer's language), shown plainly. */
export function RiskNotice({ text }: { text?: string | null }) {
  const { t } = useTranslation("earn");
  return (
    <section className={styles.risk} aria-label={t("risk.title")} data-testid="earn-risk">
      <h2>{t("risk.title")}</h2>
      <p>{text?.trim() ? text : t("risk.generic")}</p>
    </section>
  );
}

const PRODUCT_COLORS: Record<EarnProductStatus, "success" | "default" | "warning"> = {
  open: "success",
  upcoming: "warning",
  paused: "default",
  sold_out: "default",
  ended: "default",
};

export function ProductStatusChip({ status }: { status: EarnProductStatus }) {
  const { t } = useTranslation("earn");
  return (
    <Tag color={PRODUCT_COLORS[status]} fill="outline" data-testid="product-status">
      {t(`productStatus.${status}`)}
    </Tag>
  );
}

const ORDER_COLORS: Record<EarnOrderStatus, "primary" | "success" | "default" | "warning" | "danger"> = {
  running: "primary",
  ended: "success",
  frozen: "warning",
  not_started: "default",
  cancelled: "default",
};

export function OrderStatusChip({ status }: { status: EarnOrderStatus }) {
  const { t } = useTranslation("earn");
  return (
    <Tag color={ORDER_COLORS[status]} fill="outline" data-testid="order-status">
      {t(`orderStatus.${status}`)}
    </Tag>
  );
}

/** A list of products, or the empty block with a word on why. */
export function ProductsView({
  query,
  render,
  onDark = false,
}: {
  query: UseQueryResult<EarnProduct[]>;
  render: (p: EarnProduct) => ReactNode;
  onDark?: boolean;
}) {
  const { t } = useTranslation("earn");
  return (
    <QueryView query={query} missing={t("noProducts")}>
      {(list) =>
        list.length === 0 ? (
          <div className={onDark ? styles.card : undefined}>
            <EmptyState title={t("noProducts")} description={t("noProductsHint")} />
          </div>
        ) : (
          <ul className={styles.body} style={{ padding: 0, margin: 0, listStyle: "none" }}>
            {list.map((p) => (
              <li key={p.id}>{render(p)}</li>
            ))}
          </ul>
        )
      }
    </QueryView>
  );
}
