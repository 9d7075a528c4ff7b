// The options screen's orders: open orders counting down to expiry (with how they stand
// now), the result of an order that settles while the customer watches (a sheet over the
// screen, wherever they scrolled: issue 35 §11), and the history.

import type { OptionMode, OptionOrder } from "@candor/contract";
import { optionPaths } from "@candor/contract/paths";
import { useQueryClient } from "@tanstack/react-query";
import { Button, Dialog, ProgressBar, Tabs, Tag } from "antd-mobile";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { EmptyState } from "../../components/empty-state";
import { LazyPopup } from "../../components/lazy-popup";
import { PagedList } from "../../components/paged-list";
import { CenteredLoading, LoadFailed } from "../../components/screen-states";
import { formatDate, showAmount } from "../../lib/format";
import type { LiveSymbol } from "../../lib/market/hooks";
import { optionKeys, useOpenOptions, useOptionOrder } from "./api";
import { elapsedShare, formatCountdown, secondsLeft, standing } from "./option-logic";
import styles from "./options.module.css";
import { OptionResultCard } from "./result-card";

/** Re-renders every `ms` with the current time (countdowns). */
function useNow(ms = 500): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const id = setInterval(() => setNow(Date.now()), ms);
    return () => clearInterval(id);
  }, [ms]);
  return now;
}

/** Open orders with countdowns, the results of orders settled while watching, history. */
export function OptionOrders({
  mode,
  bySymbol,
  watched,
  onFound,
  onDone,
}: {
  mode: OptionMode;
  bySymbol: Map<string, LiveSymbol>;
  watched: OptionOrder[];
  onFound: (orders: OptionOrder[]) => void;
  onDone: (id: number) => void;
}) {
  const { t } = useTranslation("options");
  const [tab, setTab] = useState<"open" | "history">("open");
  const open = useOpenOptions(mode, true);
  // Settled while watching, newest first; the sheet shows the first until it is closed.
  const [results, setResults] = useState<OptionOrder[]>([]);
  const [shown, setShown] = useState<OptionOrder | null>(null);
  const client = useQueryClient();
  const now = useNow();

  // biome-ignore lint/correctness/useExhaustiveDependencies: only new server data adds orders
  useEffect(() => {
    if (open.data?.records.length) onFound(open.data.records);
  }, [open.data]);
  // A new order shows on the open tab.
  const watchedCount = useRef(watched.length);
  useEffect(() => {
    if (watched.length > watchedCount.current) setTab("open");
    watchedCount.current = watched.length;
  }, [watched.length]);

  const onSettled = (order: OptionOrder) => {
    onDone(order.id);
    setResults((r) => [order, ...r.filter((o) => o.id !== order.id)]);
    void client.invalidateQueries({ queryKey: optionKeys.all });
    void client.invalidateQueries({ queryKey: ["wallet"] });
    void client.invalidateQueries({ queryKey: ["paged", optionPaths.listMy] });
  };

  const precisionOf = (symbol: string) => bySymbol.get(symbol)?.pricePrecision ?? 2;

  return (
    <section className={styles.orders}>
      <Tabs activeKey={tab} onChange={(k) => setTab(k as "open" | "history")}>
        <Tabs.Tab key="open" title={t("tabs.open", { count: watched.length })} />
        <Tabs.Tab key="history" title={t("tabs.history")} />
      </Tabs>
      {tab === "open" ? (
        open.isPending && watched.length === 0 ? (
          <CenteredLoading />
        ) : open.isError && watched.length === 0 ? (
          <LoadFailed onRetry={() => void open.refetch()} hint={t("loadFailedHint")} />
        ) : watched.length === 0 ? (
          <EmptyState title={t("noOpen")} description={t("noOpenHint")} />
        ) : (
          <ul className={styles.openList} aria-label={t("tabs.open", { count: watched.length })}>
            {watched.map((o) => (
              <OpenOrderRow key={o.id} order={o} now={now} info={bySymbol.get(o.symbol)} onSettled={onSettled} />
            ))}
          </ul>
        )
      ) : (
        <PagedList<OptionOrder>
          path={optionPaths.listMy}
          query={{ status: "settled", mode }}
          keyOf={(o) => o.id}
          emptyText={t("noHistory")}
          emptyHint={t("noHistoryHint")}
          ariaLabel={t("tabs.history")}
          renderItem={(o) => <HistoryRow order={o} onOpen={() => setShown(o)} />}
        />
      )}
      <LazyPopup
        visible={results.length > 0}
        onMaskClick={() => setResults((r) => r.slice(1))}
        onClose={() => setResults((r) => r.slice(1))}
        bodyStyle={{ borderRadius: "12px 12px 0 0", maxHeight: "90vh", overflowY: "auto" }}
      >
        {results[0] ? (
          <div
            className={styles.settledSheet}
            role="dialog"
            aria-label={t("settledSheet.title")}
            data-testid="option-settled-sheet"
          >
            <h2 className={styles.sectionTitle}>{t("settledSheet.title")}</h2>
            <OptionResultCard order={results[0]} precision={precisionOf(results[0].symbol)} />
            <Button block color="primary" onClick={() => setResults((r) => r.slice(1))}>
              {t("close")}
            </Button>
          </div>
        ) : null}
      </LazyPopup>
      <Dialog
        visible={shown !== null}
        onClose={() => setShown(null)}
        closeOnMaskClick
        content={shown ? <OptionResultCard order={shown} precision={precisionOf(shown.symbol)} /> : null}
        actions={[{ key: "close", text: t("close"), onClick: () => setShown(null) }]}
      />
    </section>
  );
}

function OpenOrderRow({
  order,
  now,
  info,
  onSettled,
}: {
  order: OptionOrder;
  now: number;
  info: LiveSymbol | undefined;
  onSettled: (o: OptionOrder) => void;
}) {
  const { t } = useTranslation("options");
  const left = secondsLeft(order.expiresAt, now);
  const detail = useOptionOrder(order.id, left === 0);
  const settled = detail.data?.status === "settled" ? detail.data : null;
  // biome-ignore lint/correctness/useExhaustiveDependencies: report once, when the settlement arrives
  useEffect(() => {
    if (settled) onSettled(settled);
  }, [settled?.id, settled?.status]);
  const precision = info?.pricePrecision ?? 2;
  const now_ = standing(order, info?.price ?? null);
  return (
    <li className={styles.openRow} data-testid="open-option" data-id={order.id}>
      <div className={styles.openTop}>
        <strong>{order.symbol}</strong>
        <Tag color={order.direction === "up" ? "success" : "danger"}>{t(`direction.${order.direction}`)}</Tag>
        <span className={styles.countdown} role="timer" aria-label={t("timeLeft")} data-testid="countdown">
          {left > 0 ? formatCountdown(left) : t("settling")}
        </span>
      </div>
      <ProgressBar percent={elapsedShare(order.createdAt, order.expiresAt, now) * 100} />
      <dl className={styles.openFacts}>
        <div>
          <dt>{t("stake")}</dt>
          <dd>
            {showAmount(order.amount, 2)} {order.currency}
          </dd>
        </div>
        <div>
          <dt>{t("openPrice")}</dt>
          <dd>{showAmount(order.openPrice, precision)}</dd>
        </div>
        <div>
          <dt>{t("currentPrice")}</dt>
          <dd className={now_ === "win" ? styles.up : now_ === "lose" ? styles.down : ""}>
            {showAmount(info?.price, precision)}
          </dd>
        </div>
      </dl>
      {left > 0 && now_ ? <p className={styles.muted}>{t(`standing.${now_}`)}</p> : null}
    </li>
  );
}

function HistoryRow({ order, onOpen }: { order: OptionOrder; onOpen: () => void }) {
  const { t } = useTranslation("options");
  const color = order.result === "win" ? "success" : order.result === "lose" ? "danger" : "default";
  return (
    <button type="button" className={styles.historyRow} onClick={onOpen} data-testid="option-history-row">
      <span className={styles.historyMain}>
        <strong>{order.symbol}</strong>
        <Tag color={order.direction === "up" ? "success" : "danger"} fill="outline">
          {t(`direction.${order.direction}`)}
        </Tag>
        <span className={styles.muted}>{t("periodShort", { seconds: order.periodSeconds })}</span>
      </span>
      <span className={styles.historyMoney}>
        <Tag color={color}>{order.result ? t(`result.${order.result}`) : t("settling")}</Tag>
        <span>
          {showAmount(order.amount, 2)} → {showAmount(order.payout, 2)} {order.currency}
        </span>
      </span>
      <time className={styles.muted}>{formatDate(order.createdAt)}</time>
    </button>
  );
}
