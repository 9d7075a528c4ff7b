// /zhaiquan (public: guests see it): debt claims — who borrows, the contractual rate, how
// much of the loan is subscribed, the term.
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { routes, withQuery } from "../../app/routes";
import { PageHeader } from "../../components/page-header";
import { useUserStore } from "../../stores/user";
import { useProducts } from "./api";
import { DebtCard } from "./debt-parts";
import { ProductsView } from "./parts";
import styles from "./styles";

export default function DebtListScreen() {
  const { t } = useTranslation("earn");
  const navigate = useNavigate();
  const loggedIn = useUserStore((s) => s.token !== null);
  const products = useProducts("debt");
  return (
    <div className={styles.page}>
      <PageHeader
        title={t("routes:debtClaims")}
        right={
          loggedIn ? (
            <button type="button" className={styles.link} onClick={() => navigate(routes.debtClaimOrders)}>
              {t("myOrders")}
            </button>
          ) : undefined
        }
      />
      <div className={styles.body}>
        <p className={styles.muted}>{t("debt.intro")}</p>
        <ProductsView
          query={products}
          render={(p) => (
            <DebtCard product={p} onOpen={() => navigate(withQuery(routes.debtClaimDetail, { id: p.id }))} />
          )}
        />
      </div>
    </div>
  );
}
