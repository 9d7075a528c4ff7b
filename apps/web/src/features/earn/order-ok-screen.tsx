// /taoliOk?id=<order>: the order just placed — what was bought, when it starts and ends,
// when the first income is due — with ways on to my orders and back to the products.
import type { EarnOrderDetail, EarnType } from "@candor/contract";
import { Button, Result } from "antd-mobile";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { routes, withQuery } from "../../app/routes";
import { PageHeader } from "../../components/page-header";
import { formatDate } from "../../lib/format";
import { useOrder } from "./api";
import { firstIncomeDate, money, PRODUCT_LIST_PATH, percent } from "./earn-logic";
import { QueryView, RiskNotice, Rows, useIdParam } from "./parts";
import styles from "./styles";

export default function OrderOkScreen() {
  const { t } = useTranslation("earn");
  const order = useOrder(useIdParam());
  return (
    <div className={styles.page}>
      <PageHeader title={t("routes:arbitrageOrderConfirmation")} />
      <QueryView query={order} missing={t("orderMissing")}>
        {(o) => <Confirmation order={o} />}
      </QueryView>
    </div>
  );
}

function Confirmation({ order: o }: { order: EarnOrderDetail }) {
  const { t } = useTranslation("earn");
  const navigate = useNavigate();
  const first = firstIncomeDate(o.startAt);
  const firstIncome: Record<EarnType, [string, string]> = {
    arbitrage: [t("ok.firstInterest"), t("ok.firstInterestAt", { date: first })],
    mining: [t("ok.firstPayout"), t("ok.firstInterestAt", { date: first })],
    debt: [t("ok.firstInterest"), t("ok.debtIncome")],
    quant: [t("ok.strategyStarts"), t("ok.quantIncome")],
  };
  return (
    <div className={styles.body}>
      <Result status="success" title={t("ok.title")} description={t("ok.description")} />
      <section className={styles.card} data-testid="earn-ok">
        <Rows
          rows={[
            [t("orderNo"), `#${o.id}`],
            [t("product"), o.productName],
            [t("kind"), t(`types.${o.type}`)],
            [t("amount"), `${money(o.amount, o.currency)} ${o.currency}`, "ok-amount"],
            ...(o.dailyRate !== null
              ? ([[t("dailyRate"), t("perDay", { rate: percent(o.dailyRate) })]] as [string, string][])
              : []),
            [t("term"), t("days", { count: o.termDays })],
            [t("startAt"), formatDate(o.startAt)],
            [t("endAt"), formatDate(o.endAt)],
            [firstIncome[o.type][0], firstIncome[o.type][1], "ok-first-income"],
          ]}
        />
      </section>
      <RiskNotice text={o.product.riskNotice} />
      <div className={styles.actions}>
        <Button color="primary" onClick={() => navigate(withQuery(routes.earnOrderDetail, { id: o.id }))}>
          {t("ok.viewOrder")}
        </Button>
        <Button
          color="primary"
          fill="outline"
          onClick={() => navigate(withQuery(routes.wealthOrders, { type: o.type }))}
        >
          {t("myOrders")}
        </Button>
      </div>
      <Button fill="none" onClick={() => navigate(PRODUCT_LIST_PATH[o.type])}>
        {t("ok.back")}
      </Button>
    </div>
  );
}
