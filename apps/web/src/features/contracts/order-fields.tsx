// The futures form's order fields: direction, margin (with the quick shares of the
// available balance), leverage (capped per symbol) and TP/SL. Their own memo component:
// none of them changes with a tick, so Preact skips them when a price moves (issue 37:
// each tick of the chosen symbol re-rendered the whole form, the leverage slider's
// gesture set-up included, 20–30 ms of a slow phone's main thread several times a second).
import { type Direction, marginForShare } from "@candor/domain";
import { Input, Slider } from "antd-mobile";
import { memo } from "react";
import { useTranslation } from "react-i18next";
import { showAmount } from "../../lib/format";
import styles from "./contracts.module.css";
import { TpSlFields } from "./futures-positions";

export const OrderFields = memo(function OrderFields({
  direction,
  onDirection,
  currency,
  available,
  margin,
  onMargin,
  leverage,
  maxLeverage,
  onLeverage,
  openFeeRate,
  takeProfit,
  stopLoss,
  onTakeProfit,
  onStopLoss,
}: {
  direction: Direction;
  onDirection: (d: Direction) => void;
  currency: string;
  /** The balance margin can come from; null until known (the quick shares wait for it). */
  available: string | null;
  margin: string;
  onMargin: (v: string) => void;
  leverage: number;
  /** The symbol's cap; null while the symbol loads (the slider's place is kept). */
  maxLeverage: number | null;
  onLeverage: (v: number) => void;
  openFeeRate: string;
  takeProfit: string;
  stopLoss: string;
  onTakeProfit: (v: string) => void;
  onStopLoss: (v: string) => void;
}) {
  const { t } = useTranslation("contracts");
  return (
    <>
      <fieldset className={styles.directions} aria-label={t("direction")}>
        <button
          type="button"
          aria-pressed={direction === "long"}
          className={direction === "long" ? styles.longOn : styles.longOff}
          onClick={() => onDirection("long")}
        >
          {t("buyLong")}
        </button>
        <button
          type="button"
          aria-pressed={direction === "short"}
          className={direction === "short" ? styles.shortOn : styles.shortOff}
          onClick={() => onDirection("short")}
        >
          {t("sellShort")}
        </button>
      </fieldset>
      <div className={styles.field}>
        <span>
          {t("marginLabel", { currency })}
          <small className={styles.muted}>
            {" "}
            · {t("availableAmount", { amount: available === null ? "--" : showAmount(available, 2), currency })}
          </small>
        </span>
        <Input
          aria-label={t("marginLabel", { currency })}
          value={margin}
          onChange={onMargin}
          inputMode="decimal"
          placeholder="0.00"
          clearable
        />
      </div>
      {/* Shown (disabled) before the balance is known, so nothing below moves when it arrives. */}
      <div className={styles.quick}>
        {[25, 50, 75, 100].map((pct) => (
          <button
            key={pct}
            type="button"
            disabled={available === null}
            onClick={() => {
              if (available === null) return;
              // Leave room for the opening fee so "100%" can actually be opened.
              onMargin(marginForShare(available, pct, leverage, openFeeRate));
            }}
          >
            {pct}%
          </button>
        ))}
      </div>
      <div className={styles.field}>
        <span>
          {t("leverage")}: <strong data-testid="leverage-value">{leverage}x</strong>{" "}
          {maxLeverage !== null ? (
            <small className={styles.muted}>{t("maxLeverage", { leverage: maxLeverage })}</small>
          ) : null}
        </span>
        {maxLeverage === null ? (
          // The slider's place while the symbol loads (no layout shift when it appears).
          <div className={styles.sliderSpace} />
        ) : maxLeverage > 1 ? (
          <Slider
            min={1}
            max={maxLeverage}
            step={1}
            value={leverage}
            onChange={(v) => onLeverage(Array.isArray(v) ? (v[0] ?? 1) : v)}
            aria-label={t("leverage")}
          />
        ) : (
          <p className={styles.muted}>{t("noLeverage")}</p>
        )}
      </div>
      <div className={styles.pair}>
        <TpSlFields takeProfit={takeProfit} stopLoss={stopLoss} onTakeProfit={onTakeProfit} onStopLoss={onStopLoss} />
      </div>
    </>
  );
});
