// /shandui (a tab of the bottom bar): swap one currency for another at the live rate.
// Before confirming, the customer sees the rate, what the spread costs, what arrives and
// both balances before and after — all from the server's quote.
import type { FlashCurrency, FlashQuote } from "@candor/contract";
import { Button, Dialog, DotLoading, Input } from "antd-mobile";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { routes } from "../../app/routes";
import { EmptyState } from "../../components/empty-state";
import { PageHeader } from "../../components/page-header";
import { ApiError } from "../../lib/api-client";
import { moneyPlaces, plainAmount, showAmount } from "../../lib/format";
import { showToast } from "../../lib/toast";
import { type AmountProblem, cleanDecimalInput, newRequestId } from "../../lib/trading/amount";
import { useBalances, useFlashCurrencies, useFlashExchange, useFlashQuote } from "./api";
import { CurrencyButton, CurrencySheet } from "./currency-sheet";
import styles from "./exchange.module.css";
import {
  allAmount,
  canonicalAmount,
  defaultPair,
  exchangeProblem,
  inverseRate,
  pickCurrency,
  precisionOf,
  showRate,
  spreadText,
} from "./exchange-logic";

const TYPING_PAUSE_MS = 350;

function useDebounced<T>(value: T, ms: number): T {
  const [v, setV] = useState(value);
  useEffect(() => {
    const id = setTimeout(() => setV(value), ms);
    return () => clearTimeout(id);
  }, [value, ms]);
  return v;
}

export default function ExchangeScreen() {
  const { t } = useTranslation("exchange");
  const navigate = useNavigate();
  const currencies = useFlashCurrencies();
  return (
    <div className={styles.page}>
      <PageHeader
        back={false}
        title={t("routes:flashExchange")}
        right={
          <button type="button" className={styles.recordsLink} onClick={() => navigate(routes.exchangeRecords)}>
            {t("records")}
          </button>
        }
      />
      {currencies.isPending ? (
        <div className={styles.center}>
          <DotLoading color="primary" />
        </div>
      ) : currencies.isError ? (
        <EmptyState kind="error" title={t("common:loadFailed")} description={t("loadFailedHint")}>
          <Button color="primary" onClick={() => void currencies.refetch()}>
            {t("common:retry")}
          </Button>
        </EmptyState>
      ) : currencies.data.length < 2 ? (
        <EmptyState title={t("noCurrencies")} description={t("noCurrenciesHint")} />
      ) : (
        <ExchangeForm currencies={currencies.data} />
      )}
    </div>
  );
}

function problemText(t: (k: string, o?: Record<string, unknown>) => string, p: AmountProblem, currency: string) {
  switch (p.kind) {
    case "insufficient":
      return t("problem.insufficient", { available: plainAmount(p.available), currency });
    case "precision":
      return t("problem.precision", { places: p.places });
    default:
      return t(`problem.${p.kind === "belowMin" || p.kind === "aboveMax" ? "invalid" : p.kind}`);
  }
}

function ExchangeForm({ currencies }: { currencies: FlashCurrency[] }) {
  const { t } = useTranslation("exchange");
  const [pair, setPair] = useState(() => defaultPair(currencies));
  const [amount, setAmount] = useState("");
  const [picking, setPicking] = useState<"from" | "to" | null>(null);
  const [requestId, setRequestId] = useState(newRequestId);
  const balances = useBalances();
  const exchange = useFlashExchange();

  const available = (c: string) =>
    balances.data ? (balances.data.find((b) => b.currency === c)?.available ?? "0") : null;
  const fromPrecision = precisionOf(currencies, pair.from);
  const fromPlaces = moneyPlaces(pair.from);
  const toPlaces = moneyPlaces(pair.to);
  const fromAvailable = available(pair.from);
  const problem = amount === "" ? null : exchangeProblem(amount, fromPrecision, fromAvailable);
  const typed = useDebounced(amount.trim().replace(/\.$/, ""), TYPING_PAUSE_MS);
  const quoteAmount = typed !== "" && exchangeProblem(typed, fromPrecision, null) === null ? typed : null;
  const quote = useFlashQuote(pair.from, pair.to, quoteAmount);
  const current = quote.data && quote.data.amount === canonicalAmount(amount) ? quote.data : null;
  const quoteError = quote.error instanceof ApiError && quote.error.kind === "api" ? quote.error.message : null;
  const canExchange = current !== null && problem === null && current.sufficient && !exchange.isPending;

  const submit = async () => {
    if (!current || !canExchange) return;
    const confirmed = await Dialog.confirm({
      title: t("confirm.title"),
      content: <QuoteFacts quote={current} fromPlaces={fromPlaces} toPlaces={toPlaces} compact />,
      confirmText: t("confirm.ok"),
      cancelText: t("common:cancel"),
    });
    if (!confirmed) return;
    try {
      const record = await exchange.mutateAsync({
        from: pair.from,
        to: pair.to,
        amount: amount.trim(),
        clientRequestId: requestId,
      });
      setRequestId(newRequestId());
      setAmount("");
      showToast(
        t("done", {
          amount: showAmount(record.amount, fromPlaces),
          from: record.from,
          received: showAmount(record.received, toPlaces),
          to: record.to,
        }),
        "success",
        3000,
      );
    } catch {
      // The API client showed the server's message (e.g. not enough balance); the amount stays.
    }
  };

  return (
    <section className={styles.form}>
      <div className={styles.card}>
        <div className={styles.cardHead}>
          <span className={styles.label}>{t("from")}</span>
          <span className={styles.muted}>
            {t("available")} <span data-testid="exchange-available-from">{showAmount(fromAvailable, fromPlaces)}</span>{" "}
            {pair.from}
          </span>
        </div>
        <div className={styles.row}>
          <CurrencyButton
            currency={pair.from}
            label={t("chooseFrom")}
            onClick={() => setPicking("from")}
            testId="exchange-from"
          />
          <Input
            className={styles.amount}
            aria-label={t("amount")}
            inputMode="decimal"
            placeholder={t("amountPlaceholder")}
            value={amount}
            onChange={(v) => setAmount(cleanDecimalInput(v))}
          />
          <button
            type="button"
            className={styles.all}
            onClick={() => setAmount(allAmount(fromAvailable, fromPrecision))}
            disabled={!fromAvailable || fromAvailable === "0"}
          >
            {t("all")}
          </button>
        </div>
        {problem ? (
          <p className={styles.error} role="alert">
            {problemText(t, problem, pair.from)}
          </p>
        ) : quoteError && quoteAmount !== null ? (
          <p className={styles.error} role="alert">
            {quoteError}
          </p>
        ) : null}
      </div>

      <div className={styles.swapRow}>
        <button
          type="button"
          className={styles.swap}
          aria-label={t("swap")}
          onClick={() => setPair({ from: pair.to, to: pair.from })}
        >
          <svg width="20" height="20" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden>
            <path d="M7 4v16M7 20l-4-4M17 20V4M17 4l4 4" strokeLinecap="round" strokeLinejoin="round" />
          </svg>
        </button>
      </div>

      <div className={styles.card}>
        <div className={styles.cardHead}>
          <span className={styles.label}>{t("to")}</span>
          <span className={styles.muted}>
            {t("available")} {showAmount(available(pair.to), toPlaces)} {pair.to}
          </span>
        </div>
        <div className={styles.row}>
          <CurrencyButton
            currency={pair.to}
            label={t("chooseTo")}
            onClick={() => setPicking("to")}
            testId="exchange-to"
          />
          <output className={styles.received} data-testid="exchange-received" aria-label={t("youReceive")}>
            {current ? showAmount(current.received, toPlaces) : "--"}
          </output>
        </div>
      </div>

      <div className={styles.quote} data-testid="exchange-quote" aria-live="polite">
        {current ? (
          <QuoteFacts quote={current} fromPlaces={fromPlaces} toPlaces={toPlaces} />
        ) : quoteAmount !== null && quote.isFetching ? (
          <div className={styles.center}>
            <DotLoading />
          </div>
        ) : (
          <p className={styles.muted}>{t("quoteEmpty")}</p>
        )}
      </div>
      {current && !current.sufficient && !problem ? (
        <p className={styles.error} role="alert">
          {t("problem.insufficient", { available: plainAmount(current.fromBalanceBefore), currency: current.from })}
        </p>
      ) : null}

      <Button
        block
        color="primary"
        size="large"
        disabled={!canExchange}
        loading={exchange.isPending}
        onClick={() => void submit()}
      >
        {t("exchange")}
      </Button>
      <p className={styles.note}>{t("note")}</p>

      <CurrencySheet
        open={picking !== null}
        title={picking === "to" ? t("chooseTo") : t("chooseFrom")}
        currencies={currencies}
        selected={picking === "to" ? pair.to : pair.from}
        onClose={() => setPicking(null)}
        onPick={(c) => {
          if (picking) setPair(pickCurrency(pair, picking, c));
          setPicking(null);
        }}
      />
    </section>
  );
}

function QuoteFacts({
  quote,
  fromPlaces,
  toPlaces,
  compact = false,
}: {
  quote: FlashQuote;
  /** Display precision of each currency (moneyPlaces). */
  fromPlaces: number;
  toPlaces: number;
  compact?: boolean;
}) {
  const { t } = useTranslation("exchange");
  const inverse = inverseRate(quote.rate);
  const fromIsCheaper = Number(quote.rate) < 1;
  return (
    <dl className={styles.facts} data-testid={compact ? "exchange-confirm" : undefined}>
      <div>
        <dt>{t("rate")}</dt>
        <dd data-testid="exchange-rate">
          {fromIsCheaper && inverse
            ? t("rateLine", { from: quote.to, rate: showRate(inverse), to: quote.from })
            : t("rateLine", { from: quote.from, rate: showRate(quote.rate), to: quote.to })}
        </dd>
      </div>
      <div>
        <dt>{t("midRate")}</dt>
        <dd>
          {fromIsCheaper
            ? t("rateLine", {
                from: quote.to,
                rate: showRate(inverseRate(quote.midRate) ?? "0"),
                to: quote.from,
              })
            : t("rateLine", { from: quote.from, rate: showRate(quote.midRate), to: quote.to })}
        </dd>
      </div>
      <div>
        <dt>{t("spreadCost")}</dt>
        <dd data-testid="exchange-spread">
          {t("spreadLine", {
            percent: spreadText(quote.spreadCost),
            amount: showAmount(quote.spreadCostAmount, toPlaces),
            currency: quote.to,
          })}
        </dd>
      </div>
      <div className={styles.strong}>
        <dt>{t("youPay")}</dt>
        <dd>
          {showAmount(quote.amount, fromPlaces)} {quote.from}
        </dd>
      </div>
      <div className={styles.strong}>
        <dt>{t("youReceive")}</dt>
        <dd>
          {showAmount(quote.received, toPlaces)} {quote.to}
        </dd>
      </div>
      <div>
        <dt>{t("balanceOf", { currency: quote.from })}</dt>
        <dd data-testid="exchange-from-balance">
          {showAmount(quote.fromBalanceBefore, fromPlaces)} → {showAmount(quote.fromBalanceAfter, fromPlaces)}
        </dd>
      </div>
      <div>
        <dt>{t("balanceOf", { currency: quote.to })}</dt>
        <dd data-testid="exchange-to-balance">
          {showAmount(quote.toBalanceBefore, toPlaces)} → {showAmount(quote.toBalanceAfter, toPlaces)}
        </dd>
      </div>
      {compact ? <p className={styles.muted}>{t("confirm.note")}</p> : null}
    </dl>
  );
}
