// My IEO records (applied, won, lost, paid, expired, delivered) with their amounts, and the
// pay action of a won order: a confirmation with every figure, before the payment deadline.
import { Button, Dialog } from "antd-mobile";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { routes, withQuery } from "../../app/routes";
import { PagedList } from "../../components/paged-list";
import { formatDate } from "../../lib/format";
import { type IeoOrder, IeoRoutes, useBalances, usePay, useProjects } from "./api";
import { canPay, money, plain } from "./ieo-logic";
import { OrderStatusChip, Rows, useBusinessNow } from "./parts";
import styles from "./styles";

/** The currency winners pay in (packages/contract IEO_PAY_CURRENCY). */
const PAY_CURRENCY = "USDT";

export function RecordsList() {
  const { t } = useTranslation("ieo");
  // The project list carries the server's business time: the pay buttons follow it.
  useProjects();
  const now = useBusinessNow();
  return (
    <PagedList<IeoOrder>
      path={IeoRoutes.orderList}
      keyOf={(o) => o.id}
      emptyText={t("noRecords")}
      emptyHint={t("noRecordsHint")}
      ariaLabel={t("tabs.records")}
      renderItem={(o) => (
        <div style={{ marginBottom: 12 }}>
          <OrderCard order={o} now={now} showProject />
        </div>
      )}
    />
  );
}

/** What the amount of an order in this status means. */
const amountKey = (status: IeoOrder["status"]) =>
  status === "won" || status === "expired"
    ? "amountDue"
    : status === "paid" || status === "delivered"
      ? "amountPaid"
      : "amountCharged";

type Row = [string, string, string?];

export function OrderCard({
  order: o,
  now,
  showProject = false,
}: {
  order: IeoOrder;
  now: number;
  showProject?: boolean;
}) {
  const { t } = useTranslation("ieo");
  const navigate = useNavigate();
  const drawn = o.status !== "applied";
  const rows: Row[] = [
    [t("appliedQuantity"), `${plain(o.quantity)} ${o.symbol}`, "order-quantity"],
    [t("wonQuantity"), drawn ? `${plain(o.wonQuantity)} ${o.symbol}` : t("notDrawnYet"), "order-won"],
    [t(amountKey(o.status)), `${money(o.amount, PAY_CURRENCY)} ${PAY_CURRENCY}`, "order-amount"],
  ];
  if (o.drawPrice) rows.push([t("drawPrice"), `${money(o.drawPrice, PAY_CURRENCY)} ${PAY_CURRENCY}`]);
  if (o.status === "won") rows.push([t("payBefore"), formatDate(o.payEnd, "dateTime"), "order-pay-end"]);
  if (o.status === "paid") rows.push([t("deliveryAt"), formatDate(o.listAt, "dateTime")]);
  if (o.paidAt) rows.push([t("paidAt"), formatDate(o.paidAt, "dateTime")]);
  if (o.deliveredAt) rows.push([t("deliveredAt"), formatDate(o.deliveredAt, "dateTime")]);
  rows.push([t("appliedAt"), formatDate(o.createdAt, "dateTime")]);
  return (
    <section className={styles.card} data-testid="ieo-order" aria-label={t("orderTitle", { id: o.id })}>
      <div className={styles.cardHead}>
        <h3 className={styles.name} style={{ fontSize: 15 }}>
          {showProject ? `${o.projectName} · ` : ""}
          {t("orderTitle", { id: o.id })}
        </h3>
        <OrderStatusChip status={o.status} />
      </div>
      <Rows rows={rows} />
      <p className={styles.muted} style={{ marginTop: 6 }}>
        {t(`orderHint.${o.status}`, { symbol: o.symbol, currency: PAY_CURRENCY })}
      </p>
      <div className={styles.actions}>
        {showProject ? (
          <Button size="small" onClick={() => navigate(withQuery(routes.ieo, { id: o.projectId }))}>
            {t("openProject")}
          </Button>
        ) : null}
        {drawn ? (
          <Button size="small" onClick={() => navigate(withQuery(routes.ieo, { id: o.projectId, view: "results" }))}>
            {t("results.open")}
          </Button>
        ) : null}
        {canPay(o.status, o.payEnd, now) ? <PayButton order={o} /> : null}
      </div>
    </section>
  );
}

function PayButton({ order: o }: { order: IeoOrder }) {
  const { t } = useTranslation("ieo");
  const pay = usePay();
  const balances = useBalances();
  const onPay = async () => {
    // The dialog's content is fixed when it opens: when the balances are still loading (a
    // tap right after the screen opened), wait for them rather than show 0.
    const list = balances.data ?? (await balances.refetch()).data;
    const available = list ? (list.find((b) => b.currency === PAY_CURRENCY)?.available ?? "0") : null;
    const confirmed = await Dialog.confirm({
      title: t("pay.confirmTitle"),
      content: (
        <div data-testid="ieo-pay-confirm">
          <Rows
            rows={[
              [t("project"), `${o.projectName} (${o.symbol})`],
              [t("wonQuantity"), `${plain(o.wonQuantity)} ${o.symbol}`],
              [t("drawPrice"), `${money(o.drawPrice, PAY_CURRENCY)} ${PAY_CURRENCY}`],
              [t("amountDue"), `${money(o.amount, PAY_CURRENCY)} ${PAY_CURRENCY}`, "pay-amount"],
              [t("available"), available === null ? "–" : `${money(available, PAY_CURRENCY)} ${PAY_CURRENCY}`],
              [t("payBefore"), formatDate(o.payEnd, "dateTime")],
              [t("deliveryAt"), formatDate(o.listAt, "dateTime")],
            ]}
          />
          <p className={styles.muted} style={{ marginTop: 8 }}>
            {t("pay.confirmText", { currency: PAY_CURRENCY, symbol: o.symbol })}
          </p>
        </div>
      ),
      confirmText: t("pay.confirm"),
      cancelText: t("common:cancel"),
    });
    if (!confirmed) return;
    try {
      await pay.mutateAsync({ id: o.id });
    } catch {
      // The API client showed the server's message.
    }
  };
  return (
    <Button size="small" color="primary" loading={pay.isPending} onClick={() => void onPay()} data-testid="ieo-pay">
      {t("pay.button")}
    </Button>
  );
}
