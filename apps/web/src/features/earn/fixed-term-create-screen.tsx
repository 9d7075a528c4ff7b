// /taolilicaiDetail?id=: create a fixed-term order. The customer sees the rate, what the
// amount earns if held to the end (amount × daily rate × term), the early redemption
// rule and the product's risk notice before a confirm dialog.
import type { EarnProduct } from "@candor/contract";
import { useTranslation } from "react-i18next";
import { PageHeader } from "../../components/page-header";
import { useProduct } from "./api";
import { BuyPanel } from "./buy-panel";
import { incomeIfHeld, money, percent, plain, simpleAnnualPercent } from "./earn-logic";
import { ProductStatusChip, QueryView, RiskNotice, Rows, useIdParam } from "./parts";
import styles from "./styles";

export default function FixedTermCreateScreen() {
  const { t } = useTranslation("earn");
  const product = useProduct(useIdParam());
  return (
    <div className={styles.page}>
      <PageHeader title={t("routes:arbitrageOrderCreate")} />
      <QueryView query={product} missing={t("productMissing")}>
        {(p) => <FixedTermOrder product={p} />}
      </QueryView>
    </div>
  );
}

function FixedTermOrder({ product: p }: { product: EarnProduct }) {
  const { t } = useTranslation("earn");
  const rate = p.dailyRate ?? "0";
  const redemption = p.earlyRedemption ? t("redeemAllowed") : t("redeemNotOffered");
  return (
    <div className={styles.body}>
      <section className={styles.card}>
        <div className={styles.cardHead}>
          <h2 className={styles.name}>{p.name}</h2>
          <ProductStatusChip status={p.status} />
        </div>
        <div className={styles.rate}>
          <span className={styles.rateBig} data-testid="earn-rate">
            {t("perDay", { rate: percent(p.dailyRate) })}
          </span>
          <span className={styles.muted}>{t("simpleAnnual", { rate: simpleAnnualPercent(p.dailyRate) })}</span>
        </div>
        <Rows
          rows={[
            [t("term"), t("days", { count: p.termDays })],
            [t("currency"), p.currency],
            [t("limits"), t("range", { min: plain(p.minAmount), max: plain(p.maxAmount), currency: p.currency })],
            [t("vipRequired"), p.vipLevel > 0 ? `VIP ${p.vipLevel}` : t("vipAny")],
            [t("rateBasis"), t(`basis.${p.rateBasis}`)],
            [t("earlyRedemption"), redemption, "earn-redemption"],
          ]}
        />
        {p.description ? (
          <p className={styles.text} style={{ marginTop: 8 }}>
            {p.description}
          </p>
        ) : null}
        <p className={styles.muted} style={{ marginTop: 8 }}>
          {t("fixed.howPaid")}
        </p>
      </section>
      <RiskNotice text={p.riskNotice} />
      <BuyPanel
        product={p}
        buyLabel={t("buy.subscribe")}
        confirmNote={`${t("fixed.howPaid")} ${t("earlyRedemption")}: ${redemption}`}
        preview={(amount) => {
          const income = incomeIfHeld(amount, rate, p.termDays, p.currency);
          return [
            [t("fixed.ifHeld"), `${money(income, p.currency)} ${p.currency}`, "earn-if-held"],
            [
              t("fixed.backAtEnd"),
              `${money(amount, p.currency)} ${p.currency} + ${money(income, p.currency)} ${p.currency}`,
            ],
          ];
        }}
      />
    </div>
  );
}
