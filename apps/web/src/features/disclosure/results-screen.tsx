// /results: "My results" (issue 34 §1) — the customer's own realised results per month over
// the last 12 months, in USDT: futures P&L and fees, options P&L, spot fees and loan interest
// paid, the net as a bar chart and all of it in a table (newest month first).
import type { MyResults } from "@candor/contract";
import { LANG_TAGS } from "@candor/contract/i18n";
import { dec } from "@candor/domain";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { routes } from "../../app/routes";
import { EmptyState } from "../../components/empty-state";
import { PageHeader } from "../../components/page-header";
import { CenteredLoading, LoadFailed } from "../../components/screen-states";
import { showAmount } from "../../lib/format";
import { currentLang } from "../../lib/i18n";
import { useMyResults } from "./api";
import styles from "./disclosure.module.css";
import { ResultsChart } from "./results-chart";

const MONTHS = 12;
type Figures = MyResults["totals"];
const COLUMNS = ["futuresPnl", "futuresFees", "optionsPnl", "spotFees", "interestPaid", "net"] as const;

const signed = (v: string) => (dec(v).isZero() ? undefined : dec(v).lt(0) ? styles.down : styles.up);
const isEmpty = (f: Figures) => COLUMNS.every((c) => dec(f[c]).isZero());

export default function ResultsScreen() {
  const { t } = useTranslation("disclosure");
  const navigate = useNavigate();
  const results = useMyResults(MONTHS);
  const monthName = new Intl.DateTimeFormat(LANG_TAGS[currentLang()], {
    year: "numeric",
    month: "short",
    timeZone: "UTC",
  });
  const month = (m: string) => monthName.format(new Date(`${m}-01T00:00:00.000Z`));

  let body: ReactNode;
  if (results.isPending) body = <CenteredLoading />;
  else if (results.isError) body = <LoadFailed onRetry={() => void results.refetch()} />;
  else if (isEmpty(results.data.totals))
    body = <EmptyState title={t("results.empty")} description={t("results.emptyHint")} style={{ marginTop: 24 }} />;
  else {
    const r = results.data;
    const cell = (f: Figures, c: (typeof COLUMNS)[number]) => (
      <td key={c} className={c === "net" || c.endsWith("Pnl") ? signed(f[c]) : undefined}>
        {showAmount(f[c], 2)}
      </td>
    );
    body = (
      <>
        <dl className={styles.figures} data-testid="results-total">
          <dt>{t("results.netTotal", { count: MONTHS })}</dt>
          <dd />
          <dd className={`${styles.num} ${signed(r.totals.net) ?? ""}`}>{showAmount(r.totals.net, 2)} USDT</dd>
        </dl>
        <ResultsChart bars={r.months} label={t("results.chartLabel")} />
        <div className={styles.tableWrap}>
          <table className={styles.table} data-testid="results-table">
            <thead>
              <tr>
                <th scope="col">{t("results.month")}</th>
                {COLUMNS.map((c) => (
                  <th key={c} scope="col">
                    {t(`results.col.${c}`)}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {[...r.months].reverse().map((m) => (
                <tr key={m.month} data-month={m.month}>
                  <td>{month(m.month)}</td>
                  {COLUMNS.map((c) => cell(m, c))}
                </tr>
              ))}
              <tr className={styles.totals}>
                <td>{t("results.total")}</td>
                {COLUMNS.map((c) => cell(r.totals, c))}
              </tr>
            </tbody>
          </table>
        </div>
        <p className={styles.muted}>{t("results.note")}</p>
      </>
    );
  }
  return (
    <div className={styles.page}>
      <PageHeader title={t("routes:myResults")} />
      <div className={styles.body}>
        {body}
        <p className={styles.muted}>
          <button type="button" className={styles.linkButton} onClick={() => navigate(routes.lossMethod)}>
            {t("results.allCustomers")}
          </button>
        </p>
      </div>
    </div>
  );
}
