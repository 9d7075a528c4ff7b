// /taolilicai: fixed-term products ("arbitrage" in the seed's route name only) on the
// seed's dark-blue page, under my order stats. Each card shows the daily rate and its
// simple annual equivalent, the term, the limits, the VIP level needed and the state.
import type { EarnProduct } from "@candor/contract";
import { DotLoading } from "antd-mobile";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { routes, withQuery } from "../../app/routes";
import { PageHeader } from "../../components/page-header";
import { useOrderStat, useProducts } from "./api";
import { money, percent, plain, simpleAnnualPercent } from "./earn-logic";
import { ProductStatusChip, ProductsView } from "./parts";
import styles from "./styles";

export default function FixedTermListScreen() {
  const { t } = useTranslation("earn");
  const navigate = useNavigate();
  const products = useProducts("arbitrage");
  return (
    <div className={styles.navy}>
      <PageHeader
        title={t("routes:arbitrage")}
        right={
          <button type="button" className={styles.link} onClick={() => navigate(routes.wealthOrders)}>
            {t("myOrders")}
          </button>
        }
      />
      <div className={styles.body}>
        <OrderStats />
        <p className={styles.navyNote}>{t("fixed.intro")}</p>
        <ProductsView
          onDark
          query={products}
          render={(p) => (
            <FixedTermCard product={p} onOpen={() => navigate(withQuery(routes.arbitrageOrderCreate, { id: p.id }))} />
          )}
        />
      </div>
    </div>
  );
}

function OrderStats() {
  const { t } = useTranslation("earn");
  const stat = useOrderStat("arbitrage");
  if (stat.isPending) {
    return (
      <div className={styles.center} style={{ color: "#fff" }}>
        <DotLoading color="white" />
      </div>
    );
  }
  if (stat.isError) {
    return (
      <p className={styles.navyNote} role="alert">
        {t("statFailed")}{" "}
        <button type="button" className={styles.navyLink} onClick={() => void stat.refetch()}>
          {t("common:retry")}
        </button>
      </p>
    );
  }
  const s = stat.data;
  return (
    <dl className={styles.stats} aria-label={t("stat.title")} data-testid="earn-stat">
      <div>
        <dt>{t("stat.running")}</dt>
        <dd>{s.running}</dd>
      </div>
      <div>
        <dt>{t("stat.totalAmount")}</dt>
        <dd>{money(s.totalAmount, "USDT")}</dd>
      </div>
      <div>
        <dt>{t("stat.todayIncome")}</dt>
        <dd>{money(s.todayIncome, "USDT")}</dd>
      </div>
      <div>
        <dt>{t("stat.totalIncome")}</dt>
        <dd>{money(s.totalIncome, "USDT")}</dd>
      </div>
    </dl>
  );
}

export function FixedTermCard({ product: p, onOpen }: { product: EarnProduct; onOpen: () => void }) {
  const { t } = useTranslation("earn");
  return (
    <button type="button" className={`${styles.card} ${styles.cardButton}`} onClick={onOpen} data-testid="earn-product">
      <div className={styles.cardHead}>
        <h2 className={styles.name}>{p.name}</h2>
        <ProductStatusChip status={p.status} />
      </div>
      <div className={styles.rate}>
        <span className={styles.rateBig}>{t("perDay", { rate: percent(p.dailyRate) })}</span>
        <span className={styles.muted}>{t("simpleAnnual", { rate: simpleAnnualPercent(p.dailyRate) })}</span>
      </div>
      <dl className={styles.facts}>
        <div>
          <dt>{t("term")}</dt>
          <dd>{t("days", { count: p.termDays })}</dd>
        </div>
        <div>
          <dt>{t("limits")}</dt>
          <dd>{t("range", { min: plain(p.minAmount), max: plain(p.maxAmount), currency: p.currency })}</dd>
        </div>
        <div>
          <dt>{t("vipRequired")}</dt>
          <dd>{p.vipLevel > 0 ? `VIP ${p.vipLevel}` : t("vipAny")}</dd>
        </div>
        <div>
          <dt>{t("earlyRedemption")}</dt>
          <dd>{p.earlyRedemption ? t("redeemAllowedShort") : t("redeemNotOffered")}</dd>
        </div>
      </dl>
    </button>
  );
}
