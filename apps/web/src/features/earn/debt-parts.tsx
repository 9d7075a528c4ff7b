// Debt-claim pieces shared by /zhaiquan and /zhaiquanDetail: the card and the
// subscribed share of the loan.
import type { EarnProduct } from "@candor/contract";
import { ProgressBar } from "antd-mobile";
import type { CSSProperties } from "react";
import { useTranslation } from "react-i18next";
import { percent, plain, simpleAnnualPercent, subscribedPercent } from "./earn-logic";
import { ProductStatusChip } from "./parts";
import styles from "./styles";

export function DebtProgress({ product: p }: { product: EarnProduct }) {
  const { t } = useTranslation("earn");
  const share = subscribedPercent(p.totalAmount, p.remainingAmount);
  return (
    <div style={{ margin: "8px 0" }}>
      <ProgressBar
        percent={share}
        aria-label={t("debt.subscribed", { percent: share })}
        style={{ "--fill-color": "var(--adm-color-primary)" } as CSSProperties}
      />
      <p className={styles.muted} style={{ marginTop: 4 }} data-testid="debt-progress">
        {t("debt.progress", {
          remaining: plain(p.remainingAmount),
          total: plain(p.totalAmount),
          currency: p.currency,
          percent: share,
        })}
      </p>
    </div>
  );
}

export function DebtCard({ product: p, onOpen }: { product: EarnProduct; onOpen: () => void }) {
  const { t } = useTranslation("earn");
  return (
    <button type="button" className={`${styles.card} ${styles.cardButton}`} onClick={onOpen} data-testid="earn-product">
      <div className={styles.cardHead}>
        <h2 className={styles.name}>{p.name}</h2>
        <ProductStatusChip status={p.status} />
      </div>
      {p.borrower ? <p className={styles.muted}>{t("debt.borrowerIs", { borrower: p.borrower })}</p> : null}
      <div className={styles.rate} style={{ marginTop: 8 }}>
        <span className={styles.rateBig}>{t("perDay", { rate: percent(p.dailyRate) })}</span>
        <span className={styles.muted}>{t("simpleAnnual", { rate: simpleAnnualPercent(p.dailyRate) })}</span>
      </div>
      <DebtProgress product={p} />
      <dl className={styles.facts}>
        <div>
          <dt>{t("term")}</dt>
          <dd>{t("days", { count: p.termDays })}</dd>
        </div>
        <div>
          <dt>{t("limits")}</dt>
          <dd>{t("range", { min: plain(p.minAmount), max: plain(p.maxAmount), currency: p.currency })}</dd>
        </div>
      </dl>
    </button>
  );
}
