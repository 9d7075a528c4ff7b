// /quant (and the seed's /aiQuant): automated strategies that really trade a symbol with
// the allocated funds. No rate is promised: results follow the market and can be negative.
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { routes, withQuery } from "../../app/routes";
import { PageHeader } from "../../components/page-header";
import { useProducts } from "./api";
import { plain } from "./earn-logic";
import { ProductStatusChip, ProductsView } from "./parts";
import styles from "./styles";

export default function QuantListScreen() {
  const { t } = useTranslation("earn");
  const navigate = useNavigate();
  const products = useProducts("quant");
  return (
    <div className={styles.page}>
      <PageHeader
        title={t("routes:quant")}
        right={
          <button
            type="button"
            className={styles.link}
            onClick={() => navigate(withQuery(routes.wealthOrders, { type: "quant" }))}
          >
            {t("myOrders")}
          </button>
        }
      />
      <div className={styles.body}>
        <p className={styles.muted}>{t("quant.intro")}</p>
        <ProductsView
          query={products}
          render={(p) => (
            <button
              type="button"
              className={`${styles.card} ${styles.cardButton}`}
              onClick={() => navigate(withQuery(routes.quantDetail, { id: p.id }))}
              data-testid="earn-product"
            >
              <div className={styles.cardHead}>
                <h2 className={styles.name}>{p.name}</h2>
                <ProductStatusChip status={p.status} />
              </div>
              <dl className={styles.facts}>
                <div>
                  <dt>{t("quant.strategy")}</dt>
                  <dd>
                    {p.strategy ? t(`quant.kinds.${p.strategy}`) : "--"} · {p.symbol ?? "--"}
                  </dd>
                </div>
                <div>
                  <dt>{t("quant.return")}</dt>
                  <dd>{t("quant.noRate")}</dd>
                </div>
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
          )}
        />
      </div>
    </div>
  );
}
