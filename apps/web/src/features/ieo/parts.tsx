// Pieces every IEO screen shares: status chips, the countdown to the next milestone, fact
// rows, the loading / failed / not-found states of a query, the ?id= of a detail, and the
// business time the countdowns run on.

import { Tag } from "antd-mobile";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { AreaQueryView, type QueryViewProps } from "../../components/area-parts";
import { formatDate } from "../../lib/format";
import { businessOffsetMs } from "./api";
import { formatCountdown, type IeoDates, type IeoOrderStatus, type IeoStatus, nextMilestone } from "./ieo-logic";
import styles from "./styles";

export { Loading, Rows, useIdParam } from "../../components/area-parts";
/** Loading, failed (with retry) and not-found states of one query (components/area-parts.tsx). */
export const QueryView = <T,>(props: QueryViewProps<T>) => <AreaQueryView namespace="ieo" {...props} />;

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
      <span title={formatDate(next.at, "dateTime")}>{left > 0 ? formatCountdown(left) : t("milestone.due")}</span>
    </div>
  );
}
