// /kuangchi: mining products — the machine, the price per TH/s, today's output per TH/s
// at the published inputs, and that the price paid is not returned.
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { routes, withQuery } from "../../app/routes";
import { PageHeader } from "../../components/page-header";
import { useProducts } from "./api";
import { MiningCard } from "./mining-parts";
import { ProductsView } from "./parts";
import styles from "./styles";

export default function MiningListScreen() {
  const { t } = useTranslation("earn");
  const navigate = useNavigate();
  const products = useProducts("mining");
  return (
    <div className={styles.page}>
      <PageHeader
        title={t("routes:mining")}
        right={
          <button
            type="button"
            className={styles.link}
            onClick={() => navigate(withQuery(routes.wealthOrders, { type: "mining" }))}
          >
            {t("myOrders")}
          </button>
        }
      />
      <div className={styles.body}>
        <p className={styles.muted}>{t("mining.intro")}</p>
        <ProductsView
          query={products}
          render={(p) => (
            <MiningCard product={p} onOpen={() => navigate(withQuery(routes.miningDetail, { id: p.id }))} />
          )}
        />
      </div>
    </div>
  );
}
