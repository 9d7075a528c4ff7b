// The spot screen's order lists: open limit orders (with cancel) and fills with their
// evidence tick.

import type { SpotOrder } from "@candor/contract";
import { spotPaths } from "@candor/contract/paths";
import { Button, Dialog, Tabs, Tag } from "antd-mobile";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { EmptyState } from "../../components/empty-state";
import { TickSources } from "../../components/market/tick-sources";
import { PagedList } from "../../components/paged-list";
import { CenteredLoading, LoadFailed } from "../../components/screen-states";
import { formatDate, plainAmount, showAmount } from "../../lib/format";
import type { LiveSymbol } from "../../lib/market/hooks";
import { showToast } from "../../lib/toast";
import { type SpotMode, useCancelOrder, useOpenOrders } from "./api";
import styles from "./spot.module.css";
import { filledValue, showExact } from "./spot-logic";

/** The symbol's open limit orders (cancellable) and its filled orders. */
export function SpotOrders({ info, mode }: { info: LiveSymbol; mode: SpotMode }) {
  const { t } = useTranslation("spot");
  const [tab, setTab] = useState<"open" | "fills">("open");
  const open = useOpenOrders(info.symbol, mode);
  const cancel = useCancelOrder();
  const count = open.data?.records.length ?? 0;

  const onCancel = async (order: SpotOrder) => {
    const confirmed = await Dialog.confirm({
      title: t("cancelTitle"),
      content: t("cancelText", {
        side: t(order.side),
        quantity: plainAmount(order.quantity),
        base: info.base,
        price: showAmount(order.limitPrice, info.pricePrecision),
      }),
      confirmText: t("cancelConfirm"),
      cancelText: t("keep"),
    });
    if (!confirmed) return;
    try {
      await cancel.mutateAsync(order.id);
      showToast(t("cancelledToast"), "success");
    } catch {
      // The API client showed the server's message (e.g. it filled meanwhile).
    }
  };

  return (
    <section className={styles.orders}>
      <Tabs activeKey={tab} onChange={(k) => setTab(k as "open" | "fills")}>
        <Tabs.Tab key="open" title={t("openOrders", { count })} />
        <Tabs.Tab key="fills" title={t("fills")} />
      </Tabs>
      {tab === "open" ? (
        open.isPending ? (
          <CenteredLoading />
        ) : open.isError ? (
          <LoadFailed onRetry={() => void open.refetch()} hint={t("loadFailedHint")} />
        ) : count === 0 ? (
          <EmptyState title={t("noOpen")} description={t("noOpenHint")} />
        ) : (
          <ul className={styles.list} aria-label={t("openOrders", { count })}>
            {open.data.records.map((o) => (
              <li key={o.id} className={styles.orderRow} data-testid="spot-open-order">
                <div className={styles.orderTop}>
                  <Tag color={o.side === "buy" ? "success" : "danger"}>{t(o.side)}</Tag>
                  <strong>{o.symbol}</strong>
                  <span className={styles.muted}>{t(`type.${o.type}`)}</span>
                  <Button
                    size="mini"
                    className={styles.cancel}
                    loading={cancel.isPending && cancel.variables === o.id}
                    onClick={() => void onCancel(o)}
                  >
                    {t("cancel")}
                  </Button>
                </div>
                <dl className={styles.orderFacts}>
                  <div>
                    <dt>{t("limitPrice")}</dt>
                    <dd>{showAmount(o.limitPrice, info.pricePrecision)}</dd>
                  </div>
                  <div>
                    <dt>{t("quantity")}</dt>
                    <dd>{plainAmount(o.quantity)}</dd>
                  </div>
                  <div>
                    <dt>{t("held")}</dt>
                    <dd>
                      {showExact(o.heldAmount, o.side === "buy" ? 2 : 0)}{" "}
                      {o.side === "buy" ? o.quoteCurrency : o.baseCurrency}
                    </dd>
                  </div>
                </dl>
                <time className={styles.muted}>{formatDate(o.createdAt)}</time>
              </li>
            ))}
          </ul>
        )
      ) : (
        <PagedList<SpotOrder>
          path={spotPaths.listMy}
          query={{ status: "filled", symbol: info.symbol, mode }}
          keyOf={(o) => o.id}
          emptyText={t("noFills")}
          emptyHint={t("noFillsHint")}
          ariaLabel={t("fills")}
          renderItem={(o) => <FillRow order={o} precision={info.pricePrecision} />}
        />
      )}
    </section>
  );
}

function FillRow({ order, precision }: { order: SpotOrder; precision: number }) {
  const { t } = useTranslation("spot");
  const value = filledValue(order);
  return (
    <div className={styles.orderRow} data-testid="spot-fill">
      <div className={styles.orderTop}>
        <Tag color={order.side === "buy" ? "success" : "danger"}>{t(order.side)}</Tag>
        <strong>{order.symbol}</strong>
        <span className={styles.muted}>{t(`type.${order.type}`)}</span>
        <time className={`${styles.muted} ${styles.right}`}>{formatDate(order.filledAt)}</time>
      </div>
      <dl className={styles.orderFacts}>
        <div>
          <dt>{t("fillPrice")}</dt>
          <dd>{showExact(order.price, precision)}</dd>
        </div>
        <div>
          <dt>{t("quantity")}</dt>
          <dd>
            {plainAmount(order.quantity)} {order.baseCurrency}
          </dd>
        </div>
        <div>
          <dt>{t(order.side === "buy" ? "paid" : "received")}</dt>
          <dd>
            {showExact(value)} {order.quoteCurrency}
          </dd>
        </div>
      </dl>
      <p className={styles.muted}>
        {t("feePaid", { fee: showExact(order.fee), currency: order.quoteCurrency })}
        {order.fillTick
          ? ` · ${t("fillTick", {
              bid: showExact(order.fillTick.bid, precision),
              ask: showExact(order.fillTick.ask, precision),
              time: formatDate(order.fillTick.ts),
            })}`
          : ""}
        <TickSources sources={order.fillTick?.sources} label={t("common:tickSources.fill")} />
      </p>
    </div>
  );
}
