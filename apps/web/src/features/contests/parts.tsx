// Pieces the contest screens share: the status chip, the "contest money, not real money"
// notice, the loading / failed / not-found states of a query, the ?id= of a screen and
// the contest's facts (prize, entry funds, entrants, dates).

import { Tag } from "antd-mobile";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { AreaQueryView, type QueryViewProps } from "../../components/area-parts";
import { formatDate } from "../../lib/format";
import type { ContestStatus, ContestSummary } from "./api";
import { amount, STATUS_KEY } from "./logic";
import styles from "./styles";

export { useIdParam } from "../../components/area-parts";
/** Loading, failed (with retry) and not-found states of one query (components/area-parts.tsx). */
export const QueryView = <T,>(props: QueryViewProps<T>) => <AreaQueryView namespace="contests" {...props} />;

const STATUS_COLORS: Record<ContestStatus, "primary" | "success" | "default" | "warning"> = {
  1: "success",
  0: "primary",
  [-2]: "default",
  [-3]: "warning",
};

export function StatusChip({ status, testId = "contest-status" }: { status: ContestStatus; testId?: string }) {
  const { t } = useTranslation("contests");
  return (
    <Tag color={STATUS_COLORS[status] ?? "default"} fill="outline" data-testid={testId}>
      {t(`status.${STATUS_KEY[status] ?? "ended"}`)}
    </Tag>
  );
}

/** Contest money is virtual: said plainly wherever it is shown. */
export function ContestMoneyNotice({ entryFunds, prizeCurrency }: { entryFunds: string; prizeCurrency: string }) {
  const { t } = useTranslation("contests");
  return (
    <section className={styles.notice} aria-label={t("money.title")} data-testid="contest-money">
      <h2>{t("money.title")}</h2>
      <p>{t("money.text", { amount: amount(entryFunds), currency: prizeCurrency })}</p>
    </section>
  );
}

/** The real currency prizes are paid in. */
export const prizeCurrency = (c: ContestSummary): string => c.prizeCurrency ?? "USDT";

/** Prize, entry funds, entrants and the date range of a contest. */
export function ContestFacts({ contest: c, children }: { contest: ContestSummary; children?: ReactNode }) {
  const { t } = useTranslation("contests");
  return (
    <dl className={styles.facts}>
      <div>
        <dt>{t("prize")}</dt>
        <dd className={styles.prize} data-testid="contest-prize">
          {amount(c.prize)} {prizeCurrency(c)}
        </dd>
      </div>
      <div>
        <dt>{t("entryFunds")}</dt>
        <dd data-testid="contest-entry-funds">
          {amount(c.entryFunds)} {c.currency || "CUSDT"}
        </dd>
      </div>
      <div>
        <dt>{t("entrants")}</dt>
        <dd data-testid="contest-entrants">{c.entrants}</dd>
      </div>
      <div>
        <dt>{t("dates")}</dt>
        <dd>
          {formatDate(c.startAt, "date")} – {formatDate(c.endAt, "date")}
        </dd>
      </div>
      {children}
    </dl>
  );
}
