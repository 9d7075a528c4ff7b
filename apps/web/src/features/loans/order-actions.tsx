// Money actions on a running loan, each in a bottom sheet and then a confirmation with
// the figures: repay (the whole amount owed now, or part of it: interest first, then
// principal) and, for a pledge loan, add collateral (the new LTV and liquidation price at
// the live price shown before confirming).
import type { LoanOrderDetail } from "@candor/contract";
import { dec } from "@candor/domain";
import { Button, Dialog, Input } from "antd-mobile";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { LazyPopup } from "../../components/lazy-popup";
import { typedAmount } from "../../lib/format";
import { showToast } from "../../lib/toast";
import { amountProblem, cleanDecimalInput, newRequestId } from "../../lib/trading/amount";
import { useAddCollateral, useBalances, useRepay } from "./api";
import {
  collateralAfter,
  loanToValue,
  money,
  owedAfter,
  percent,
  placesOf,
  plain,
  priceAtLtv,
  price as showPrice,
} from "./loan-logic";
import { Rows } from "./parts";
import styles from "./styles";

type Mode = "whole" | "partial";

export function RepaySheet({
  order: o,
  open,
  onClose,
}: {
  order: LoanOrderDetail;
  open: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation("loans");
  const c = o.currency;
  const [mode, setMode] = useState<Mode>("whole");
  const [amount, setAmount] = useState("");
  const [requestId, setRequestId] = useState(newRequestId);
  const balances = useBalances(open);
  const repay = useRepay();
  const available = balances.data ? (balances.data.find((b) => b.currency === c)?.available ?? "0") : null;
  const pay = mode === "whole" ? o.outstanding : amount;
  const issue =
    mode === "partial" && amount !== ""
      ? amountProblem(amount, { places: placesOf(c), max: o.outstanding, available })
      : null;
  const short = available !== null && mode === "whole" && dec(available).lt(o.outstanding);
  const left = owedAfter(o.outstanding, pay);
  const canPay = !repay.isPending && !short && (mode === "whole" || (amount !== "" && issue === null));

  const submit = async () => {
    if (!canPay) return;
    const returned = o.type === "pledge" && mode === "whole";
    const confirmed = await Dialog.confirm({
      title: t("repay.confirmTitle"),
      content: (
        <div data-testid="repay-confirm">
          <Rows
            rows={[
              [t("repay.paying"), `${money(pay, c)} ${c}`],
              [t("detail.interestOwed"), `${money(o.interestOutstanding, c)} ${c}`],
              [t("detail.principalOwed"), `${money(o.principalOutstanding, c)} ${c}`],
              [t("repay.leftAfter"), `${money(left, c)} ${c}`],
              ...(returned
                ? ([[t("repay.collateralBack"), `${plain(o.collateralAmount)} ${o.collateralCurrency ?? ""}`]] as [
                    string,
                    string,
                  ][])
                : []),
            ]}
          />
          <p className={styles.muted} style={{ marginTop: 8 }}>
            {t("repay.order")}
          </p>
        </div>
      ),
      confirmText: t("repay.confirm"),
      cancelText: t("common:cancel"),
    });
    if (!confirmed) return;
    try {
      const result = await repay.mutateAsync({
        id: o.id,
        amount: mode === "whole" ? undefined : amount.trim(),
        requestId,
      });
      setRequestId(newRequestId());
      setAmount("");
      onClose();
      showToast(
        dec(result.collateralReturned).gt(0)
          ? t("repay.doneCollateral", {
              paid: money(result.paid, c),
              currency: c,
              collateral: plain(result.collateralReturned),
              collateralCurrency: o.collateralCurrency ?? "",
            })
          : t("repay.done", { paid: money(result.paid, c), currency: c, left: money(result.outstanding, c) }),
        "success",
        3000,
      );
    } catch {
      // The API client showed the server's message.
    }
  };

  return (
    <LazyPopup visible={open} onMaskClick={onClose} onClose={onClose} bodyStyle={{ borderRadius: "12px 12px 0 0" }}>
      <section className={styles.sheet} aria-label={t("repay.title")} data-testid="repay-sheet">
        <h2 className={styles.sectionTitle}>{t("repay.title")}</h2>
        <div className={styles.chips} style={{ marginBottom: 10 }}>
          {(["whole", "partial"] as const).map((m) => (
            <button key={m} type="button" className={styles.chip} aria-pressed={mode === m} onClick={() => setMode(m)}>
              {t(`repay.${m}`)}
            </button>
          ))}
        </div>
        {mode === "partial" ? (
          <div className={styles.amountRow}>
            <Input
              className={styles.amount}
              aria-label={t("repay.amountIn", { currency: c })}
              inputMode="decimal"
              placeholder={t("repay.upTo", { amount: typedAmount(o.outstanding, placesOf(c)) })}
              value={amount}
              onChange={(v) => setAmount(cleanDecimalInput(v))}
            />
            <span>{c}</span>
          </div>
        ) : null}
        {issue ? (
          <p className={styles.error} role="alert">
            {issue.kind === "aboveMax"
              ? t("repay.aboveOwed", { max: plain(o.outstanding), currency: c })
              : issue.kind === "insufficient"
                ? t("apply.insufficient", { available: plain(issue.available), currency: c })
                : t("apply.invalid")}
          </p>
        ) : null}
        {short ? (
          <p className={styles.error} role="alert">
            {t("repay.short", { available: plain(available), currency: c })}
          </p>
        ) : null}
        <Rows
          rows={[
            [t("owedNow"), `${money(o.outstanding, c)} ${c}`, "repay-owed"],
            [t("available"), `${money(available, c)} ${c}`, "repay-available"],
            [t("repay.leftAfter"), left ? `${money(left, c)} ${c}` : "--"],
          ]}
        />
        <p className={styles.muted} style={{ marginTop: 8 }}>
          {o.type === "pledge" ? t("repay.pledgeNote") : t("repay.order")}
        </p>
        <Button
          block
          color="primary"
          size="large"
          style={{ marginTop: 12 }}
          disabled={!canPay}
          loading={repay.isPending}
          onClick={() => void submit()}
        >
          {mode === "whole" ? t("repay.payWhole") : t("repay.payPart")}
        </Button>
      </section>
    </LazyPopup>
  );
}

export function AddCollateralSheet({
  order: o,
  livePrice,
  open,
  onClose,
}: {
  order: LoanOrderDetail;
  livePrice: string | null;
  open: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation("loans");
  const cc = o.collateralCurrency ?? "";
  const [amount, setAmount] = useState("");
  const [requestId, setRequestId] = useState(newRequestId);
  const balances = useBalances(open);
  const add = useAddCollateral();
  const available = balances.data ? (balances.data.find((b) => b.currency === cc)?.available ?? "0") : null;
  const issue = amount === "" ? null : amountProblem(amount, { places: placesOf(cc), available });
  const after = issue === null && amount !== "" ? collateralAfter(o.collateralAmount, amount) : null;
  const priceNow = livePrice ?? o.collateralPrice;
  const ltvAfter = after ? loanToValue(o.outstanding, after, priceNow) : null;
  const liquidationAfter = after ? priceAtLtv(o.outstanding, after, o.liquidationLtv) : null;
  const canAdd = !add.isPending && after !== null;

  const rows: [string, string, string?][] = [
    [t("collateral.now"), `${plain(o.collateralAmount)} ${cc}`],
    [t("available"), `${plain(available)} ${cc}`, "collateral-available"],
    [t("collateral.after"), after ? `${plain(after)} ${cc}` : "--"],
    [t("collateral.ltvAfter"), ltvAfter ? `${percent(ltvAfter, 2)}%` : "--", "collateral-ltv-after"],
    [t("collateral.liquidationAfter"), liquidationAfter ? `${showPrice(liquidationAfter)} ${o.currency}` : "--"],
  ];

  const submit = async () => {
    if (!canAdd) return;
    const confirmed = await Dialog.confirm({
      title: t("collateral.confirmTitle"),
      content: (
        <div data-testid="collateral-confirm">
          <Rows rows={[[t("collateral.adding"), `${plain(amount)} ${cc}`], ...rows.filter((_, i) => i !== 1)]} />
          <p className={styles.muted} style={{ marginTop: 8 }}>
            {t("collateral.note")}
          </p>
        </div>
      ),
      confirmText: t("collateral.confirm"),
      cancelText: t("common:cancel"),
    });
    if (!confirmed) return;
    try {
      const result = await add.mutateAsync({ id: o.id, amount: amount.trim(), requestId });
      setRequestId(newRequestId());
      setAmount("");
      onClose();
      showToast(
        t("collateral.done", { amount: plain(result.collateralAmount), currency: cc, ltv: percent(result.ltv, 2) }),
        "success",
        3000,
      );
    } catch {
      // The API client showed the server's message.
    }
  };

  return (
    <LazyPopup visible={open} onMaskClick={onClose} onClose={onClose} bodyStyle={{ borderRadius: "12px 12px 0 0" }}>
      <section className={styles.sheet} aria-label={t("collateral.add")} data-testid="collateral-sheet">
        <h2 className={styles.sectionTitle}>{t("collateral.add")}</h2>
        <div className={styles.amountRow}>
          <Input
            className={styles.amount}
            aria-label={t("collateralIn", { currency: cc })}
            inputMode="decimal"
            placeholder="0"
            value={amount}
            onChange={(v) => setAmount(cleanDecimalInput(v))}
          />
          <span>{cc}</span>
        </div>
        {issue ? (
          <p className={styles.error} role="alert">
            {issue.kind === "insufficient"
              ? t("apply.insufficient", { available: plain(issue.available), currency: cc })
              : issue.kind === "precision"
                ? t("apply.precision", { places: issue.places })
                : t("apply.invalid")}
          </p>
        ) : null}
        <Rows rows={rows} />
        <p className={styles.muted} style={{ marginTop: 8 }}>
          {t("collateral.note")}
        </p>
        <Button
          block
          color="primary"
          size="large"
          style={{ marginTop: 12 }}
          disabled={!canAdd}
          loading={add.isPending}
          onClick={() => void submit()}
        >
          {t("collateral.add")}
        </Button>
      </section>
    </LazyPopup>
  );
}
