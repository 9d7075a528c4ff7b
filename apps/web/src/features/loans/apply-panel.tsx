// The calculator and application form of one loan product: amount and term give the
// interest (amount × daily rate × (days − interest-free days)) and what is repaid at the
// end; a pledge loan adds the collateral currency, the collateral needed for the initial LTV
// at the live price, the LTV of what the customer puts up, and the margin-call and
// liquidation prices. Every figure is repeated in the confirmation dialog. "Use minimum" fills
// the collateral that puts the LTV a safety margin below the initial LTV; when the price moved
// and the server refuses, its refusal carries the new minimum and the form offers it in one tap.
import type { LoanSet, MyLoanInfo, PledgeLtvRefusal } from "@candor/contract";
import { dec } from "@candor/domain";
import { Button, Dialog, Input } from "antd-mobile";
import { type ReactNode, useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { routes, withQuery } from "../../app/routes";
import { ApiError, authRedirect } from "../../lib/api-client";
import { formatDate, typedAmount } from "../../lib/format";
import { showToast } from "../../lib/toast";
import { amountProblem, amountProblemText, cleanDecimalInput, newRequestId } from "../../lib/trading/amount";
import { useBalances, useCollateralPrice, useCreditApply, usePledgeApply } from "./api";
import {
  loanCalc,
  loanToValue,
  money,
  percent,
  placesOf,
  plain,
  priceAtLtv,
  price as showPrice,
  suggestedCollateral,
  suggestedLtv,
} from "./loan-logic";
import { Rows } from "./parts";
import styles from "./styles";

type Row = [ReactNode, ReactNode, string?];

/** The server's refusal of a pledge for too little collateral, with the minimum at its bid. */
function refusalOffer(err: unknown, collateralCurrency: string): PledgeLtvRefusal | null {
  if (!(err instanceof ApiError) || err.code !== 400) return null;
  const d = err.details as Partial<PledgeLtvRefusal> | null;
  if (!d || typeof d.minCollateral !== "string" || d.collateralCurrency !== collateralCurrency) return null;
  if (typeof d.collateralPrice !== "string") return null;
  return d as PledgeLtvRefusal;
}

/** Keyed by the product id by its caller: another product starts from a fresh form. */
export function ApplyPanel({ set, info }: { set: LoanSet; info: MyLoanInfo | undefined }) {
  const { t } = useTranslation("loans");
  const navigate = useNavigate();
  const pledge = set.type === "pledge";
  const currency = set.currency;
  const [amount, setAmount] = useState("");
  const [days, setDays] = useState<number>(set.days[0] ?? 0);
  const [collateralCurrency, setCollateralCurrency] = useState<string>(set.collateralCurrencies?.[0] ?? "");
  const [collateral, setCollateralValue] = useState("");
  const [offer, setOffer] = useState<PledgeLtvRefusal | null>(null);
  const setCollateral = (value: string) => {
    setCollateralValue(value);
    setOffer(null);
  };
  const [requestId, setRequestId] = useState(newRequestId);
  const balances = useBalances(pledge);
  const live = useCollateralPrice(pledge ? collateralCurrency : null, currency);
  const creditApply = useCreditApply();
  const pledgeApply = usePledgeApply();
  const pending = creditApply.isPending || pledgeApply.isPending;

  const maxAmount =
    !pledge && info && dec(info.creditAvailable).lt(set.maxAmount) ? info.creditAvailable : set.maxAmount;
  const amountIssue =
    amount === "" ? null : amountProblem(amount, { places: placesOf(currency), min: set.minAmount, max: maxAmount });
  const amountOk = amount !== "" && amountIssue === null;
  const calc = amountOk ? loanCalc(amount, set.dailyRate, days, set.interestFreeDays, currency) : null;

  const collateralAvailable = pledge
    ? balances.data
      ? (balances.data.find((b) => b.currency === collateralCurrency)?.available ?? "0")
      : null
    : null;
  const needed = amountOk ? suggestedCollateral(amount, live.price, set.initialLtv, collateralCurrency) : null;
  const collateralIssue =
    !pledge || collateral === ""
      ? null
      : amountProblem(collateral, { places: placesOf(collateralCurrency), available: collateralAvailable });
  const collateralOk = pledge && collateral !== "" && collateralIssue === null;
  const ltv = amountOk && collateralOk ? loanToValue(amount, collateral, live.price) : null;
  const ltvTooHigh = ltv !== null && set.initialLtv !== undefined && dec(ltv).gt(set.initialLtv);
  const marginCallPrice = amountOk && collateralOk ? priceAtLtv(amount, collateral, set.marginCallLtv) : null;
  const liquidationPrice = amountOk && collateralOk ? priceAtLtv(amount, collateral, set.liquidationLtv) : null;

  const canApply =
    amountOk &&
    days > 0 &&
    !pending &&
    (!pledge || (collateralOk && ltv !== null && !ltvTooHigh && live.price !== null));

  const termRows: Row[] = [
    [t("dailyRate"), t("perDay", { rate: percent(set.dailyRate) })],
    [t("interestFreeDays"), t("days", { count: set.interestFreeDays })],
    [t("apply.chargeableDays"), calc ? t("days", { count: calc.chargeableDays }) : "--"],
    [t("apply.totalInterest"), calc ? `${money(calc.totalInterest, currency)} ${currency}` : "--", "calc-interest"],
    [t("apply.repayAtEnd"), calc ? `${money(calc.repayAtEnd, currency)} ${currency}` : "--", "calc-repay"],
    [t("overdueRate"), t("perDay", { rate: percent(set.overdueRate) })],
  ];
  const pledgeRows: Row[] = pledge
    ? [
        [
          t("apply.livePrice", { symbol: `${collateralCurrency}/${currency}` }),
          live.price ? `${showPrice(live.price)} ${currency}` : t("apply.noPrice"),
          "calc-price",
        ],
        [
          t("apply.suggestedCollateral", {
            ltv: percent(suggestedLtv(set.initialLtv), 2),
            max: percent(set.initialLtv),
          }),
          needed ? `${plain(needed)} ${collateralCurrency}` : "--",
          "calc-min-collateral",
        ],
        [t("apply.yourLtv"), ltv ? `${percent(ltv, 2)}%` : "--", "calc-ltv"],
        [
          t("apply.marginCallPrice", { ltv: percent(set.marginCallLtv) }),
          marginCallPrice ? `${showPrice(marginCallPrice)} ${currency}` : "--",
        ],
        [
          t("apply.liquidationPrice", { ltv: percent(set.liquidationLtv) }),
          liquidationPrice ? `${showPrice(liquidationPrice)} ${currency}` : "--",
          "calc-liquidation-price",
        ],
      ]
    : [];

  const submit = async () => {
    if (!canApply || !calc) return;
    const rows: Row[] = [
      [t("product"), set.name],
      [t("amount"), `${money(amount, currency)} ${currency}`],
      [t("term"), t("days", { count: days })],
      ...termRows,
      ...(pledge
        ? ([
            [t("apply.collateral"), `${plain(collateral)} ${collateralCurrency}`],
            [
              t("apply.priceAt", { time: formatDate(live.ts ?? Date.now(), "dateTime") }),
              `${showPrice(live.price)} ${currency}`,
            ],
            [t("apply.yourLtv"), ltv ? `${percent(ltv, 2)}%` : "--"],
            pledgeRows[3] as Row,
            pledgeRows[4] as Row,
          ] as Row[])
        : []),
    ];
    const confirmed = await Dialog.confirm({
      title: t("apply.confirmTitle"),
      content: (
        <div data-testid="loan-confirm">
          <Rows rows={rows} />
          <p className={styles.muted} style={{ marginTop: 8 }}>
            {pledge ? t("apply.confirmPledge") : t("apply.confirmCredit")}
          </p>
        </div>
      ),
      confirmText: t("apply.confirm"),
      cancelText: t("common:cancel"),
    });
    if (!confirmed) return;
    try {
      const result = pledge
        ? await pledgeApply.mutateAsync({
            setId: set.id,
            amount: amount.trim(),
            days,
            collateralCurrency,
            collateralAmount: collateral.trim(),
            requestId,
          })
        : await creditApply.mutateAsync({ setId: set.id, amount: amount.trim(), days, requestId });
      setRequestId(newRequestId());
      navigate(withQuery(routes.loanOrders, { id: result.id }));
    } catch (err) {
      // The figures stay for another try. A credit application's failure was shown by the API
      // client; a pledge's is shown here: a refusal for too little collateral (the price moved)
      // as the offer of the new minimum, anything else as the server's message.
      if (!pledge) return;
      const found = refusalOffer(err, collateralCurrency);
      setOffer(found);
      if (found) return;
      if (err instanceof ApiError && err.code === 401) authRedirect.toLogin();
      else showToast(err instanceof Error ? err.message : t("common:error"), "fail");
    }
  };

  return (
    <section className={styles.card} aria-label={t("apply.title")} data-testid="loan-apply">
      <h2 className={styles.sectionTitle}>{t("apply.title")}</h2>
      <div className={styles.amountRow}>
        <Input
          className={styles.amount}
          aria-label={t("amountIn", { currency })}
          inputMode="decimal"
          placeholder={t("range", { min: typedAmount(set.minAmount), max: typedAmount(maxAmount), currency })}
          value={amount}
          onChange={(v) => {
            setAmount(cleanDecimalInput(v));
            setOffer(null);
          }}
        />
        <span>{currency}</span>
      </div>
      {amountIssue ? (
        <p className={styles.error} role="alert">
          {amountProblemText(t, amountIssue, currency, { prefix: "apply", show: plain, fallback: "apply.invalid" })}
        </p>
      ) : null}
      {!pledge && info && dec(info.creditAvailable).lte(0) ? (
        <p className={styles.error} role="alert">
          {t("apply.noCredit")}
        </p>
      ) : null}

      <fieldset className={styles.field} style={{ border: 0, padding: 0, margin: "0 0 10px" }}>
        <legend className={styles.fieldLabel}>{t("term")}</legend>
        <div className={styles.chips}>
          {set.days.map((d) => (
            <button key={d} type="button" className={styles.chip} aria-pressed={d === days} onClick={() => setDays(d)}>
              {t("days", { count: d })}
            </button>
          ))}
        </div>
      </fieldset>

      {pledge ? (
        <>
          <fieldset className={styles.field} style={{ border: 0, padding: 0, margin: "0 0 10px" }}>
            <legend className={styles.fieldLabel}>{t("apply.collateralCurrency")}</legend>
            <div className={styles.chips}>
              {(set.collateralCurrencies ?? []).map((c) => (
                <button
                  key={c}
                  type="button"
                  className={styles.chip}
                  aria-pressed={c === collateralCurrency}
                  onClick={() => {
                    setCollateralCurrency(c);
                    setCollateral("");
                  }}
                >
                  {c}
                </button>
              ))}
            </div>
          </fieldset>
          <div className={styles.amountRow}>
            <Input
              className={styles.amount}
              aria-label={t("collateralIn", { currency: collateralCurrency })}
              inputMode="decimal"
              placeholder={needed ? t("apply.atLeast", { amount: typedAmount(needed) }) : t("apply.collateralHint")}
              value={collateral}
              onChange={(v) => setCollateral(cleanDecimalInput(v))}
            />
            <span>{collateralCurrency}</span>
            <button
              type="button"
              className={styles.link}
              disabled={!needed}
              onClick={() => needed && setCollateral(typedAmount(needed))}
            >
              {t("apply.useMinimum")}
            </button>
          </div>
          {collateralIssue ? (
            <p className={styles.error} role="alert">
              {amountProblemText(t, collateralIssue, collateralCurrency, {
                prefix: "apply",
                show: plain,
                fallback: "apply.invalid",
              })}
            </p>
          ) : null}
          {offer ? (
            <div className={styles.offer} role="alert" data-testid="pledge-offer">
              <p>
                {t("apply.priceMoved", {
                  price: showPrice(offer.collateralPrice),
                  currency,
                  amount: plain(offer.minCollateral),
                  coin: offer.collateralCurrency,
                })}
              </p>
              <Button
                size="small"
                color="primary"
                fill="outline"
                onClick={() => setCollateral(offer.minCollateral)}
                data-testid="use-offer"
              >
                {t("apply.useOffer", { amount: plain(offer.minCollateral), coin: offer.collateralCurrency })}
              </Button>
            </div>
          ) : null}
          {ltvTooHigh ? (
            <p className={styles.error} role="alert">
              {t("apply.ltvTooHigh", {
                ltv: percent(set.initialLtv),
                amount: plain(needed),
                currency: collateralCurrency,
              })}
            </p>
          ) : null}
          <Rows
            rows={[
              [
                t("apply.collateralAvailable"),
                `${plain(collateralAvailable)} ${collateralCurrency}`,
                "collateral-available",
              ],
            ]}
          />
        </>
      ) : null}

      <Rows rows={[...termRows, ...pledgeRows]} />
      {pledge ? (
        <p className={styles.muted} style={{ marginTop: 8 }}>
          {t("apply.liveNote")}
        </p>
      ) : (
        <p className={styles.muted} style={{ marginTop: 8 }}>
          {t("apply.creditNote")}
        </p>
      )}
      <Button
        block
        color="primary"
        size="large"
        style={{ marginTop: 12 }}
        disabled={!canApply}
        loading={pending}
        onClick={() => void submit()}
      >
        {pledge ? t("apply.borrowPledge") : t("apply.applyCredit")}
      </Button>
    </section>
  );
}
