// /zhangbianRecord: the balance log as a bank statement (issue 35 §6): real money and
// virtual money (contests, demo) on separate tabs, filtered by kind of business on the
// server, one line per movement with its title and memo in the reader's language.

import type { BalanceLogCategory, BalanceLogRecord } from "@candor/contract";
import { BALANCE_LOG_CATEGORIES } from "@candor/contract/ledger-kinds";
import { walletPaths } from "@candor/contract/paths";
import { Tabs } from "antd-mobile";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { PageHeader } from "../../components/page-header";
import { PagedList } from "../../components/paged-list";
import { formatDate, showMoney } from "../../lib/format";
import { statementLine } from "./statement";
import { StatementsSection } from "./statements-section";
import styles from "./wallet.module.css";

type Money = "real" | "virtual";
/** Filters per tab: virtual money is only contests and demo; a contest prize is real money. */
const FILTERS: Record<Money, ("all" | BalanceLogCategory)[]> = {
  real: ["all", ...BALANCE_LOG_CATEGORIES.filter((c) => c !== "demo")],
  virtual: ["all", "contests", "demo"],
};

export default function BalanceLogScreen() {
  const { t } = useTranslation("wallet");
  const [money, setMoney] = useState<Money>("real");
  const [category, setCategory] = useState<"all" | BalanceLogCategory>("all");
  const tr = (key: string, options?: Record<string, unknown>) => t(key, options ?? {}) as string;
  return (
    <div className={styles.page} style={{ background: "#fff" }}>
      <PageHeader title={t("routes:balanceLog")} />
      <StatementsSection />
      <div className={styles.logTabs}>
        <Tabs
          activeKey={money}
          onChange={(k) => {
            setMoney(k as Money);
            setCategory("all");
          }}
        >
          <Tabs.Tab key="real" title={t("statement.money.real")} />
          <Tabs.Tab key="virtual" title={t("statement.money.virtual")} />
        </Tabs>
      </div>
      {money === "virtual" && <p className={styles.logNote}>{t("statement.virtualNote")}</p>}
      {/* One row of chips that scrolls sideways: every label whole in every language at 375 px. */}
      <fieldset className={styles.chips} aria-label={t("statement.filterBy")}>
        {FILTERS[money].map((c) => (
          <button
            key={c}
            type="button"
            aria-pressed={c === category}
            className={c === category ? `${styles.chip} ${styles.chipOn}` : styles.chip}
            onClick={() => setCategory(c)}
          >
            {t(`statement.categories.${c}`)}
          </button>
        ))}
      </fieldset>
      <PagedList<BalanceLogRecord>
        key={`${money}-${category}`}
        path={walletPaths.balanceLog}
        query={{ money, category: category === "all" ? undefined : category }}
        keyOf={(r) => r.id}
        emptyText={t("noEntries")}
        emptyHint={t("noEntriesHint")}
        ariaLabel={t("routes:balanceLog")}
        renderItem={(r) => {
          const line = statementLine(tr, r);
          const positive = !r.amount.startsWith("-");
          const amountClass = line.internal ? styles.internal : positive ? styles.plus : styles.minus;
          // An own-account move is neither income nor spending: shown without a sign.
          const sign = line.internal ? "" : positive && r.amount !== "0" ? "+" : "";
          const amount = line.internal ? r.amount.replace(/^-/, "") : r.amount;
          return (
            <div className={styles.record} data-testid="balance-entry">
              <div className={styles.recordTop}>
                <span>
                  {line.title}
                  {line.virtual && <span className={styles.virtualTag}>{t("statement.virtualTag")}</span>}
                </span>
                <span className={amountClass}>
                  {sign}
                  {showMoney(amount, r.currency)} {r.currency}
                </span>
              </div>
              <div className={styles.recordBottom}>
                <span>{line.detail}</span>
                <time>{formatDate(r.createdAt)}</time>
              </div>
            </div>
          );
        }}
      />
    </div>
  );
}
