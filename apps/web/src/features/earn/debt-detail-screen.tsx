// /zhaiquanDetail?id=: one debt claim — the borrower, total and remaining with a progress
// bar, the contractual rate and term, the repayment schedule, what happens on default.
// Subscribing needs an account: guests are sent to log in.
import type { EarnProduct } from "@candor/contract";
import { useTranslation } from "react-i18next";
import { PageHeader } from "../../components/page-header";
import { useProduct } from "./api";
import { BuyPanel } from "./buy-panel";
import { DebtProgress } from "./debt-parts";
import { incomeIfHeld, money, percent, plain, simpleAnnualPercent } from "./earn-logic";
import { ProductStatusChip, QueryView, RiskNotice, Rows, useIdParam } from "./parts";
import styles from "./styles";

export default function DebtDetailScreen() {
  const { t } = useTranslation("earn");
  const product = useProduct(useIdParam());
  return (
    <div className={styles.page}>
      <PageHeader title={t("routes:debtClaimDetail")} />
      <QueryView query={product} missing={t("productMissing")}>
        {(p) => <DebtDetail product={p} />}
      </QueryView>
    </div>
  );
}

function DebtDetail({ product: p }: { product: EarnProduct }) {
  const { t } = useTranslation("earn");
  const schedule = p.repaymentSchedule ?? [];
  return (
    <div className={styles.body}>
      <section className={styles.card}>
        <div className={styles.cardHead}>
          <h2 className={styles.name}>{p.name}</h2>
          <ProductStatusChip status={p.status} />
        </div>
        <div className={styles.rate}>
          <span className={styles.rateBig}>{t("perDay", { rate: percent(p.dailyRate) })}</span>
          <span className={styles.muted}>{t("simpleAnnual", { rate: simpleAnnualPercent(p.dailyRate) })}</span>
        </div>
        <DebtProgress product={p} />
        <Rows
          rows={[
            [t("debt.borrower"), p.borrower || "--", "debt-borrower"],
            [t("debt.total"), `${plain(p.totalAmount)} ${p.currency}`],
            [t("debt.remaining"), `${plain(p.remainingAmount)} ${p.currency}`],
            [t("rateBasis"), t("debt.rateBasis")],
            [t("term"), t("days", { count: p.termDays })],
            [t("limits"), t("range", { min: plain(p.minAmount), max: plain(p.maxAmount), currency: p.currency })],
            [t("vipRequired"), p.vipLevel > 0 ? `VIP ${p.vipLevel}` : t("vipAny")],
          ]}
        />
        {p.description ? (
          <p className={styles.text} style={{ marginTop: 8 }}>
            {p.description}
          </p>
        ) : null}
      </section>
      <section className={styles.card} aria-label={t("debt.schedule")}>
        <h2 className={styles.sectionTitle}>{t("debt.schedule")}</h2>
        <p className={styles.muted} style={{ marginBottom: 8 }}>
          {t("debt.scheduleNote")}
        </p>
        {schedule.length === 0 ? (
          <p className={styles.text}>{t("debt.noSchedule")}</p>
        ) : (
          <ul className={styles.list} data-testid="debt-schedule">
            {schedule.map((s) => (
              <li key={`${s.day}-${s.kind}`} className={styles.line}>
                <span>{t("debt.day", { day: s.day })}</span>
                <span>{t(`debt.kinds.${s.kind}`)}</span>
                <span>{t("debt.per100", { amount: plain(s.per100), currency: p.currency })}</span>
              </li>
            ))}
          </ul>
        )}
      </section>
      <section className={styles.risk} aria-label={t("debt.defaultTitle")}>
        <h2>{t("debt.defaultTitle")}</h2>
        <p data-testid="debt-default">{p.defaultPolicy || t("debt.defaultGeneric")}</p>
      </section>
      <RiskNotice text={p.riskNotice} />
      <BuyPanel
        product={p}
        buyLabel={t("debt.subscribe")}
        confirmNote={t("debt.incomeRule")}
        preview={(amount) => {
          const income = incomeIfHeld(amount, p.dailyRate ?? "0", p.termDays, p.currency);
          return [[t("debt.ifRepaid"), `${money(income, p.currency)} ${p.currency}`]];
        }}
      />
    </div>
  );
}
