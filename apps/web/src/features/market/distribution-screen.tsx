// Rise/fall distribution: how many symbols rose or fell, by 24 h change bucket.
import type { AssetClass, PriceDistribution } from "@candor/contract";
import { Button, DotLoading, Tabs } from "antd-mobile";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { EmptyState } from "../../components/empty-state";
import { PageHeader } from "../../components/page-header";
import { useDistribution } from "../../lib/market/hooks";
import styles from "./distribution.module.css";

type Bucket = PriceDistribution["buckets"][number];

export function bucketLabel(b: Bucket): string {
  if (b.direction === "flat") return "0%";
  const from = Number(b.fromPercent);
  const pct = (n: number) => (n === 0 ? "0%" : `${b.direction === "rise" ? "+" : "-"}${n}%`);
  if (b.toPercent === null) return `${b.direction === "rise" ? ">" : "<"}${pct(from)}`;
  const to = Number(b.toPercent);
  return b.direction === "rise" ? `${pct(from)}~${pct(to)}` : `${pct(to)}~${pct(from)}`;
}

export default function DistributionScreen() {
  const { t } = useTranslation("market");
  const [tab, setTab] = useState<"all" | AssetClass>("all");
  const { data, isPending, isError, refetch } = useDistribution(tab === "all" ? undefined : tab);
  const max = Math.max(1, ...(data?.buckets.map((b) => b.count) ?? [1]));
  return (
    <div className={styles.page}>
      <PageHeader title={t("routes:priceDistribution")} />
      <Tabs activeKey={tab} onChange={(k) => setTab(k as typeof tab)}>
        {(["all", "crypto", "metal", "forex"] as const).map((k) => (
          <Tabs.Tab key={k} title={k === "all" ? t("all") : t(`tabs.${k}`)} />
        ))}
      </Tabs>
      {isPending ? (
        <div className={styles.center}>
          <DotLoading color="primary" />
        </div>
      ) : isError ? (
        <EmptyState kind="error" title={t("loadFailed")} description={t("common:loadFailedHint")}>
          <Button onClick={() => void refetch()}>{t("common:retry")}</Button>
        </EmptyState>
      ) : data.total === 0 ? (
        <EmptyState title={t("noDistribution")} description={t("noDistributionHint")} />
      ) : (
        <>
          <section className={styles.summary} aria-label={t("summary")}>
            <div className={styles.counts}>
              <span className={styles.rise}>{t("rose", { count: data.rise })}</span>
              <span className={styles.flat}>{t("flatCount", { count: data.flat })}</span>
              <span className={styles.fall}>{t("fell", { count: data.fall })}</span>
            </div>
            <div className={styles.ratio} aria-hidden="true">
              <i className={styles.riseBar} style={{ flex: data.rise }} />
              <i className={styles.flatBar} style={{ flex: data.flat }} />
              <i className={styles.fallBar} style={{ flex: data.fall }} />
            </div>
          </section>
          <ul className={styles.chart} aria-label={t("buckets")}>
            {data.buckets.map((b) => (
              <li key={`${b.direction}${b.fromPercent}`} className={styles.row}>
                <span className={styles.label}>{bucketLabel(b)}</span>
                <span className={styles.track}>
                  <span
                    className={`${styles.bar} ${styles[`${b.direction}Bar`] ?? ""}`}
                    style={{ width: `${(b.count / max) * 100}%` }}
                  />
                </span>
                <span className={styles.count}>{b.count}</span>
              </li>
            ))}
          </ul>
          <p className={styles.note}>{t("distributionNote")}</p>
        </>
      )}
    </div>
  );
}
