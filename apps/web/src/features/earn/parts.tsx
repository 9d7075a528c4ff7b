// Pieces every Earn screen shares: the risk notice, status chips, fact rows, the
// loading / failed / empty states of a query, and the ?id= of a detail screen.
import type { EarnOrderStatus, EarnProduct, EarnProductStatus } from "@candor/contract";
import type { UseQueryResult } from "@tanstack/react-query";
import { DotLoading, Tag } from "antd-mobile";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import { EmptyState } from "../../components/empty-state";
import { LoadFailed } from "../../components/screen-states";
import styles from "./styles";

/** The positive integer ?id= of a detail screen, or null. */
export function useIdParam(name = "id"): number | null {
  const [params] = useSearchParams();
  const raw = params.get(name);
  const id = raw && /^\d+$/.test(raw) ? Number(raw) : 0;
  return id > 0 ? id : null;
}

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

/**
 * Loading, failed (with retry) and not-found states of one query; `children` renders the data.
 * `missing` is what a 404 or an absent id shows.
 */
export function QueryView<T>({
  query,
  missing,
  children,
}: {
  query: UseQueryResult<T>;
  missing: string;
  children: (data: T) => ReactNode;
}) {
  const { t } = useTranslation("earn");
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
