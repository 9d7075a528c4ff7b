// One loan: what it costs and what is owed now; for a running pledge loan the LTV at the
// live price (recomputed here on every tick, the server's figures refreshed every few
// seconds) with the margin-call banner, adding collateral and repaying; the status history
// with reasons, the repayments, and the ticks that decided a margin call or liquidation.

import type { LoanOrderDetail } from "@candor/contract";
import { Button } from "antd-mobile";
import { type CSSProperties, type ReactNode, useState } from "react";
import { useTranslation } from "react-i18next";
import { EmptyState } from "../../components/empty-state";
import { formatDate } from "../../lib/format";
import { useCollateralPrice, useLoanOrder } from "./api";
import {
  loanToValue,
  ltvBarPercent,
  ltvStage,
  money,
  percent,
  plain,
  priceAtLtv,
  price as showPrice,
} from "./loan-logic";
import { AddCollateralSheet, RepaySheet } from "./order-actions";
import { LoanStatusChip, PledgeRiskNotice, QueryView, Rows } from "./parts";
import styles from "./styles";

export function OrderDetail({ id }: { id: number }) {
  const { t } = useTranslation("loans");
  const order = useLoanOrder(id);
  return (
    <QueryView query={order} missing={t("detail.missing")}>
      {(o) => <Detail order={o} />}
    </QueryView>
  );
}

function Detail({ order: o }: { order: LoanOrderDetail }) {
  const { t } = useTranslation("loans");
  const [sheet, setSheet] = useState<"repay" | "collateral" | null>(null);
  const running = o.status === "passed" || o.status === "overdue";
  const pledge = o.type === "pledge";
  const live = useCollateralPrice(pledge && running ? o.collateralCurrency : null, o.currency);
  const c = o.currency;

  return (
    <div className={styles.body}>
      <section className={styles.card} data-testid="loan-detail">
        <div className={styles.cardHead}>
          <h2 className={styles.name}>
            {o.set.name} · {money(o.amount, c)} {c}
          </h2>
          <LoanStatusChip status={o.status} />
        </div>
        {o.status === "rejected" && o.reason ? (
          <p className={styles.error} data-testid="loan-reason">
            {t("detail.rejectedBecause", { reason: o.reason })}
          </p>
        ) : null}
        <Rows
          rows={[
            [t("amount"), `${money(o.amount, c)} ${c}`],
            [t("term"), t("days", { count: o.days })],
            [t("dailyRate"), t("perDay", { rate: percent(o.dailyRate) })],
            [t("interestFreeDays"), t("days", { count: o.interestFreeDays })],
            [t("totalInterest"), `${money(o.totalInterest, c)} ${c}`],
            [t("overdueRate"), t("perDay", { rate: percent(o.overdueRate) })],
            [t("startAt"), formatDate(o.startAt, "dateTime")],
            [t("endAt"), formatDate(o.endAt, "dateTime")],
            // Not paid out yet (under review): nothing is owed, so no owed figures (issue 35 §5b).
            ...((o.status === "under_review"
              ? []
              : [
                  [t("detail.accruedDays"), t("days", { count: o.accruedDays })],
                  [t("detail.principalOwed"), `${money(o.principalOutstanding, c)} ${c}`, "detail-principal"],
                  [t("detail.interestOwed"), `${money(o.interestOutstanding, c)} ${c}`, "detail-interest"],
                  [t("owedNow"), <strong key="o">{`${money(o.outstanding, c)} ${c}`}</strong>, "detail-outstanding"],
                  [t("detail.interestPaid"), `${money(o.interestPaid, c)} ${c}`],
                ]) as [ReactNode, ReactNode, string?][]),
            ...(o.closedAt ? ([[t("detail.closedAt"), formatDate(o.closedAt, "dateTime")]] as [string, string][]) : []),
          ]}
        />
        {o.status === "under_review" ? (
          <p className={styles.muted} style={{ marginTop: 8 }} data-testid="detail-not-owed">
            {t("detail.notOwedYet")}
          </p>
        ) : null}
        {o.status === "overdue" ? (
          <p className={styles.error} role="alert">
            {t("detail.overdueNote", { rate: percent(o.overdueRate) })}
          </p>
        ) : null}
      </section>

      {pledge ? <CollateralCard order={o} livePrice={running ? live.price : null} liveTs={live.ts} /> : null}

      {running ? (
        <div className={styles.actions}>
          {pledge ? (
            <Button onClick={() => setSheet("collateral")} data-testid="open-add-collateral">
              {t("collateral.add")}
            </Button>
          ) : null}
          <Button color="primary" onClick={() => setSheet("repay")} data-testid="open-repay">
            {t("repay.action")}
          </Button>
        </div>
      ) : null}

      {pledge ? <PledgeRiskNotice text={o.set.riskNotice} /> : null}

      {o.liquidation ? <LiquidationCard order={o} /> : null}
      {o.evidence.length > 0 ? <EvidenceCard order={o} /> : null}
      <RepaymentsCard order={o} />
      <HistoryCard order={o} />

      <RepaySheet order={o} open={sheet === "repay"} onClose={() => setSheet(null)} />
      {pledge ? (
        <AddCollateralSheet
          order={o}
          livePrice={live.price}
          open={sheet === "collateral"}
          onClose={() => setSheet(null)}
        />
      ) : null}
    </div>
  );
}

/** Collateral, LTV bar with the thresholds, the prices that trigger them, and the margin-call banner. */
function CollateralCard({
  order: o,
  livePrice,
  liveTs,
}: {
  order: LoanOrderDetail;
  livePrice: string | null;
  liveTs: number | null;
}) {
  const { t } = useTranslation("loans");
  const cc = o.collateralCurrency ?? "";
  const running = o.status === "passed" || o.status === "overdue";
  // Between server refreshes the LTV follows the live price; the server's own figure otherwise.
  const priceNow = running && livePrice ? livePrice : o.collateralPrice;
  const ltv = running && livePrice ? loanToValue(o.outstanding, o.collateralAmount, livePrice) : o.ltv;
  const stage = ltvStage(ltv, o.marginCallLtv, o.liquidationLtv);
  const marginCallPrice = running ? priceAtLtv(o.outstanding, o.collateralAmount, o.marginCallLtv) : o.marginCallPrice;
  const liquidationPrice = running
    ? priceAtLtv(o.outstanding, o.collateralAmount, o.liquidationLtv)
    : o.liquidationPrice;
  const showBanner = running && (o.marginCall || stage !== "ok");
  const colour = stage === "ok" ? styles.ltvOk : stage === "margin_call" ? styles.ltvWarn : styles.ltvDanger;
  const bar = {
    "--mc": `${ltvBarPercent(o.marginCallLtv, o.liquidationLtv)}%`,
    "--liq": `${ltvBarPercent(o.liquidationLtv, o.liquidationLtv)}%`,
  } as CSSProperties;
  const marks: [string, string | null][] = [
    [t("ltvMarks.initial"), o.initialLtv],
    [t("ltvMarks.marginCall"), o.marginCallLtv],
    [t("ltvMarks.liquidation"), o.liquidationLtv],
  ];
  return (
    <>
      {showBanner ? (
        <section className={styles.banner} role="alert" data-testid="margin-call-banner">
          <h2>{t("marginCall.title")}</h2>
          <p>
            {t("marginCall.body", {
              ltv: percent(o.marginCallLtv),
              liquidation: percent(o.liquidationLtv),
              price: showPrice(liquidationPrice),
              currency: o.currency,
            })}
          </p>
        </section>
      ) : null}
      <section className={styles.card} aria-label={t("ltv")} data-testid="loan-ltv-card">
        <h2 className={styles.sectionTitle}>{t("collateral.title")}</h2>
        <div className={styles.line}>
          <span className={styles.muted}>{running ? t("ltvLive") : t("ltvLast")}</span>
          <span className={`${styles.ltvValue} ${colour}`} data-testid="loan-ltv">
            {ltv ? `${percent(ltv, 2)}%` : "--"}
          </span>
        </div>
        <div className={styles.ltvBar} style={bar} aria-hidden="true">
          <span className={styles.ltvFill} style={{ left: `${ltvBarPercent(ltv, o.liquidationLtv)}%` }} />
          {marks.map(([label, v]) =>
            v ? (
              <span key={label} className={styles.ltvMark} style={{ left: `${ltvBarPercent(v, o.liquidationLtv)}%` }}>
                {percent(v)}%
              </span>
            ) : null,
          )}
        </div>
        <p className={styles.muted} style={{ marginBottom: 8 }}>
          {marks
            .filter(([, v]) => v)
            .map(([label, v]) => `${label} ${percent(v)}%`)
            .join(" · ")}
        </p>
        <Rows
          rows={[
            [t("apply.collateral"), `${plain(o.collateralAmount)} ${cc}`, "detail-collateral"],
            [
              t("apply.livePrice", { symbol: `${cc}/${o.currency}` }),
              priceNow ? `${showPrice(priceNow)} ${o.currency}` : t("apply.noPrice"),
              "detail-price",
            ],
            [t("detail.priceTime"), formatDate(running && livePrice ? liveTs : o.priceTs, "dateTime")],
            [t("marginCallPrice"), `${showPrice(marginCallPrice)} ${o.currency}`],
            [t("liquidationPrice"), `${showPrice(liquidationPrice)} ${o.currency}`, "detail-liquidation-price"],
          ]}
        />
        {running ? (
          <p className={styles.muted} style={{ marginTop: 8 }}>
            {t("detail.ltvNote")}
          </p>
        ) : null}
      </section>
    </>
  );
}

function LiquidationCard({ order: o }: { order: LoanOrderDetail }) {
  const { t } = useTranslation("loans");
  const l = o.liquidation;
  if (!l) return null;
  const cc = o.collateralCurrency ?? "";
  return (
    <section className={styles.card} aria-label={t("liquidation.title")} data-testid="loan-liquidation">
      <h2 className={styles.sectionTitle}>{t("liquidation.title")}</h2>
      <Rows
        rows={[
          [t("liquidation.at"), formatDate(l.at, "dateTime")],
          [t("liquidation.price"), `${showPrice(l.price)} ${o.currency}`],
          [t("liquidation.sold"), `${plain(l.quantitySold)} ${cc}`],
          [t("liquidation.proceeds"), `${money(l.proceeds, o.currency)} ${o.currency}`],
          [t("liquidation.returned"), `${plain(l.collateralReturned)} ${cc}`],
          [t("liquidation.shortfall"), `${money(l.shortfall, o.currency)} ${o.currency}`],
        ]}
      />
      <p className={styles.muted} style={{ marginTop: 8 }}>
        {t("liquidation.note")}
      </p>
    </section>
  );
}

function EvidenceCard({ order: o }: { order: LoanOrderDetail }) {
  const { t } = useTranslation("loans");
  return (
    <section className={styles.card} aria-label={t("evidence.title")}>
      <h2 className={styles.sectionTitle}>{t("evidence.title")}</h2>
      <p className={styles.muted}>{t("evidence.hint")}</p>
      <ul className={styles.list}>
        {o.evidence.map((e) => (
          <li key={`${e.kind}-${e.ts}`} data-testid="loan-evidence">
            <div className={styles.line}>
              <strong>{t(`evidence.kind.${e.kind}`)}</strong>
              <time>{formatDate(e.ts, "dateTime")}</time>
            </div>
            <div className={styles.inputs}>
              {t("evidence.tick", {
                symbol: e.symbol,
                price: showPrice(e.price),
                bid: showPrice(e.bid),
                ask: showPrice(e.ask),
                ltv: percent(e.ltv, 2),
              })}
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}

function RepaymentsCard({ order: o }: { order: LoanOrderDetail }) {
  const { t } = useTranslation("loans");
  const c = o.currency;
  return (
    <section className={styles.card} aria-label={t("repayments.title")}>
      <h2 className={styles.sectionTitle}>{t("repayments.title")}</h2>
      {o.repayments.length === 0 ? (
        <EmptyState title={t("repayments.none")} description={t("repayments.noneHint")} />
      ) : (
        <ul className={styles.list}>
          {o.repayments.map((r) => (
            <li key={r.id} data-testid="loan-repayment">
              <div className={styles.line}>
                <strong>{t(`repayments.kind.${r.kind}`)}</strong>
                <span>
                  {money(r.amount, c)} {c}
                </span>
              </div>
              <div className={styles.inputs}>
                {formatDate(r.at, "dateTime")} ·{" "}
                {t("repayments.split", {
                  interest: money(r.interest, c),
                  principal: money(r.principal, c),
                  currency: c,
                })}
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function HistoryCard({ order: o }: { order: LoanOrderDetail }) {
  const { t } = useTranslation("loans");
  return (
    <section className={styles.card} aria-label={t("history.title")}>
      <h2 className={styles.sectionTitle}>{t("history.title")}</h2>
      {o.history.length === 0 ? (
        <p className={styles.muted}>{t("history.none")}</p>
      ) : (
        <ol className={styles.timeline}>
          {o.history.map((h, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: the history is append-only, in order
            <li key={i} data-testid="loan-history">
              <div className={styles.line}>
                <strong>{t(`events.${h.event}`, { defaultValue: t(`status.${h.status}`) })}</strong>
                <time className={styles.muted}>{formatDate(h.at, "dateTime")}</time>
              </div>
              {h.reason ? <p className={styles.muted}>{t("history.reason", { reason: h.reason })}</p> : null}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
