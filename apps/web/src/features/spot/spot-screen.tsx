// /spot?symbol=BTCUSDT[&mode=demo]: buy and sell against the feed price plus the disclosed
// spread. Market orders fill at once at the ask (buy) or bid (sell); limit orders hold
// the funds and fill when the price crosses. Open orders can be cancelled; fills listed.
import type { SpotSettings } from "@candor/contract";
import { quoteFromMid } from "@candor/domain";
import { Tag } from "antd-mobile";
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import { EmptyState } from "../../components/empty-state";
import { ChangeTag, PriceText, SimulatedBadge } from "../../components/market/market-bits";
import { SymbolPicker } from "../../components/market/symbol-picker";
import { CenteredLoading, LoadFailed } from "../../components/screen-states";
import { showAmount } from "../../lib/format";
import { type LiveSymbol, useLiveSymbols, useSymbols } from "../../lib/market/hooks";
import { type SpotMode, useSpotSettings } from "./api";
import styles from "./spot.module.css";
import { spreadPercent } from "./spot-logic";
import { OrderForm } from "./spot-order-form";
import { SpotOrders } from "./spot-orders";

const DEFAULT_SYMBOL = "BTCUSDT";

/** The symbols spot trades (the settings'), in the list's order, and the one shown: the requested one, else the first. */
function spotSymbols<S extends { symbol: string }>(symbols: readonly S[], settings: SpotSettings, requested: string) {
  const tradable = symbols.filter((s) => settings.symbols.some((x) => x.symbol === s.symbol));
  return { tradable, shown: tradable.find((s) => s.symbol === requested) ?? tradable[0] };
}
const requestedSymbol = (params: URLSearchParams) => (params.get("symbol") ?? DEFAULT_SYMBOL).toUpperCase();

export default function SpotScreen() {
  const { t } = useTranslation("spot");
  const [params] = useSearchParams();
  const mode: SpotMode = params.get("mode") === "demo" ? "demo" : "real";
  const settings = useSpotSettings();
  // Only the shown symbol follows the ticks (the picker follows its own list while open).
  const catalogue = useSymbols("crypto");
  const requested = requestedSymbol(params);
  const shown = settings.data ? spotSymbols(catalogue.data ?? [], settings.data, requested).shown?.symbol : undefined;
  const live = useMemo(() => [shown ?? requested], [shown, requested]);
  const symbols = useLiveSymbols("crypto", live);
  return (
    <div className={styles.page}>
      {settings.isPending || symbols.isPending ? (
        <CenteredLoading />
      ) : settings.isError || symbols.isError ? (
        <LoadFailed
          hint={t("loadFailedHint")}
          onRetry={() => {
            void settings.refetch();
            void symbols.refetch();
          }}
        />
      ) : (
        <SpotTrade settings={settings.data} symbols={symbols.data ?? []} mode={mode} />
      )}
    </div>
  );
}

function SpotTrade({ settings, symbols, mode }: { settings: SpotSettings; symbols: LiveSymbol[]; mode: SpotMode }) {
  const { t } = useTranslation("spot");
  const [params, setParams] = useSearchParams();
  const requested = requestedSymbol(params);
  const { tradable, shown: info } = useMemo(
    () => spotSymbols(symbols, settings, requested),
    [symbols, settings, requested],
  );
  if (!info) return <EmptyState title={t("noSymbols")} description={t("noSymbolsHint")} />;
  const setSymbol = (s: string) => {
    const next = new URLSearchParams(params);
    next.set("symbol", s);
    setParams(next, { replace: true });
  };
  return (
    <>
      {requested !== info.symbol && params.get("symbol") ? (
        <p className={styles.notice} role="status">
          {t("notTradable", { symbol: requested })}
        </p>
      ) : null}
      <MarketHead info={info} symbols={tradable} onSymbol={setSymbol} />
      <OrderForm key={`${info.symbol}-${mode}`} info={info} settings={settings} mode={mode} />
      <SpotOrders info={info} mode={mode} />
    </>
  );
}

function MarketHead({
  info,
  symbols,
  onSymbol,
}: {
  info: LiveSymbol;
  symbols: LiveSymbol[];
  onSymbol: (s: string) => void;
}) {
  const { t } = useTranslation("spot");
  const quote = info.price ? quoteFromMid(info.price, info.spread, info.pricePrecision) : null;
  return (
    <section className={styles.market}>
      <div className={styles.marketRow}>
        <SymbolPicker
          symbols={symbols}
          value={info.symbol}
          onChange={onSymbol}
          title={t("chooseSymbol")}
          classLabels={{ crypto: t("crypto"), metal: "", forex: "" }}
          classes={["crypto"]}
        />
        <SimulatedBadge simulated={info.simulated} />
      </div>
      <div className={styles.priceRow}>
        <strong className={styles.bigPrice} data-testid="spot-price">
          <PriceText value={info.price} precision={info.pricePrecision} direction={info.direction} ts={info.ts} />
        </strong>
        <ChangeTag value={info.change24h} />
        {!info.marketOpen ? <Tag color="default">{t("marketClosed")}</Tag> : null}
      </div>
      <dl className={styles.quote}>
        <div>
          <dt>{t("ask")}</dt>
          <dd className={styles.up} data-testid="spot-ask">
            {showAmount(quote?.ask, info.pricePrecision)}
          </dd>
        </div>
        <div>
          <dt>{t("bid")}</dt>
          <dd className={styles.down} data-testid="spot-bid">
            {showAmount(quote?.bid, info.pricePrecision)}
          </dd>
        </div>
        <div>
          <dt>{t("spread")}</dt>
          <dd>{spreadPercent(info.spread)}%</dd>
        </div>
      </dl>
    </section>
  );
}
