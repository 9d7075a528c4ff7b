// /kuangchiDetail?id=: one mining product — the machine's specifications, the daily-output
// formula with today's inputs, that the price buys hashrate for the term and is not
// returned and that output can be zero; buy with a confirm dialog.
import type { EarnProduct } from "@candor/contract";
import { useTranslation } from "react-i18next";
import { PageHeader } from "../../components/page-header";
import { useProduct } from "./api";
import { BuyPanel } from "./buy-panel";
import { hashrateFor, outputPerTh, placesOf, plain } from "./earn-logic";
import { MiningFormula } from "./mining-parts";
import { ProductStatusChip, QueryView, RiskNotice, Rows, useIdParam } from "./parts";
import styles from "./styles";

export default function MiningDetailScreen() {
  const { t } = useTranslation("earn");
  const product = useProduct(useIdParam());
  return (
    <div className={styles.page}>
      <PageHeader title={t("routes:miningDetail")} />
      <QueryView query={product} missing={t("productMissing")}>
        {(p) => <MiningDetail product={p} />}
      </QueryView>
    </div>
  );
}

function MiningDetail({ product: p }: { product: EarnProduct }) {
  const { t } = useTranslation("earn");
  const spec = (v: string | undefined) => v || "--";
  return (
    <div className={styles.body}>
      <section className={styles.card}>
        <div className={styles.cardHead}>
          <h2 className={styles.name}>{p.name}</h2>
          <ProductStatusChip status={p.status} />
        </div>
        <Rows
          rows={[
            [t("mining.manufacturer"), spec(p.manufacturer)],
            [t("mining.model"), spec(p.model)],
            [t("mining.hashrate"), p.hashrate ? `${plain(p.hashrate)} TH/s` : "--"],
            [t("mining.power"), p.power ? `${plain(p.power)} W` : "--"],
            [t("mining.size"), spec(p.size)],
            [t("mining.weight"), spec(p.weight)],
            [t("mining.temperature"), spec(p.temperature)],
            [t("mining.humidity"), spec(p.humidity)],
            [t("mining.network"), spec(p.network)],
            [t("mining.pricePerTh"), p.pricePerTh ? `${plain(p.pricePerTh)} ${p.currency}` : "--"],
            [t("term"), t("days", { count: p.termDays })],
            [t("vipRequired"), p.vipLevel > 0 ? `VIP ${p.vipLevel}` : t("vipAny")],
          ]}
        />
        {p.description ? (
          <p className={styles.text} style={{ marginTop: 8 }}>
            {p.description}
          </p>
        ) : null}
      </section>
      <MiningFormula product={p} />
      <section className={styles.risk} aria-label={t("mining.priceTitle")}>
        <h2>{t("mining.priceTitle")}</h2>
        <p data-testid="mining-not-returned">{t("mining.priceText", { days: p.termDays })}</p>
      </section>
      <RiskNotice text={p.riskNotice} />
      <BuyPanel
        product={p}
        buyLabel={t("mining.buy")}
        confirmNote={`${t("mining.priceText", { days: p.termDays })} ${t("mining.zeroNote")}`}
        preview={(amount) => {
          const th = hashrateFor(amount, p.pricePerTh);
          // The domain's mining formula for the hashrate bought, as the daily payout computes it.
          const today =
            th && p.inputs ? (outputPerTh(p.inputs, p.power, p.hashrate, th, placesOf(p.currency))?.net ?? null) : null;
          return [
            [t("mining.bought"), th ? `${plain(th, 6)} TH/s` : "--", "mining-th"],
            [t("mining.todayEstimate"), today ? `${plain(today, 6)} USDT` : "--"],
          ];
        }}
      />
    </div>
  );
}
