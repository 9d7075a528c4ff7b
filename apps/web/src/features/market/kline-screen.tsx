// /kline?symbol=BTCUSDT: price header, interval switch, live candles.
import { KLINE_INTERVALS, type KlineInterval, quoteFromMid } from "@candor/domain";
import { Button, DotLoading } from "antd-mobile";
import { BellOutline } from "antd-mobile-icons";
import { useMemo, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate, useSearchParams } from "react-router";
import { routes, withQuery } from "../../app/routes";
import { EmptyState } from "../../components/empty-state";
import { ChangeTag, PriceText, SimulatedBadge } from "../../components/market/market-bits";
import { PageHeader } from "../../components/page-header";
import { showAmount, showPercent } from "../../lib/format";
import { useKlineStream, useKlines, useLiveSymbols } from "../../lib/market/hooks";
import styles from "./kline.module.css";
import { KlineChart, type KlineChartHandle } from "./kline-chart";
import { PriceSources } from "./price-sources";

export default function KlineScreen() {
  const { t } = useTranslation("market");
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const symbol = (params.get("symbol") ?? "BTCUSDT").toUpperCase();
  const interval = (KLINE_INTERVALS as readonly string[]).includes(params.get("interval") ?? "")
    ? (params.get("interval") as KlineInterval)
    : "15m";
  const [, setTick] = useState(0);
  const liveSymbols = useMemo(() => [symbol], [symbol]);
  const symbols = useLiveSymbols(undefined, liveSymbols); // this screen shows one symbol's price
  const info = useMemo(() => symbols.data?.find((s) => s.symbol === symbol), [symbols.data, symbol]);
  const klines = useKlines(symbol, interval);
  const chart = useRef<KlineChartHandle>(null);
  useKlineStream(symbol, interval, (candle) => {
    chart.current?.update(candle);
    setTick((n) => n + 1);
  });

  const setInterval = (next: KlineInterval) => {
    const p = new URLSearchParams(params);
    p.set("interval", next);
    setParams(p, { replace: true });
  };

  const notFound = symbols.isSuccess && !info;
  const precision = info?.pricePrecision ?? 2;
  // Bid and ask follow every live tick: the domain's quote around the live price with the
  // symbol's disclosed spread, as the server quotes it (issue 35 §5c); the list's until a tick.
  const quote = info?.price ? quoteFromMid(info.price, info.spread, precision) : null;
  return (
    <div className={styles.page}>
      <PageHeader
        right={
          <Link to={`${routes.alerts}?symbol=${symbol}`} aria-label={t("routes:alerts")} data-testid="kline-alerts">
            <BellOutline fontSize={22} />
          </Link>
        }
        title={
          <span>
            {info ? `${info.base}/${info.quote}` : symbol} <SimulatedBadge simulated={info?.simulated} />
          </span>
        }
      />
      {notFound ? (
        <EmptyState title={t("unknownSymbol", { symbol })} description={t("unknownSymbolHint")} />
      ) : (
        <>
          <section className={styles.summary}>
            <div>
              <div className={styles.last} data-testid="kline-price">
                {info ? (
                  <PriceText value={info.price} precision={precision} direction={info.direction} ts={info.ts} />
                ) : (
                  <DotLoading />
                )}
              </div>
              <ChangeTag value={info?.change24h} />
            </div>
            <dl className={styles.stats}>
              <dt>{t("high24h")}</dt>
              <dd>{showAmount(info?.high24h, precision)}</dd>
              <dt>{t("low24h")}</dt>
              <dd>{showAmount(info?.low24h, precision)}</dd>
              <dt>{t("volume24h")}</dt>
              <dd>{showAmount(info?.volume24h, 2)}</dd>
            </dl>
          </section>
          {info ? (
            <p className={styles.spread} data-testid="kline-spread">
              {t("spreadNotice", {
                bid: showAmount(quote?.bid ?? info.bid, precision),
                ask: showAmount(quote?.ask ?? info.ask, precision),
                spread: showPercent(info.spread, 3),
              })}
              {info.marketOpen ? "" : ` ${t("marketClosed")}`}
            </p>
          ) : null}
          <div className={styles.intervals} role="tablist" aria-label={t("interval")}>
            {KLINE_INTERVALS.map((i) => (
              <button
                key={i}
                type="button"
                role="tab"
                aria-selected={i === interval}
                className={i === interval ? styles.active : ""}
                onClick={() => setInterval(i)}
              >
                {t(`intervals.${i}`)}
              </button>
            ))}
          </div>
          {klines.isPending ? (
            <div className={styles.chartState}>
              <DotLoading color="primary" />
            </div>
          ) : klines.isError ? (
            <div className={styles.chartState}>
              <EmptyState kind="error" title={t("loadFailed")} description={t("common:loadFailedHint")}>
                <Button onClick={() => void klines.refetch()}>{t("common:retry")}</Button>
              </EmptyState>
            </div>
          ) : (
            <KlineChart
              ref={chart}
              className={styles.chart}
              candles={klines.data}
              precision={precision}
              daily={interval === "1d" || interval === "1w"}
            />
          )}
          <PriceSources symbol={symbol} />
          <div className={styles.actions}>
            <Button color="primary" onClick={() => navigate(withQuery(routes.contract, { symbol }))}>
              {t("tradeFutures")}
            </Button>
            <Button color="primary" fill="outline" onClick={() => navigate(withQuery(routes.options, { symbol }))}>
              {t("tradeOptions")}
            </Button>
          </div>
        </>
      )}
    </div>
  );
}
