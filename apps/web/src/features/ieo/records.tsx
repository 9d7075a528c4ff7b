// My IEO records (applied, won, lost, paid, expired, delivered) with their amounts, and the
// pay action of a won order: a confirmation with every figure, before the payment deadline.
import { Button, Dialog } from "antd-mobile";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { PagedList } from "../../components/paged-list";
import { formatDate } from "../../lib/format";
import { type IeoOrder, type IeoProject, IeoRoutes, useBalances, usePay, useProjects } from "./api";
import styles from "./ieo.module.css";
import { canPay, money, plain } from "./ieo-logic";
import { OrderStatusChip, Rows, useBusinessNow } from "./parts";

export function RecordsList() {
  const { t } = useTranslation("ieo");
  const projects = useProjects();
  const now = useBusinessNow();
  const byId = new Map((projects.data ?? []).map((p) => [p.id, p]));
  return (
    <PagedList<IeoOrder>
      path={IeoRoutes.orders}
      keyOf={(o) => o.id}
      emptyText={t("noRecords")}
      emptyHint={t("noRecordsHint")}
      ariaLabel={t("tabs.records")}
      renderItem={(o) => (
        <div style={{ marginBottom: 12 }}>
          <OrderCard order={o} project={byId.get(o.projectId)} now={now} showProject />
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

export function OrderCard({
  order: o,
  project,
  now,
  showProject = false,
}: {
  order: IeoOrder;
  project: IeoProject | undefined;
  now: number;
  showProject?: boolean;
}) {
  const { t } = useTranslation("ieo");
  const navigate = useNavigate();
  const symbol = project?.symbol ?? "";
  const currency = project?.currency ?? "USDT";
  const drawn = o.status !== "applied";
  return (
    <section className={styles.card} data-testid="ieo-order" aria-label={t("orderTitle", { id: o.id })}>
      <div className={styles.cardHead}>
        <h3 className={styles.name} style={{ fontSize: 15 }}>
          {showProject && project ? `${project.name} · ` : ""}
          {t("orderTitle", { id: o.id })}
        </h3>
        <OrderStatusChip status={o.status} />
      </div>
      <Rows
        rows={[
          [t("appliedQuantity"), `${plain(String(o.quantity))} ${symbol}`, "order-quantity"],
          [t("wonQuantity"), drawn ? `${plain(String(o.wonQuantity ?? 0))} ${symbol}` : t("notDrawnYet"), "order-won"],
          [t(amountKey(o.status)), `${money(o.amount ?? "0", currency)} ${currency}`, "order-amount"],
          ...(o.status === "won" && project
            ? [[t("payBefore"), formatDate(project.payEnd, "iso"), "order-pay-end"] as [string, string, string]]
            : []),
          ...(o.status === "paid" && project
            ? [[t("deliveryAt"), formatDate(project.listAt, "iso")] as [string, string]]
            : []),
          ...(o.createdAt ? [[t("appliedAt"), formatDate(o.createdAt, "iso")] as [string, string]] : []),
        ]}
      />
      <p className={styles.muted} style={{ marginTop: 6 }}>
        {t(`orderHint.${o.status}`, { symbol, currency })}
      </p>
      <div className={styles.actions}>
        {showProject ? (
          <Button size="small" onClick={() => navigate(`/ieo?id=${o.projectId}`)}>
            {t("openProject")}
          </Button>
        ) : null}
        {drawn && project?.seed ? (
          <Button size="small" onClick={() => navigate(`/ieo?id=${o.projectId}&view=results`)}>
            {t("results.open")}
          </Button>
        ) : null}
        {project && canPay(o.status, project.payEnd, now) ? <PayButton order={o} project={project} /> : null}
      </div>
    </section>
  );
}

function PayButton({ order: o, project: p }: { order: IeoOrder; project: IeoProject }) {
  const { t } = useTranslation("ieo");
  const pay = usePay();
  const balances = useBalances();
  const currency = p.currency ?? "USDT";
  const onPay = async () => {
    const available = balances.data?.find((b) => b.currency === currency)?.available ?? "0";
    const confirmed = await Dialog.confirm({
      title: t("pay.confirmTitle"),
      content: (
        <div data-testid="ieo-pay-confirm">
          <Rows
            rows={[
              [t("project"), `${p.name} (${p.symbol})`],
              [t("wonQuantity"), `${plain(String(o.wonQuantity ?? 0))} ${p.symbol}`],
              [t("drawPrice"), `${money(p.drawPrice, currency)} ${currency}`],
              [t("amountDue"), `${money(o.amount, currency)} ${currency}`],
              [t("available"), `${money(available, currency)} ${currency}`],
              [t("payBefore"), formatDate(p.payEnd, "iso")],
              [t("deliveryAt"), formatDate(p.listAt, "iso")],
            ]}
          />
          <p className={styles.muted} style={{ marginTop: 8 }}>
            {t("pay.confirmText", { currency, symbol: p.symbol })}
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
