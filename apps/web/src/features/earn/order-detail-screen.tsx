// /earnOrder?id=: one Earn order — its figures, its incomes with their inputs, early
// redemption where the product allows it (the confirm dialog states the deduction), and
// for automated strategies the live value, P&L, fills and the stop button.
import type { EarnOrderDetail } from "@candor/contract";
import { earlyRedemptionReturn } from "@candor/domain";
import { Button, Dialog } from "antd-mobile";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { PageHeader } from "../../components/page-header";
import { formatDate } from "../../lib/format";
import { useOrder, useRedeem, useStop } from "./api";
import { money, percent, plain, signedMoney, signOf } from "./earn-logic";
import { earnKinds } from "./kinds";
import { FillList, IncomeList } from "./order-history";
import { OrderStatusChip, QueryView, RiskNotice, Rows, useIdParam } from "./parts";
import styles from "./styles";

export default function OrderDetailScreen() {
  const { t } = useTranslation("earn");
  const order = useOrder(useIdParam());
  return (
    <div className={styles.page}>
      <PageHeader title={t("routes:earnOrderDetail")} />
      <QueryView query={order} missing={t("orderMissing")}>
        {(o) => <OrderDetail order={o} />}
      </QueryView>
    </div>
  );
}

function OrderDetail({ order: o }: { order: EarnOrderDetail }) {
  const { t } = useTranslation("earn");
  const c = o.currency;
  const quant = earnKinds[o.type].strategy;
  const rows: [ReactNode, ReactNode, string?][] = [
    [t("kind"), t(`types.${o.type}`)],
    [t("amount"), `${money(o.amount, c)} ${c}`, "detail-amount"],
  ];
  if (o.dailyRate !== null) rows.push([t("dailyRate"), t("perDay", { rate: percent(o.dailyRate) })]);
  if (o.hashrate !== null) rows.push([t("mining.bought"), `${plain(o.hashrate)} TH/s`]);
  if (quant) {
    rows.push(
      [t("quant.strategy"), `${o.strategy ? t(`quant.kinds.${o.strategy}`) : "--"} · ${o.symbol ?? "--"}`],
      [t("quant.value"), `${money(o.value, c)} ${c}`, "detail-value"],
      [t("quant.pnl"), <Signed key="pnl" value={o.totalIncome} currency={c} />, "detail-pnl"],
      [t("quant.todayChange"), <Signed key="today" value={o.todayIncome} currency={c} />],
    );
    if (o.holdings) {
      rows.push([
        t("quant.holdings"),
        t("quant.holdingsLine", {
          quantity: plain(o.holdings.quantity),
          base: o.holdings.base,
          cash: money(o.holdings.cash, c),
          currency: c,
        }),
      ]);
    }
  } else {
    rows.push(
      [t("todayIncome"), `${money(o.todayIncome, c)} ${c}`, "detail-today"],
      [t("totalIncome"), `${money(o.totalIncome, c)} ${c}`, "detail-total"],
      [t("accruedDays"), t("days", { count: o.accruedDays })],
    );
  }
  rows.push(
    [t("term"), t("days", { count: o.termDays })],
    [t("remainingDays"), t("days", { count: o.remainingDays }), "detail-remaining"],
    [t("startAt"), formatDate(o.startAt)],
    [t("endAt"), formatDate(o.endAt)],
  );
  if (o.endReason) rows.push([t("endReason"), t(`endReasons.${o.endReason}`), "detail-end-reason"]);
  if (o.endedAt) rows.push([t("endedAt"), formatDate(o.endedAt)]);
  if (o.returnedAmount !== null) rows.push([t("returned"), `${money(o.returnedAmount, c)} ${c}`, "detail-returned"]);
  const note = earnKinds[o.type].runningNote(o);

  return (
    <div className={styles.body}>
      <section className={styles.card}>
        <div className={styles.cardHead}>
          <h2 className={styles.name}>{o.productName}</h2>
          <OrderStatusChip status={o.status} />
        </div>
        <Rows rows={rows} />
        {o.status === "running" && note ? (
          <p className={styles.muted} style={{ marginTop: 8 }}>
            {t(note)}
          </p>
        ) : null}
        <Actions order={o} />
      </section>
      {quant ? <FillList orderId={o.id} /> : <IncomeList orderId={o.id} currency={c} />}
      <RiskNotice text={o.product.riskNotice} />
    </div>
  );
}

function Signed({ value, currency }: { value: string | null; currency: string }) {
  const s = signOf(value);
  return (
    <span className={s > 0 ? styles.up : s < 0 ? styles.down : undefined}>
      {signedMoney(value, currency)} {currency}
    </span>
  );
}

function Actions({ order: o }: { order: EarnOrderDetail }) {
  const { t } = useTranslation("earn");
  const redeem = useRedeem();
  const stop = useStop();
  if (o.status !== "running") return null;
  const c = o.currency;

  if (earnKinds[o.type].strategy) {
    const onStop = async () => {
      const yes = await Dialog.confirm({
        title: t("quant.stopTitle"),
        content: t("quant.stopText", { value: money(o.value, c), currency: c }),
        confirmText: t("quant.stop"),
        cancelText: t("common:cancel"),
      });
      if (!yes) return;
      try {
        await stop.mutateAsync(o.id);
      } catch {
        // the API client showed the server's message
      }
    };
    return (
      <Button
        block
        color="danger"
        fill="outline"
        style={{ marginTop: 12 }}
        loading={stop.isPending}
        onClick={() => void onStop()}
      >
        {t("quant.stop")}
      </Button>
    );
  }

  if (!o.earlyRedemption) return null;
  const paid = o.totalIncome;
  const back = earlyRedemptionReturn(o.amount, paid);
  const onRedeem = async () => {
    const yes = await Dialog.confirm({
      title: t("redeem.title"),
      content: (
        <div data-testid="redeem-confirm">
          <Rows
            rows={[
              [t("amount"), `${money(o.amount, c)} ${c}`],
              [t("redeem.deducted"), `-${money(paid, c)} ${c}`],
              [t("redeem.back"), `${money(back, c)} ${c}`],
            ]}
          />
          <p className={styles.muted} style={{ marginTop: 8 }}>
            {t("redeem.note")}
          </p>
        </div>
      ),
      confirmText: t("redeem.confirm"),
      cancelText: t("common:cancel"),
    });
    if (!yes) return;
    try {
      await redeem.mutateAsync(o.id);
    } catch {
      // the API client showed the server's message
    }
  };
  return (
    <Button
      block
      color="warning"
      fill="outline"
      style={{ marginTop: 12 }}
      loading={redeem.isPending}
      onClick={() => void onRedeem()}
    >
      {t("redeem.button")}
    </Button>
  );
}
