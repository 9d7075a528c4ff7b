// Pieces every IEO screen shares: status chips, the countdown to the next milestone, fact
// rows, the loading / failed / not-found states of a query, the ?id= of a detail, and the
// business time the countdowns run on.
import type { UseQueryResult } from "@tanstack/react-query";
import { DotLoading, Tag } from "antd-mobile";
import { type ReactNode, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import { EmptyState } from "../../components/empty-state";
import { LoadFailed } from "../../components/screen-states";
import { formatDate } from "../../lib/format";
import { businessOffsetMs } from "./api";
import { formatCountdown, type IeoDates, type IeoOrderStatus, type IeoStatus, nextMilestone } from "./ieo-logic";
import styles from "./styles";

/** The positive integer ?<name>= of a screen, or null. */
export function useIdParam(name = "id"): number | null {
  const [params] = useSearchParams();
  const raw = params.get(name);
  const id = raw && /^\d+$/.test(raw) ? Number(raw) : 0;
  return id > 0 ? id : null;
}

/** Business time now (ms, from the server's last serverTime), re-rendered every second. */
export function useBusinessNow(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const id = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(id);
  }, []);
  return now + businessOffsetMs();
}

type Colour = "primary" | "success" | "default" | "warning" | "danger";

const STATUS_COLOURS: Record<IeoStatus, Colour> = {
  upcoming: "default",
  issuing: "primary",
  drawing: "warning",
  paying: "warning",
  completed: "success",
  listed: "success",
};

export function StatusChip({ status }: { status: IeoStatus }) {
  const { t } = useTranslation("ieo");
  return (
    <Tag color={STATUS_COLOURS[status]} fill="outline" data-testid="ieo-status">
      {t(`status.${status}`)}
    </Tag>
  );
}

const ORDER_COLOURS: Record<IeoOrderStatus, Colour> = {
  applied: "primary",
  won: "warning",
  lost: "default",
  paid: "success",
  expired: "danger",
  delivered: "success",
};

export function OrderStatusChip({ status }: { status: IeoOrderStatus }) {
  const { t } = useTranslation("ieo");
  return (
    <Tag color={ORDER_COLOURS[status]} fill="outline" data-testid="ieo-order-status">
      {t(`orderStatus.${status}`)}
    </Tag>
  );
}

/** "Applications close in 1d 02:03:04" (business time); nothing for a listed project. */
export function MilestoneCountdown({ project, now }: { project: IeoDates; now: number }) {
  const { t } = useTranslation("ieo");
  const next = nextMilestone(project);
  if (!next) return null;
  const left = Date.parse(next.at) - now;
  return (
    <div className={styles.countdown} role="timer" data-testid="ieo-countdown">
      <span>{t(`milestone.${next.key}`)}</span>
      <span title={formatDate(next.at, "iso")}>{left > 0 ? formatCountdown(left) : t("milestone.due")}</span>
    </div>
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

export function Loading() {
  return (
    <div className={styles.center}>
      <DotLoading color="primary" />
    </div>
  );
}

/** Loading, failed (with retry) and not-found states of one query; `children` renders the data. */
export function QueryView<T>({
  query,
  missing,
  missingHint,
  children,
}: {
  query: UseQueryResult<T>;
  missing: string;
  missingHint: string;
  children: (data: T) => ReactNode;
}) {
  if (query.isPending) return <Loading />;
  if (query.isError) {
    const code = (query.error as { code?: number }).code;
    if (code === 404 || code === 400) return <EmptyState title={missing} description={missingHint} />;
    return <LoadFailed onRetry={() => void query.refetch()} hint={query.error.message} />;
  }
  return <>{children(query.data)}</>;
}
