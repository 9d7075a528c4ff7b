// The spot order form: side, market or limit, quantity (or a share of the balance), a
// preview of what the order costs or pays at the current bid or ask with the disclosed
// spread, and a confirmation before it is placed (spot-screen.tsx shows it).
import type { SpotSettings } from "@candor/contract";
import { quoteFromMid } from "@candor/domain";
import { Button, Dialog, Input } from "antd-mobile";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { routes } from "../../app/routes";
import { plainAmount, showAmount } from "../../lib/format";
import type { LiveSymbol } from "../../lib/market/hooks";
import { showToast } from "../../lib/toast";
import { cleanDecimalInput, newRequestId } from "../../lib/trading/amount";
import { LossRateDialogLine, LossRateNote, useLossLine } from "../disclosure";
import { type PairBalances, type SpotMode, usePairBalances, usePlaceOrder } from "./api";
import styles from "./spot.module.css";
import {
  checkOrder,
  maxQuantity,
  type OrderType,
  previewPrice,
  type Side,
  type SpotProblem,
  shareOf,
  showExact,
  spotPreview,
  spreadPercent,
} from "./spot-logic";

const SHARES = [25, 50, 75, 100] as const;

type T = (key: string, options?: Record<string, unknown>) => string;

export function problemText(t: T, p: SpotProblem, currency: string): string {
  switch (p.kind) {
    case "belowMin":
      return t("problem.belowMin", { min: plainAmount(p.min), currency });
    case "aboveMax":
      return t("problem.aboveMax", { max: plainAmount(p.max), currency });
    case "insufficient":
      return t("problem.insufficient", { available: plainAmount(p.available), currency });
    case "precision":
      return t("problem.precision", { places: p.places });
    case "minNotional":
      return t("problem.minNotional", { min: plainAmount(p.min), currency: p.currency });
    default:
      return t(`problem.${p.kind}`);
  }
}

export function OrderForm({ info, settings, mode }: { info: LiveSymbol; settings: SpotSettings; mode: SpotMode }) {
  const { t } = useTranslation("spot");
  const lossLine = useLossLine("all");
  const navigate = useNavigate();
  const precision = settings.symbols.find((s) => s.symbol === info.symbol);
  const qtyPrecision = precision?.qtyPrecision ?? info.qtyPrecision;
  const pricePrecision = precision?.pricePrecision ?? info.pricePrecision;
  const base = mode === "demo" ? `V${info.base}` : info.base;
  const quoteCcy = mode === "demo" ? `V${info.quote}` : info.quote;
  const [side, setSide] = useState<Side>("buy");
  const [type, setType] = useState<OrderType>("market");
  const [quantity, setQuantity] = useState("");
  const [limitPrice, setLimitPrice] = useState("");
  const [touched, setTouched] = useState({ quantity: false, price: false });
  const [requestId, setRequestId] = useState(newRequestId);
  const balances: PairBalances = usePairBalances(base, quoteCcy, mode);
  const place = usePlaceOrder();

  const q = info.price ? quoteFromMid(info.price, info.spread, pricePrecision) : null;
  const input = {
    side,
    type,
    quantity,
    limitPrice,
    bid: q?.bid ?? null,
    ask: q?.ask ?? null,
    feeRate: settings.feeRate,
  };
  const preview = spotPreview(input);
  const checks = checkOrder({
    ...input,
    pricePrecision,
    qtyPrecision,
    minNotional: settings.minNotional,
    quoteCurrency: quoteCcy,
    availableBase: balances.base,
    availableQuote: balances.quote,
  });
  const valid = checks.quantity === null && checks.price === null && preview !== null;
  const canSubmit = valid && info.marketOpen && !place.isPending;
  const max = maxQuantity(
    side,
    side === "buy" ? balances.quote : balances.base,
    previewPrice(input),
    settings.feeRate,
    qtyPrecision,
  );
  const qtyCurrency = (p: SpotProblem) => (p.kind === "insufficient" && side === "buy" ? quoteCcy : base);

  const change = (next: Partial<{ side: Side; type: OrderType }>) => {
    if (next.side) setSide(next.side);
    if (next.type) {
      setType(next.type);
      // Start a limit at the current price the order would get.
      if (next.type === "limit" && limitPrice === "" && q) setLimitPrice(side === "buy" ? q.bid : q.ask);
    }
  };

  const submit = async () => {
    setTouched({ quantity: true, price: true });
    if (!canSubmit || !preview) return;
    const sideWord = t(side === "buy" ? "buyBase" : "sellBase", { base: info.base });
    const confirmed = await Dialog.confirm({
      title: sideWord,
      content: (
        <dl className={styles.confirm} data-testid="spot-confirm">
          <div>
            <dt>{t("orderType")}</dt>
            <dd>{t(`type.${type}`)}</dd>
          </div>
          <div>
            <dt>{type === "limit" ? t("limitPrice") : t(side === "buy" ? "aboutAsk" : "aboutBid")}</dt>
            <dd>{showAmount(preview.price, pricePrecision)}</dd>
          </div>
          <div>
            <dt>{t("quantity")}</dt>
            <dd>
              {quantity} {base}
            </dd>
          </div>
          <div>
            <dt>{t("fee")}</dt>
            <dd>
              {showExact(preview.fee)} {quoteCcy}
            </dd>
          </div>
          <div>
            <dt>{t(side === "buy" ? "cost" : "proceeds")}</dt>
            <dd>
              <strong>
                {showExact(preview.total)} {quoteCcy}
              </strong>
            </dd>
          </div>
          <p className={styles.muted}>{t(type === "limit" ? `limitNote.${side}` : "marketNote")}</p>
          <LossRateDialogLine line={lossLine} how={t("disclosure:how")} />
        </dl>
      ),
      confirmText: sideWord,
      cancelText: t("common:cancel"),
    });
    if (!confirmed) return;
    try {
      const order = await place.mutateAsync({
        symbol: info.symbol,
        side,
        type,
        quantity: quantity.trim(),
        price: type === "limit" ? limitPrice.trim() : undefined,
        mode,
        clientRequestId: requestId,
      });
      setRequestId(newRequestId());
      setQuantity("");
      setTouched({ quantity: false, price: false });
      showToast(
        order.status === "filled"
          ? t("filledToast", {
              quantity: plainAmount(order.quantity),
              base: info.base,
              price: showAmount(order.price, pricePrecision),
            })
          : t("placedToast"),
        "success",
      );
    } catch {
      // The API client showed the server's message; what was typed stays.
    }
  };

  return (
    <section className={styles.form} aria-label={t("formTitle")}>
      <div className={styles.sides} role="tablist" aria-label={t("side")}>
        {(["buy", "sell"] as const).map((s) => (
          <button
            key={s}
            type="button"
            role="tab"
            aria-selected={side === s}
            className={`${styles.sideTab} ${side === s ? styles[`side_${s}`] : ""}`}
            onClick={() => change({ side: s })}
          >
            {t(s === "buy" ? "buy" : "sell")}
          </button>
        ))}
      </div>
      <div className={styles.types} role="tablist" aria-label={t("orderType")}>
        {(["market", "limit"] as const).map((k) => (
          <button
            key={k}
            type="button"
            role="tab"
            aria-selected={type === k}
            className={`${styles.typeTab} ${type === k ? styles.typeActive : ""}`}
            onClick={() => change({ type: k })}
          >
            {t(`type.${k}`)}
          </button>
        ))}
      </div>

      {type === "limit" ? (
        <Field
          id="spot-price"
          label={t("limitPrice")}
          unit={quoteCcy}
          value={limitPrice}
          onChange={(v) => {
            setLimitPrice(v);
            setTouched((x) => ({ ...x, price: true }));
          }}
          problem={touched.price && checks.price ? problemText(t, checks.price, quoteCcy) : null}
          hint={t(`limitNote.${side}`)}
          placeholder={t("pricePlaceholder", { places: pricePrecision })}
        />
      ) : (
        <p className={styles.marketPrice}>
          {t(side === "buy" ? "marketBuyAt" : "marketSellAt", {
            price: showAmount(side === "buy" ? q?.ask : q?.bid, pricePrecision),
            quote: quoteCcy,
          })}
        </p>
      )}

      <Field
        id="spot-quantity"
        label={t("quantity")}
        unit={base}
        value={quantity}
        onChange={(v) => {
          setQuantity(v);
          setTouched((x) => ({ ...x, quantity: true }));
        }}
        problem={
          touched.quantity && checks.quantity ? problemText(t, checks.quantity, qtyCurrency(checks.quantity)) : null
        }
        placeholder={t("quantityPlaceholder", { places: qtyPrecision })}
      />
      <div className={styles.shares}>
        {SHARES.map((p) => (
          <button
            key={p}
            type="button"
            className={styles.share}
            disabled={max === null || max === "0"}
            onClick={() => {
              if (max === null) return;
              setQuantity(shareOf(max, p, qtyPrecision));
              setTouched((x) => ({ ...x, quantity: true }));
            }}
          >
            {p === 100 ? t("max") : `${p}%`}
          </button>
        ))}
      </div>

      <dl className={styles.balances}>
        <div>
          <dt>{t("available")}</dt>
          <dd data-testid="spot-available-quote">
            {showAmount(balances.quote, 2)} {quoteCcy}
          </dd>
        </div>
        <div>
          <dt>{t("available")}</dt>
          <dd data-testid="spot-available-base">
            {showAmount(balances.base, qtyPrecision)} {base}
          </dd>
        </div>
      </dl>
      {balances.isError ? (
        <Button size="mini" fill="none" color="primary" onClick={balances.refetch}>
          {t("balancesRetry")}
        </Button>
      ) : null}

      <dl className={styles.preview} data-testid="spot-preview" aria-live="polite">
        <div>
          <dt>{t(type === "market" ? (side === "buy" ? "aboutAsk" : "aboutBid") : "limitPrice")}</dt>
          <dd>{showAmount(previewPrice(input), pricePrecision)}</dd>
        </div>
        <div>
          <dt>{t("value")}</dt>
          <dd>{preview ? `${showExact(preview.notional)} ${quoteCcy}` : "--"}</dd>
        </div>
        <div>
          <dt>{t("feeWithRate", { rate: spreadPercent(settings.feeRate) })}</dt>
          <dd>{preview ? `${showExact(preview.fee)} ${quoteCcy}` : "--"}</dd>
        </div>
        <div className={styles.total}>
          <dt>{t(side === "buy" ? "cost" : "proceeds")}</dt>
          <dd data-testid="spot-total">{preview ? `${showExact(preview.total)} ${quoteCcy}` : "--"}</dd>
        </div>
      </dl>
      <p className={styles.muted}>{t("minimum", { min: plainAmount(settings.minNotional), currency: quoteCcy })}</p>

      <Button
        block
        size="large"
        className={side === "buy" ? styles.buyButton : styles.sellButton}
        disabled={!canSubmit}
        loading={place.isPending}
        onClick={() => void submit()}
      >
        {t(side === "buy" ? "buyBase" : "sellBase", { base: info.base })}
      </Button>
      {!info.marketOpen ? <p className={styles.muted}>{t("marketClosedHint")}</p> : null}
      {mode === "real" && balances.quote === "0" && balances.base === "0" ? (
        <Button block fill="none" color="primary" onClick={() => navigate(routes.deposit)}>
          {t("deposit")}
        </Button>
      ) : null}
      <p className={styles.risk}>{t("risk")}</p>
      <LossRateNote product="all" className={styles.risk} />
    </section>
  );
}

function Field({
  id,
  label,
  unit,
  value,
  onChange,
  problem,
  hint,
  placeholder,
}: {
  id: string;
  label: string;
  unit: string;
  value: string;
  onChange: (v: string) => void;
  problem: string | null;
  hint?: string;
  placeholder?: string;
}) {
  return (
    <div className={styles.field}>
      <label htmlFor={id} className={styles.label}>
        {label}
      </label>
      <div className={`${styles.inputBox} ${problem ? styles.inputBad : ""}`}>
        <Input
          id={id}
          aria-label={label}
          inputMode="decimal"
          value={value}
          placeholder={placeholder}
          onChange={(v) => onChange(cleanDecimalInput(v))}
          clearable
        />
        <span className={styles.unit}>{unit}</span>
      </div>
      {problem ? (
        <p className={styles.error} role="alert">
          {problem}
        </p>
      ) : hint ? (
        <p className={styles.hint}>{hint}</p>
      ) : null}
    </div>
  );
}
