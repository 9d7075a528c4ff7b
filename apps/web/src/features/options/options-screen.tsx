// /options?symbol=BTCUSDT[&mode=demo]: short-term up/down options ("second contract").
// Periods and payout rates come from the operator's settings; the preview says plainly
// what each outcome returns; open orders count down; a settled order shows the ticks
// that decided it. Customers of countries where options are not offered see why.
import type { OptionMode, OptionOrder, OptionSetting } from "@candor/contract";
import { Button, Dialog, Input, Result, Tag } from "antd-mobile";
import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate, useSearchParams } from "react-router";
import { routes } from "../../app/routes";
import { EmptyState } from "../../components/empty-state";
import { ChangeTag, PriceText, SimulatedBadge } from "../../components/market/market-bits";
import { SymbolPicker } from "../../components/market/symbol-picker";
import { CenteredLoading, LoadFailed } from "../../components/screen-states";
import { ApiError } from "../../lib/api-client";
import { showAmount, typedAmount } from "../../lib/format";
import { type LiveSymbol, useLiveSymbols, useSymbols } from "../../lib/market/hooks";
import { amountProblem, amountProblemText, cleanDecimalInput, newRequestId } from "../../lib/trading/amount";
import { LossRateDialogLine, LossRateNote, useLossLine } from "../disclosure";
import { useBuyOption, useOptionAvailability, useOptionSettings, useStakeBalance } from "./api";
import { LiveChart } from "./live-chart";
import { modeCurrency, parseMode, ratePercent, stakePreview, stakeRules } from "./option-logic";
import { OptionOrders } from "./option-orders";
import styles from "./options.module.css";

const DEFAULT_SYMBOL = "BTCUSDT";

/** The symbol shown: the requested one, else BTC/USDT, else the first. */
function shownOption<S extends { symbol: string }>(list: readonly S[], requested: string): S | undefined {
  return list.find((s) => s.symbol === requested) ?? list.find((s) => s.symbol === DEFAULT_SYMBOL) ?? list[0];
}

export default function OptionsScreen() {
  const { t } = useTranslation("options");
  const [params] = useSearchParams();
  const mode = parseMode(params.get("mode"));
  const availability = useOptionAvailability();
  // The header and the tabs (futures, options, spot, demo) are the trade screen's (app/trade-screen.tsx).
  return (
    <div className={styles.page}>
      {availability.isPending ? (
        <CenteredLoading />
      ) : availability.isError ? (
        <LoadFailed onRetry={() => void availability.refetch()} hint={t("loadFailedHint")} />
      ) : !availability.data.offered ? (
        <NotOffered message={availability.data.message} country={availability.data.country} />
      ) : (
        <OptionsTrade mode={mode} />
      )}
    </div>
  );
}

/** Options are withheld from residents of some countries (deployment configuration). */
function NotOffered({ message, country }: { message: string | null; country: string | null }) {
  const { t } = useTranslation("options");
  const navigate = useNavigate();
  return (
    <div className={styles.notOffered} data-testid="options-not-offered">
      <Result status="info" title={t("notOffered.title")} description={message ?? t("notOffered.fallback")} />
      <div className={styles.notOfferedText}>
        {country ? <p>{t("notOffered.country", { country })}</p> : null}
        <p>{t("notOffered.why")}</p>
        <p>{t("notOffered.others")}</p>
      </div>
      <div className={styles.notOfferedActions}>
        <Button block color="primary" onClick={() => navigate(routes.spot)}>
          {t("notOffered.spot")}
        </Button>
        <Button block onClick={() => navigate(routes.market)}>
          {t("notOffered.market")}
        </Button>
      </div>
    </div>
  );
}

function OptionsTrade({ mode }: { mode: OptionMode }) {
  const { t } = useTranslation("options");
  const [params, setParams] = useSearchParams();
  const requested = (params.get("symbol") ?? DEFAULT_SYMBOL).toUpperCase();
  // Orders being counted down: bought here, or found open on the server (e.g. after a reload).
  const [watched, setWatched] = useState<OptionOrder[]>([]);
  // Only the shown symbol and the watched orders' follow the ticks (the picker follows its
  // own list while open).
  const catalogue = useSymbols();
  const shown = shownOption(catalogue.data ?? [], requested)?.symbol ?? requested;
  const live = useMemo(() => [...new Set([shown, ...watched.map((o) => o.symbol)])].sort(), [shown, watched]);
  const symbols = useLiveSymbols(undefined, live);
  const list = symbols.data ?? [];
  const info = shownOption(list, requested);
  const symbol = info?.symbol ?? requested;
  const settings = useOptionSettings(symbol, !!info);
  const bySymbol = useMemo(() => new Map(list.map((s) => [s.symbol, s])), [list]);
  const watch = (orders: OptionOrder[]) =>
    setWatched((w) => {
      const extra = orders.filter((o) => o.mode === mode && !w.some((x) => x.id === o.id));
      return extra.length ? [...extra, ...w] : w;
    });

  const setSymbol = (s: string) => {
    const next = new URLSearchParams(params);
    next.set("symbol", s);
    setParams(next, { replace: true });
  };

  if (symbols.isPending) return <CenteredLoading />;
  if (symbols.isError || !info) return <LoadFailed onRetry={() => void symbols.refetch()} hint={t("loadFailedHint")} />;
  if (settings.error instanceof ApiError && settings.error.code === 403) {
    return <NotOffered message={settings.error.message} country={null} />;
  }
  return (
    <>
      <MarketHead info={info} symbols={list} onSymbol={setSymbol} watched={watched} />
      {settings.isPending ? (
        <CenteredLoading />
      ) : settings.isError ? (
        <LoadFailed onRetry={() => void settings.refetch()} hint={t("loadFailedHint")} />
      ) : settings.data.length === 0 ? (
        <EmptyState title={t("noPeriods", { symbol: `${info.base}/${info.quote}` })} description={t("noPeriodsHint")} />
      ) : (
        <OrderForm
          key={`${symbol}-${mode}`}
          info={info}
          settings={settings.data}
          mode={mode}
          onBought={(o) => watch([o])}
        />
      )}
      <OptionOrders
        mode={mode}
        bySymbol={bySymbol}
        watched={watched}
        onFound={watch}
        onDone={(id) => setWatched((w) => w.filter((o) => o.id !== id))}
      />
    </>
  );
}

function MarketHead({
  info,
  symbols,
  onSymbol,
  watched,
}: {
  info: LiveSymbol;
  symbols: LiveSymbol[];
  onSymbol: (s: string) => void;
  watched: OptionOrder[];
}) {
  const { t } = useTranslation("options");
  const css = getComputedStyle(document.documentElement);
  const colours = {
    up: css.getPropertyValue("--candor-up").trim(),
    down: css.getPropertyValue("--candor-down").trim(),
  };
  const lines = watched
    .filter((o) => o.symbol === info.symbol)
    .map((o) => ({
      price: o.openPrice,
      color: o.direction === "up" ? colours.up : colours.down,
      title: o.direction === "up" ? "↑" : "↓",
    }));
  return (
    <section className={styles.market}>
      <div className={styles.marketRow}>
        <SymbolPicker
          symbols={symbols}
          value={info.symbol}
          onChange={onSymbol}
          title={t("chooseSymbol")}
          classLabels={{ crypto: t("classes.crypto"), metal: t("classes.metal"), forex: t("classes.forex") }}
        />
        <SimulatedBadge simulated={info.simulated} />
      </div>
      <div className={styles.priceRow}>
        <strong className={styles.bigPrice} data-testid="option-price">
          <PriceText value={info.price} precision={info.pricePrecision} direction={info.direction} ts={info.ts} />
        </strong>
        <ChangeTag value={info.change24h} />
        {!info.marketOpen ? <Tag color="default">{t("marketClosed")}</Tag> : null}
      </div>
      <LiveChart symbol={info.symbol} price={info.price} ts={info.ts} precision={info.pricePrecision} lines={lines} />
    </section>
  );
}

function OrderForm({
  info,
  settings,
  mode,
  onBought,
}: {
  info: LiveSymbol;
  settings: OptionSetting[];
  mode: OptionMode;
  onBought: (order: OptionOrder) => void;
}) {
  const { t } = useTranslation("options");
  const navigate = useNavigate();
  const currency = modeCurrency(mode);
  const [setId, setSetId] = useState(settings[0]?.id ?? 0);
  const setting = settings.find((s) => s.id === setId) ?? settings[0];
  const [amount, setAmount] = useState("");
  const [touched, setTouched] = useState(false);
  const [requestId, setRequestId] = useState(newRequestId);
  const balance = useStakeBalance(mode);
  const buy = useBuyOption();
  const lossLine = useLossLine("options");

  if (!setting) return null;
  const problem = amountProblem(amount, stakeRules(setting, balance.available));
  const preview = stakePreview(amount, setting.payoutRate);
  const price = showAmount(info.price, info.pricePrecision);
  const canBuy = problem === null && info.marketOpen && info.price !== null && !buy.isPending;

  const submit = async (direction: OptionOrder["direction"]) => {
    setTouched(true);
    if (!canBuy || !preview) return;
    const confirmed = await Dialog.confirm({
      title: t("confirm.title", { direction: t(`direction.${direction}`) }),
      content: (
        <div className={styles.confirm} data-testid="option-confirm">
          <p>
            {t(`confirm.${direction}`, {
              price,
              seconds: setting.periodSeconds,
              payout: showAmount(preview.winPayout, 2),
              currency,
            })}
          </p>
          <p>{t("confirm.lose", { amount: showAmount(preview.loss, 2), currency })}</p>
          <p>{t("confirm.draw")}</p>
          <p className={styles.muted}>{t("confirm.openPrice")}</p>
          <LossRateDialogLine line={lossLine} how={t("disclosure:how")} />
        </div>
      ),
      confirmText: t("confirm.buy", { direction: t(`direction.${direction}`) }),
      cancelText: t("common:cancel"),
    });
    if (!confirmed) return;
    try {
      const order = await buy.mutateAsync({
        symbol: info.symbol,
        setId: setting.id,
        direction,
        amount: amount.trim(),
        mode,
        clientRequestId: requestId,
      });
      setRequestId(newRequestId());
      onBought(order);
    } catch {
      // The API client showed the server's message; the amount stays as typed.
    }
  };

  return (
    <section className={styles.form} aria-label={t("formTitle")}>
      <fieldset className={styles.fieldset}>
        <legend className={styles.sectionTitle}>{t("period")}</legend>
        <div className={styles.periods}>
          {settings.map((s) => (
            <button
              key={s.id}
              type="button"
              aria-pressed={s.id === setting.id}
              className={`${styles.period} ${s.id === setting.id ? styles.periodActive : ""}`}
              onClick={() => setSetId(s.id)}
              data-period={s.periodSeconds}
            >
              <strong>{t("periodShort", { seconds: s.periodSeconds })}</strong>
              <span className={styles.rate}>{t("profitRate", { rate: ratePercent(s.payoutRate) })}</span>
            </button>
          ))}
        </div>
      </fieldset>

      <div className={styles.amountHead}>
        <label htmlFor="option-amount" className={styles.sectionTitle}>
          {t("amount")}
        </label>
        <span className={styles.muted}>
          {t("available")}{" "}
          <span data-testid="option-available">
            {balance.available === null ? "--" : showAmount(balance.available, 2)}
          </span>{" "}
          {currency}
        </span>
      </div>
      <div className={`${styles.amountBox} ${touched && problem ? styles.amountBad : ""}`}>
        <Input
          id="option-amount"
          aria-label={t("amount")}
          inputMode="decimal"
          placeholder={t("amountPlaceholder", {
            min: typedAmount(setting.minAmount, 2),
            max: typedAmount(setting.maxAmount, 2),
          })}
          value={amount}
          onChange={(v) => {
            setAmount(cleanDecimalInput(v));
            setTouched(true);
          }}
          clearable
        />
        <span className={styles.unit}>{currency}</span>
      </div>
      <p className={styles.limits}>
        {t("limits", { min: showAmount(setting.minAmount, 2), max: showAmount(setting.maxAmount, 2), currency })}
      </p>
      {touched && problem ? (
        <p className={styles.error} role="alert">
          {amountProblemText(t, problem, currency, { prefix: "amountProblem", show: (v) => showAmount(v, 2) })}
          {problem.kind === "insufficient" && mode === "real" ? (
            <Button size="mini" fill="none" color="primary" onClick={() => navigate(routes.deposit)}>
              {t("deposit")}
            </Button>
          ) : null}
        </p>
      ) : null}

      <div className={styles.preview} data-testid="option-preview" aria-live="polite">
        {preview ? (
          <>
            <p>
              {t("preview.win", {
                seconds: setting.periodSeconds,
                payout: showAmount(preview.winPayout, 2),
                profit: showAmount(preview.profit, 2),
                currency,
              })}
            </p>
            <p>{t("preview.lose", { amount: showAmount(preview.loss, 2), currency })}</p>
            <p>{t("preview.draw")}</p>
            <p className={styles.muted}>{t("preview.openPrice", { price })}</p>
          </>
        ) : (
          <p className={styles.muted}>{t("preview.empty")}</p>
        )}
      </div>

      <div className={styles.buttons}>
        <Button
          className={styles.up}
          block
          size="large"
          disabled={!canBuy}
          loading={buy.isPending && buy.variables?.direction === "up"}
          onClick={() => void submit("up")}
        >
          {t("buyUp")}
        </Button>
        <Button
          className={styles.down}
          block
          size="large"
          disabled={!canBuy}
          loading={buy.isPending && buy.variables?.direction === "down"}
          onClick={() => void submit("down")}
        >
          {t("buyDown")}
        </Button>
      </div>
      {!info.marketOpen ? <p className={styles.muted}>{t("marketClosedHint")}</p> : null}

      <aside className={styles.risk} aria-label={t("risk.title")}>
        <strong>{t("risk.title")}</strong>
        <p>{t("risk.text")}</p>
        <LossRateNote product="options" />
      </aside>
    </section>
  );
}
