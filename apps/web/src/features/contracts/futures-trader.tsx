// The futures trading panel: symbol, direction, margin, leverage (capped per symbol),
// TP/SL, a live preview (quantity, fee, total cost, expected close-out price), a risk
// notice, and the open positions with live P&L. Used with real money on /heyue, with
// virtual money on /demotrading and with a contest's money on /bisaiTrade (mode
// "contest" + contestId; `symbols` limits the picker to the contest's eligible symbols).

import type { PositionRecord } from "@candor/contract";
import { contractPaths } from "@candor/contract/paths";
import { type Direction, expectedAtLevels, isDecimal, previewOpen, quoteFromMid, tpSlProblem } from "@candor/domain";
import { useQueryClient } from "@tanstack/react-query";
import { Button, DotLoading, Tabs } from "antd-mobile";
import { useMemo, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { routes, withQuery } from "../../app/routes";
import { EmptyState } from "../../components/empty-state";
import { ChangeTag, PriceText, SimulatedBadge } from "../../components/market/market-bits";
import { SymbolPicker } from "../../components/market/symbol-picker";
import { PagedList } from "../../components/paged-list";
import { api } from "../../lib/api-client";
import { showAmount } from "../../lib/format";
import { useLiveSymbols } from "../../lib/market/hooks";
import { showToast } from "../../lib/toast";
import { confirmsFuturesOpen, setConfirmsFuturesOpen } from "../../lib/trade-prefs";
import { LossRateNote } from "../disclosure";
import { modeParams, type PanelMode, useOpenPositions, useServerPreview, useSummary } from "./api";
import styles from "./contracts.module.css";
import { ClosedPositionRow, OpenPositionCard } from "./futures-positions";
import { OpenConfirmSheet, OpenPreviewList, type OpenSummary } from "./open-confirm-sheet";
import { OrderFields } from "./order-fields";

const isAmount = (v: string) => /^\d+(\.\d+)?$/.test(v.trim()) && Number(v) > 0;
/** A typed TP/SL price, or null when empty or not a price yet. */
const level = (v: string) => (isDecimal(v.trim()) && Number(v) > 0 ? v.trim() : null);

export function FuturesTrader({
  mode,
  initialSymbol,
  contestId,
  symbols: allowed,
  available: availableNow,
}: {
  mode: PanelMode;
  initialSymbol: string;
  /** With mode "contest": the contest whose account pays. */
  contestId?: number;
  /** Only these symbols may be picked (a contest's eligible symbols); all when absent or empty. */
  symbols?: string[];
  /** The balance the page's header already shows (demo): the form shows it at once too, not after its preview answers. */
  available?: string | null;
}) {
  const { t } = useTranslation("contracts");
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [symbol, setSymbol] = useState(initialSymbol);
  const open = useOpenPositions(mode, contestId);
  // Live prices for what the screen shows: the chosen symbol and the open positions' (the
  // picker follows its own list while it is open).
  const live = useMemo(
    () => [...new Set([symbol, ...(open.data?.records ?? []).map((p) => p.symbol)])].sort(),
    [symbol, open.data],
  );
  const symbols = useLiveSymbols(undefined, live);
  const pickable = useMemo(
    () => (allowed && allowed.length > 0 ? symbols.data?.filter((s) => allowed.includes(s.symbol)) : symbols.data),
    [symbols.data, allowed],
  );
  const [direction, setDirection] = useState<Direction>("long");
  const [margin, setMargin] = useState("");
  const [leverage, setLeverage] = useState(1);
  const [takeProfit, setTakeProfit] = useState("");
  const [stopLoss, setStopLoss] = useState("");
  const [tab, setTab] = useState<"open" | "history">("open");
  const [busy, setBusy] = useState(false);
  const [confirming, setConfirming] = useState<OpenSummary | null>(null);
  const [asks, setAsks] = useState(confirmsFuturesOpen);
  const requestId = useRef(crypto.randomUUID());
  const info = useMemo(() => pickable?.find((s) => s.symbol === symbol), [pickable, symbol]);
  const maxLeverage = info?.maxLeverage ?? 1;
  const lev = Math.min(leverage, maxLeverage);
  const server = useServerPreview({ symbol, direction, margin: margin.trim(), leverage: lev, mode, contestId });
  const summary = useSummary(mode, contestId);
  const currency = mode === "demo" ? "VUSDT" : mode === "contest" ? "CUSDT" : "USDT";

  const preview = useMemo(() => {
    if (!info?.price || !isAmount(margin)) return null;
    const { bid, ask } = quoteFromMid(info.price, info.spread, info.pricePrecision);
    return previewOpen({
      direction,
      margin: margin.trim(),
      leverage: lev,
      bid,
      ask,
      pricePrecision: info.pricePrecision,
      qtyPrecision: info.qtyPrecision,
      rates: server.data?.feeRates,
    });
  }, [info, margin, direction, lev, server.data?.feeRates]);

  // The expected result at the take-profit and stop-loss prices (packages/domain, the same
  // settlement the server runs), net of both fees.
  const expected = useMemo(
    () =>
      preview
        ? expectedAtLevels({
            direction,
            openPrice: preview.openPrice,
            quantity: preview.quantity,
            margin: margin.trim(),
            openingFee: preview.openingFee,
            takeProfit: level(takeProfit),
            stopLoss: level(stopLoss),
            rates: server.data?.feeRates,
          })
        : null,
    [preview, direction, margin, takeProfit, stopLoss, server.data?.feeRates],
  );

  const refresh = () => void queryClient.invalidateQueries({ queryKey: ["futures"] });

  // The order fields and the positions' tabs do not change with a tick: Preact skips them
  // when a price moves (issue 37: each tick of the chosen symbol re-rendered the whole
  // form, the leverage slider's gesture set-up included, 20–30 ms of a slow phone's main
  // thread several times a second).
  const available = availableNow ?? server.data?.available ?? null;
  const positionTabs = useMemo(
    () => (
      <Tabs activeKey={tab} onChange={(k) => setTab(k as typeof tab)}>
        <Tabs.Tab key="open" title={t("openPositions")} />
        <Tabs.Tab key="history" title={t("history")} />
      </Tabs>
    ),
    [t, tab],
  );

  const submit = async () => {
    if (!info) return;
    if (!isAmount(margin)) return showToast(t("errors.marginInvalid"), "fail");
    if (preview) {
      const problem = tpSlProblem({
        direction,
        exitPrice:
          direction === "long"
            ? quoteFromMid(info.price ?? "0", info.spread, info.pricePrecision).bid
            : quoteFromMid(info.price ?? "0", info.spread, info.pricePrecision).ask,
        closeOutPrice: preview.closeOutPrice,
        takeProfit: takeProfit.trim() || null,
        stopLoss: stopLoss.trim() || null,
      });
      if (problem) return showToast(t(`tpsl.${problem}`), "fail");
    }
    if (preview && expected && confirmsFuturesOpen()) {
      setConfirming({
        symbol: info.base && info.quote ? `${info.base}/${info.quote}` : symbol,
        direction,
        margin: margin.trim(),
        leverage: lev,
        currency,
        precision: info.pricePrecision,
        preview,
        takeProfit: expected.takeProfit,
        stopLoss: expected.stopLoss,
      });
      return;
    }
    await send();
  };

  const send = async () => {
    setBusy(true);
    try {
      const res = await api.post(contractPaths.create, {
        symbol,
        direction,
        margin: margin.trim(),
        leverage: lev,
        takeProfit: takeProfit.trim() || undefined,
        stopLoss: stopLoss.trim() || undefined,
        ...modeParams(mode, contestId),
        clientRequestId: requestId.current,
      });
      requestId.current = crypto.randomUUID();
      showToast(t("opened", { price: res.openPrice, quantity: res.quantity }), "success");
      setTakeProfit("");
      setStopLoss("");
      setTab("open");
      refresh();
    } catch {
      // the server's message was shown; inputs stay
    } finally {
      setBusy(false);
      setConfirming(null);
    }
  };

  // While the symbols load, the form shows with "--" in place of prices and the button
  // disabled (every part keeps its place, so nothing moves when they arrive).
  if (symbols.isError) {
    return (
      <EmptyState kind="error" title={t("loadFailed")} description={t("common:loadFailedHint")}>
        <Button onClick={() => void symbols.refetch()}>{t("common:retry")}</Button>
      </EmptyState>
    );
  }
  const precision = info?.pricePrecision ?? 2;
  return (
    <div className={styles.trader}>
      <section className={styles.top} aria-busy={symbols.isPending}>
        <div className={styles.symbolRow}>
          <SymbolPicker
            symbols={pickable ?? []}
            value={symbol}
            title={t("chooseSymbol")}
            classLabels={{
              crypto: t("market:tabs.crypto"),
              metal: t("market:tabs.metal"),
              forex: t("market:tabs.forex"),
            }}
            onChange={(s) => {
              setSymbol(s);
              setLeverage(1);
            }}
          />
          <SimulatedBadge simulated={info?.simulated} />
          <button type="button" className={styles.link} onClick={() => navigate(withQuery(routes.chart, { symbol }))}>
            {t("chart")}
          </button>
        </div>
        <div className={styles.priceRow}>
          <span className={styles.bigPrice} data-testid="futures-price">
            <PriceText value={info?.price} precision={precision} direction={info?.direction} ts={info?.ts} />
          </span>
          <ChangeTag value={info?.change24h} />
        </div>
        {info && !info.marketOpen ? <p className={styles.closedNote}>{t("marketClosed")}</p> : null}
      </section>

      <section className={styles.form} aria-label={t("newPosition")}>
        <OrderFields
          direction={direction}
          onDirection={setDirection}
          currency={currency}
          available={available}
          margin={margin}
          onMargin={setMargin}
          leverage={lev}
          maxLeverage={info ? maxLeverage : null}
          onLeverage={setLeverage}
          openFeeRate={server.data?.feeRates.open ?? "0.0005"}
          takeProfit={takeProfit}
          stopLoss={stopLoss}
          onTakeProfit={setTakeProfit}
          onStopLoss={setStopLoss}
        />
        <OpenPreviewList
          preview={preview}
          expected={expected}
          precision={precision}
          base={info?.base ?? ""}
          currency={currency}
        />
        <p className={styles.risk} role="note">
          {t("riskNotice", { leverage: lev })}
        </p>
        {/* The live loss figure is in the confirmation sheet; without the sheet it stays here. */}
        {asks ? null : <LossRateNote product="futures" className={styles.risk} />}
        <Button
          block
          size="large"
          className={direction === "long" ? "btn-up" : "btn-down"}
          loading={busy}
          disabled={!info?.marketOpen}
          onClick={() => void submit()}
          data-testid="open-position-button"
        >
          {direction === "long" ? t("openLong") : t("openShort")}
        </Button>
      </section>

      <OpenConfirmSheet
        summary={confirming}
        busy={busy}
        onCancel={() => setConfirming(null)}
        onConfirm={(dontAsk) => {
          if (dontAsk) {
            setConfirmsFuturesOpen(false);
            setAsks(false);
          }
          void send();
        }}
      />
      <section className={styles.positions}>
        {summary.data ? (
          <div className={styles.summary} data-testid="positions-summary">
            <span>{t("openCount", { count: summary.data.count })}</span>
            <span>
              {t("equity")}: {showAmount(summary.data.equity, 2)} {summary.data.currency}
            </span>
          </div>
        ) : null}
        {positionTabs}
        {tab === "open" ? (
          open.isPending ? (
            <div className={styles.center}>
              <DotLoading />
            </div>
          ) : open.isError ? (
            <EmptyState kind="error" title={t("loadFailed")} description={t("common:loadFailedHint")}>
              <Button onClick={() => void open.refetch()}>{t("common:retry")}</Button>
            </EmptyState>
          ) : open.data.records.length === 0 ? (
            <EmptyState title={t("noOpenPositions")} description={t("noOpenPositionsHint")} />
          ) : (
            open.data.records.map((p) => (
              <OpenPositionCard
                key={p.id}
                p={p}
                info={symbols.data?.find((s) => s.symbol === p.symbol)}
                onChanged={refresh}
              />
            ))
          )
        ) : (
          <PagedList<PositionRecord>
            path={contractPaths.listMy}
            query={{ status: "closed", ...modeParams(mode, contestId) }}
            keyOf={(p) => p.id}
            emptyText={t("noHistory")}
            emptyHint={t("noHistoryHint")}
            renderItem={(p) => <ClosedPositionRow p={p} />}
          />
        )}
      </section>
    </div>
  );
}
