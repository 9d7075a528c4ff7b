// Before a futures position opens (issue 35 §11): the form's preview list, and the sheet that
// confirms it — what is opened, what it costs, the expected result at the take-profit and
// stop-loss prices, the live loss figure, and "don't ask again on this device" (undone in
// My → Settings, lib/trade-prefs.ts).
import type { Direction, OpenPreview, PriceOutcome } from "@candor/domain";
import { Button, Checkbox } from "antd-mobile";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { LazyPopup } from "../../components/lazy-popup";
import { plainAmount, showAmount } from "../../lib/format";
import { LossRateNote } from "../disclosure";
import styles from "./contracts.module.css";
import { signedResult } from "./futures-positions";

export interface OpenSummary {
  symbol: string;
  direction: Direction;
  margin: string;
  leverage: number;
  currency: string;
  precision: number;
  preview: OpenPreview;
  takeProfit: PriceOutcome | null;
  stopLoss: PriceOutcome | null;
}

/** "+98.95 USDT" or "−30.99 USDT": the net result at a level, both fees included. */
export function LevelResult({ outcome, currency }: { outcome: PriceOutcome; currency: string }) {
  const up = !outcome.net.startsWith("-");
  return (
    <span className={up ? styles.up : styles.down}>
      {signedResult(outcome.net)} {currency}
    </span>
  );
}

/** The form's "before you open" list: the domain's preview, and the results at the TP/SL prices when set. */
export function OpenPreviewList({
  preview,
  expected,
  precision,
  base,
  currency,
}: {
  preview: OpenPreview | null;
  expected: { takeProfit: PriceOutcome | null; stopLoss: PriceOutcome | null } | null;
  precision: number;
  base: string;
  currency: string;
}) {
  const { t } = useTranslation("contracts");
  return (
    <>
      <dl className={styles.preview} aria-label={t("preview")} data-testid="futures-preview">
        <dt>{t("openPrice")}</dt>
        <dd>{preview ? showAmount(preview.openPrice, precision) : "--"}</dd>
        <dt>{t("quantity")}</dt>
        <dd>{preview ? `${plainAmount(preview.quantity)} ${base}` : "--"}</dd>
        <dt>{t("notional")}</dt>
        <dd>{preview ? showAmount(preview.notional, 2) : "--"}</dd>
        <dt>{t("openingFee")}</dt>
        <dd>{preview ? showAmount(preview.openingFee, 4) : "--"}</dd>
        <dt>{t("totalCost")}</dt>
        <dd>{preview ? `${showAmount(preview.totalCost, 4)} ${currency}` : "--"}</dd>
        <dt>{t("closeOutPrice")}</dt>
        <dd data-testid="preview-close-out">{preview ? showAmount(preview.closeOutPrice, precision) : "--"}</dd>
        {expected?.takeProfit ? (
          <>
            <dt>{t("expected.atTakeProfit")}</dt>
            <dd data-testid="expected-tp">
              <LevelResult outcome={expected.takeProfit} currency={currency} />
            </dd>
          </>
        ) : null}
        {expected?.stopLoss ? (
          <>
            <dt>{t("expected.atStopLoss")}</dt>
            <dd data-testid="expected-sl">
              <LevelResult outcome={expected.stopLoss} currency={currency} />
            </dd>
          </>
        ) : null}
      </dl>
      {expected?.takeProfit || expected?.stopLoss ? <p className={styles.muted}>{t("expected.note")}</p> : null}
    </>
  );
}

export function OpenConfirmSheet({
  summary,
  busy,
  onCancel,
  onConfirm,
}: {
  /** The position to confirm; null: the sheet is closed. */
  summary: OpenSummary | null;
  busy: boolean;
  onCancel: () => void;
  onConfirm: (dontAskAgain: boolean) => void;
}) {
  const { t } = useTranslation("contracts");
  const [dontAsk, setDontAsk] = useState(false);
  const s = summary;
  return (
    <LazyPopup
      visible={s !== null}
      onMaskClick={onCancel}
      onClose={onCancel}
      bodyStyle={{ borderRadius: "12px 12px 0 0", maxHeight: "90vh", display: "flex", flexDirection: "column" }}
    >
      {s ? (
        <div
          className={styles.confirmSheet}
          role="dialog"
          aria-label={t("confirmSheet.title")}
          data-testid="open-confirm"
        >
          {/* The summary scrolls on a short screen; the choice and the buttons stay in view. */}
          <div className={styles.confirmBody}>
            <h3>
              {t("confirmSheet.heading", {
                direction: t(s.direction === "long" ? "long" : "short"),
                symbol: s.symbol,
              })}
            </h3>
            <dl className={styles.preview}>
              <dt>{t("direction")}</dt>
              <dd>{t(s.direction)}</dd>
              <dt>{t("margin")}</dt>
              <dd>
                {showAmount(s.margin, 2)} {s.currency}
              </dd>
              <dt>{t("leverage")}</dt>
              <dd>{s.leverage}x</dd>
              <dt>{t("quantity")}</dt>
              <dd data-testid="confirm-quantity">{s.preview.quantity}</dd>
              <dt>{t("notional")}</dt>
              <dd>{showAmount(s.preview.notional, 2)}</dd>
              <dt>{t("openingFee")}</dt>
              <dd data-testid="confirm-fee">
                {showAmount(s.preview.openingFee, 4)} {s.currency}
              </dd>
              <dt>{t("openPrice")}</dt>
              <dd data-testid="confirm-open-price">≈ {showAmount(s.preview.openPrice, s.precision)}</dd>
              <dt>{t("closeOutPrice")}</dt>
              <dd>{showAmount(s.preview.closeOutPrice, s.precision)}</dd>
              <dt>{t("takeProfit")}</dt>
              <dd data-testid="confirm-tp">
                {s.takeProfit ? (
                  <>
                    {showAmount(s.takeProfit.price, s.precision)} →{" "}
                    <LevelResult outcome={s.takeProfit} currency={s.currency} />
                  </>
                ) : (
                  t("confirmSheet.notSet")
                )}
              </dd>
              <dt>{t("stopLoss")}</dt>
              <dd data-testid="confirm-sl">
                {s.stopLoss ? (
                  <>
                    {showAmount(s.stopLoss.price, s.precision)} →{" "}
                    <LevelResult outcome={s.stopLoss} currency={s.currency} />
                  </>
                ) : (
                  t("confirmSheet.notSet")
                )}
              </dd>
            </dl>
            {s.takeProfit || s.stopLoss ? <p className={styles.muted}>{t("expected.note")}</p> : null}
            <LossRateNote product="futures" className={styles.risk} />
          </div>
          <div className={styles.confirmFoot}>
            <Checkbox checked={dontAsk} onChange={setDontAsk}>
              {t("confirmSheet.dontAsk")}
            </Checkbox>
            <div className={styles.sheetButtons}>
              <Button block onClick={onCancel}>
                {t("common:cancel")}
              </Button>
              <Button
                block
                className={s.direction === "long" ? "btn-up" : "btn-down"}
                loading={busy}
                onClick={() => onConfirm(dontAsk)}
                data-testid="confirm-open"
              >
                {t(s.direction === "long" ? "confirmSheet.confirmLong" : "confirmSheet.confirmShort")}
              </Button>
            </div>
          </div>
        </div>
      ) : null}
    </LazyPopup>
  );
}
