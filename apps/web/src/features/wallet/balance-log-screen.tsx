// /zhangbianRecord: every ledger transfer that touched the customer, filterable by kind.

import type { BalanceLogRecord } from "@candor/contract";
import { walletPaths } from "@candor/contract/paths";
import { Selector } from "antd-mobile";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { PageHeader } from "../../components/page-header";
import { PagedList } from "../../components/paged-list";
import { formatDate, showMoney } from "../../lib/format";
import styles from "./wallet.module.css";

const KINDS = ["all", "deposit", "withdrawal", "exchange", "futures", "option", "spot", "fee", "adjustment"] as const;

export default function BalanceLogScreen() {
  const { t } = useTranslation("wallet");
  const [kind, setKind] = useState<(typeof KINDS)[number]>("all");
  return (
    <div className={styles.page} style={{ background: "#fff" }}>
      <PageHeader title={t("routes:balanceLog")} />
      <div className={styles.filters}>
        <Selector
          columns={3}
          value={[kind]}
          onChange={(v) => v[0] && setKind(v[0] as typeof kind)}
          options={KINDS.map((k) => ({ label: t(`kinds.${k}`), value: k }))}
        />
      </div>
      <PagedList<BalanceLogRecord>
        key={kind}
        path={walletPaths.balanceLog}
        query={{ kind: kind === "all" ? undefined : kind }}
        keyOf={(r) => r.id}
        emptyText={t("noEntries")}
        emptyHint={t("noEntriesHint")}
        ariaLabel={t("routes:balanceLog")}
        renderItem={(r) => {
          const positive = !r.amount.startsWith("-");
          return (
            <div className={styles.record} data-testid="balance-entry">
              <div className={styles.recordTop}>
                <span>{t(`kinds.${r.kind}`, { defaultValue: r.kind })}</span>
                <span className={positive ? styles.plus : styles.minus}>
                  {positive ? "+" : ""}
                  {showMoney(r.amount, r.currency)} {r.currency}
                </span>
              </div>
              <div className={styles.recordBottom}>
                <span>{r.memo || t(`phases.${r.phase}`)}</span>
                <span>{formatDate(r.createdAt)}</span>
              </div>
            </div>
          );
        }}
      />
    </div>
  );
}
