// /quantDetail?id=: one automated strategy — its rules in plain words, the symbol and
// settings, no promised rate; allocate with a confirm dialog.
import type { EarnProduct } from "@candor/contract";
import { useTranslation } from "react-i18next";
import { PageHeader } from "../../components/page-header";
import { useProduct } from "./api";
import { BuyPanel } from "./buy-panel";
import { percent, plain } from "./earn-logic";
import { ProductStatusChip, QueryView, RiskNotice, Rows, useIdParam } from "./parts";
import styles from "./styles";

export default function QuantDetailScreen() {
  const { t } = useTranslation("earn");
  const product = useProduct(useIdParam());
  return (
    <div className={styles.page}>
      <PageHeader title={t("routes:quantDetail")} />
      <QueryView query={product} missing={t("productMissing")}>
        {(p) => <QuantDetail product={p} />}
      </QueryView>
    </div>
  );
}

function settings(t: (k: string, o?: Record<string, unknown>) => string, p: EarnProduct): string {
  const params = p.params;
  if (!params) return "--";
  if ("levels" in params) return t("quant.gridParams", { range: percent(params.rangePct, 2), levels: params.levels });
  return t("quant.trendParams", { interval: params.interval, fast: params.fast, slow: params.slow });
}

function QuantDetail({ product: p }: { product: EarnProduct }) {
  const { t } = useTranslation("earn");
  return (
    <div className={styles.body}>
      <section className={styles.card}>
        <div className={styles.cardHead}>
          <h2 className={styles.name}>{p.name}</h2>
          <ProductStatusChip status={p.status} />
        </div>
        <Rows
          rows={[
            [t("quant.strategy"), p.strategy ? t(`quant.kinds.${p.strategy}`) : "--"],
            [t("quant.symbol"), p.symbol ?? "--", "quant-symbol"],
            [t("quant.settings"), settings(t, p)],
            [t("quant.return"), t("quant.noRate"), "quant-no-rate"],
            [t("term"), t("days", { count: p.termDays })],
            [t("limits"), t("range", { min: plain(p.minAmount), max: plain(p.maxAmount), currency: p.currency })],
            [t("vipRequired"), p.vipLevel > 0 ? `VIP ${p.vipLevel}` : t("vipAny")],
          ]}
        />
      </section>
      <section className={styles.card} aria-label={t("quant.rules")}>
        <h2 className={styles.sectionTitle}>{t("quant.rules")}</h2>
        <p className={styles.text} data-testid="quant-rules">
          {p.rules || p.description || "--"}
        </p>
        <p className={styles.muted} style={{ marginTop: 8 }}>
          {t("quant.howItEnds")}
        </p>
      </section>
      <RiskNotice text={p.riskNotice} />
      <BuyPanel
        product={p}
        buyLabel={t("quant.allocate")}
        confirmNote={t("quant.howItEnds")}
        preview={() => [[t("quant.return"), t("quant.noRate")]]}
      />
    </div>
  );
}
