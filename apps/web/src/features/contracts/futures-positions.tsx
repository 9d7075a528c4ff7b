// The futures positions: an open position's card (live P&L, TP/SL editor, close) and a
// closed position's row, and the TP/SL inputs the trading panel shares with the editor.

import type { PositionRecord } from "@candor/contract";
import { contractPaths } from "@candor/contract/paths";
import { dec, sumAmounts, tpSlProblem } from "@candor/domain";
import { Button, Dialog, Input, Tag } from "antd-mobile";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { LazyPopup } from "../../components/lazy-popup";
import { TickSources } from "../../components/market/tick-sources";
import { api } from "../../lib/api-client";
import { formatDate, showAmount, showPercent } from "../../lib/format";
import type { LiveSymbol } from "../../lib/market/hooks";
import { showToast } from "../../lib/toast";
import styles from "./contracts.module.css";
import { livePosition } from "./live-position";

/** Optional take-profit and stop-loss price inputs. */
export function TpSlFields(props: {
  takeProfit: string;
  stopLoss: string;
  onTakeProfit: (v: string) => void;
  onStopLoss: (v: string) => void;
}) {
  const { t } = useTranslation("contracts");
  const field = (key: "takeProfit" | "stopLoss", value: string, onChange: (v: string) => void) => (
    <div className={styles.field}>
      <span>{t(key)}</span>
      <Input
        aria-label={t(key)}
        value={value}
        onChange={onChange}
        inputMode="decimal"
        placeholder={t("optional")}
        clearable
      />
    </div>
  );
  return (
    <>
      {field("takeProfit", props.takeProfit, props.onTakeProfit)}
      {field("stopLoss", props.stopLoss, props.onStopLoss)}
    </>
  );
}

function TpSlEditor({ position, info, onDone }: { position: PositionRecord; info: LiveSymbol; onDone: () => void }) {
  const { t } = useTranslation("contracts");
  const [tp, setTp] = useState(position.takeProfit ?? "");
  const [sl, setSl] = useState(position.stopLoss ?? "");
  const [busy, setBusy] = useState(false);
  const save = async () => {
    const live = livePosition(position, info.price, info.spread, info.pricePrecision);
    const problem = live
      ? tpSlProblem({
          direction: position.direction,
          exitPrice: live.currentPrice,
          closeOutPrice: position.closeOutPrice,
          takeProfit: tp.trim() || null,
          stopLoss: sl.trim() || null,
        })
      : null;
    if (problem) return showToast(t(`tpsl.${problem}`), "fail");
    setBusy(true);
    try {
      await api.post(contractPaths.updateStopLoss, {
        id: position.id,
        takeProfit: tp.trim() || null,
        stopLoss: sl.trim() || null,
      });
      showToast(t("saved"), "success");
      onDone();
    } catch {
      // shown
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className={styles.sheet}>
      <h3>{t("editTpSl")}</h3>
      <p className={styles.muted}>{t("closeOutAt", { price: position.closeOutPrice })}</p>
      <TpSlFields takeProfit={tp} stopLoss={sl} onTakeProfit={setTp} onStopLoss={setSl} />
      <Button block color="primary" loading={busy} onClick={() => void save()}>
        {t("save")}
      </Button>
    </div>
  );
}

/** A signed result: two places, or four when two would show a real loss or gain as 0.00. */
export function signedResult(value: string): string {
  const d = dec(value);
  const shown = showAmount(value, !d.isZero() && d.abs().lt("0.005") ? 4 : 2);
  return d.gt(0) ? `+${shown}` : shown;
}

export function OpenPositionCard({
  p,
  info,
  onChanged,
}: {
  p: PositionRecord;
  info: LiveSymbol | undefined;
  onChanged: () => void;
}) {
  const { t } = useTranslation("contracts");
  const [editing, setEditing] = useState(false);
  const precision = info?.pricePrecision ?? 2;
  const live = info ? livePosition(p, info.price, info.spread, precision) : null;
  const pnl = live?.pnl ?? p.pnl;
  const yld = live?.yield ?? p.yield;
  const close = async () => {
    const yes = await Dialog.confirm({
      title: t("closeTitle"),
      content: t("closeConfirm", { symbol: p.symbol, pnl: showAmount(pnl, 2), currency: p.currency }),
      confirmText: t("close"),
      cancelText: t("common:cancel"),
    });
    if (!yes) return;
    try {
      const res = await api.post(contractPaths.close, undefined, { params: { id: p.id } });
      showToast(
        t("closedWith", { pnl: `${signedResult(res.netResult)} ${p.currency}`, price: res.closePrice }),
        "success",
      );
      onChanged();
    } catch {
      onChanged();
    }
  };
  const positive = pnl !== null && !pnl.startsWith("-");
  return (
    <article className={styles.position} data-testid="open-position" data-position-id={p.id}>
      <header className={styles.positionHead}>
        <strong>{p.symbol}</strong>
        <Tag color={p.direction === "long" ? "success" : "danger"}>
          {t(p.direction)} {p.leverage}x
        </Tag>
        <span className={`${styles.pnl} ${positive ? styles.up : styles.down}`} data-testid="position-pnl">
          {pnl === null ? "--" : `${positive ? "+" : ""}${showAmount(pnl, 2)}`} (
          {yld === null ? "--" : `${showPercent(yld)}%`})
        </span>
      </header>
      <dl className={styles.grid}>
        <dt>{t("openPrice")}</dt>
        <dd>{showAmount(p.openPrice, precision)}</dd>
        <dt>{t("currentPrice")}</dt>
        <dd>{showAmount(live?.currentPrice ?? p.currentPrice, precision)}</dd>
        <dt>{t("quantity")}</dt>
        <dd>{p.quantity}</dd>
        <dt>{t("margin")}</dt>
        <dd>
          {showAmount(p.margin, 2)} {p.currency}
        </dd>
        <dt>{t("takeProfit")}</dt>
        <dd>{p.takeProfit ?? "--"}</dd>
        <dt>{t("stopLoss")}</dt>
        <dd>{p.stopLoss ?? "--"}</dd>
        <dt>{t("closeOutPrice")}</dt>
        <dd>{showAmount(p.closeOutPrice, precision)}</dd>
        <dt>{t("openedAt")}</dt>
        <dd>
          <time>{formatDate(p.openedAt)}</time>
        </dd>
      </dl>
      <div className={styles.positionActions}>
        <Button size="small" onClick={() => setEditing(true)}>
          {t("editTpSl")}
        </Button>
        <Button size="small" color="danger" onClick={() => void close()}>
          {t("close")}
        </Button>
      </div>
      <LazyPopup visible={editing} onMaskClick={() => setEditing(false)} bodyStyle={{ borderRadius: "12px 12px 0 0" }}>
        {editing && info ? (
          <TpSlEditor
            position={p}
            info={info}
            onDone={() => {
              setEditing(false);
              onChanged();
            }}
          />
        ) : null}
      </LazyPopup>
    </article>
  );
}

export function ClosedPositionRow({ p }: { p: PositionRecord }) {
  const { t } = useTranslation("contracts");
  const net = p.netResult ?? p.pnl ?? "0";
  const positive = dec(net).gt(0);
  return (
    <article className={styles.position} data-testid="closed-position">
      <header className={styles.positionHead}>
        <strong>{p.symbol}</strong>
        <Tag color={p.direction === "long" ? "success" : "danger"} fill="outline">
          {t(p.direction)} {p.leverage}x
        </Tag>
        <Tag>{t(`reasons.${p.closeReason ?? "manual"}`)}</Tag>
        <span
          className={`${styles.pnl} ${positive ? styles.up : styles.down}`}
          data-testid="closed-net-result"
          title={t("netResultHint")}
        >
          {signedResult(net)} {p.currency}
        </span>
      </header>
      <dl className={styles.grid}>
        <dt>{t("openPrice")}</dt>
        <dd>{p.openPrice}</dd>
        <dt>{t("closePrice")}</dt>
        <dd>{p.closePrice ?? "--"}</dd>
        <dt>{t("margin")}</dt>
        <dd>{showAmount(p.margin, 2)}</dd>
        <dt>{t("returned")}</dt>
        <dd>{showAmount(p.returned, 2)}</dd>
        <dt>{t("fees")}</dt>
        <dd>{showAmount(sumAmounts([p.openingFee, p.closingFee ?? "0"]), 4)}</dd>
        <dt>{t("netResult")}</dt>
        <dd>{signedResult(net)}</dd>
        <dt>{t("yield")}</dt>
        <dd>{p.yield === null ? "--" : `${showPercent(p.yield)}%`}</dd>
      </dl>
      <p className={styles.evidence} data-testid="position-evidence">
        {t("evidence", {
          openPrice: p.openTick.price,
          openTime: formatDate(p.openTick.ts),
          closePrice: p.closeTick?.price ?? "--",
          closeTime: formatDate(p.closeTick?.ts ?? null),
        })}
        {p.openPrice !== p.openTick.price || (p.closePrice !== null && p.closePrice !== p.closeTick?.price) ? (
          <>
            {" "}
            {t(p.direction === "long" ? "evidenceSpreadLong" : "evidenceSpreadShort", {
              openPrice: p.openPrice,
              closePrice: p.closePrice ?? "--",
            })}
          </>
        ) : null}
        <TickSources sources={p.openTick.sources} label={t("common:tickSources.open")} />
        <TickSources sources={p.closeTick?.sources} label={t("common:tickSources.close")} />
      </p>
    </article>
  );
}
