// /tixian: withdraw to a bound wallet or bank card. The fee comes out of the amount,
// the amount is held at once, and the customer can cancel while it is under review.
import type { PayoutAccount, WithdrawalApplied } from "@candor/contract";
import { Decimal, dec } from "@candor/domain";
import { Button, DotLoading, Input, Radio, Space } from "antd-mobile";
import { useMemo, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate, useSearchParams } from "react-router";
import { EmptyState } from "../../components/empty-state";
import { PageHeader } from "../../components/page-header";
import { api } from "../../lib/api-client";
import { showMoney } from "../../lib/format";
import { showToast } from "../../lib/toast";
import { newRequestId, usePayoutAccounts, useWithdrawalInfo, WALLET_PATHS } from "./api";
import { CurrencySelector } from "./currency-selector";
import styles from "./wallet.module.css";

export function accountLabel(a: PayoutAccount): string {
  if (a.type === "wallet") return `${a.currency} · ${a.network} · ${a.address?.slice(0, 6)}…${a.address?.slice(-4)}`;
  return `${a.bankName} · ${a.realName} · ****${a.account?.slice(-4)}`;
}

/** What the customer receives: amount − fee, never below zero; null while the amount is not a number. */
export function receiveAmount(amount: string, fee: string, precision: number): string | null {
  try {
    const r = dec(amount.trim()).minus(fee);
    return r.isNeg() ? "0" : r.toDecimalPlaces(precision, Decimal.ROUND_DOWN).toFixed();
  } catch {
    return null;
  }
}

export default function WithdrawScreen() {
  const { t } = useTranslation("wallet");
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [currency, setCurrency] = useState(params.get("currency")?.toUpperCase() ?? "USDT");
  const info = useWithdrawalInfo(currency);
  const accounts = usePayoutAccounts();
  const [accountId, setAccountId] = useState<number | null>(null);
  const [amount, setAmount] = useState("");
  const [password, setPassword] = useState("");
  const [busy, setBusy] = useState(false);
  const requestId = useRef(newRequestId());

  const usable = useMemo(
    () => (accounts.data ?? []).filter((a) => a.type === "bank" || a.currency === currency),
    [accounts.data, currency],
  );
  const chosen = usable.find((a) => a.id === accountId) ?? usable[0] ?? null;
  const receive = info.data ? receiveAmount(amount, info.data.withdrawalFee, info.data.precision) : null;

  const submit = async () => {
    if (!info.data || !chosen) return;
    let value: Decimal;
    try {
      value = dec(amount.trim());
    } catch {
      return showToast(t("errors.amountInvalid"), "fail");
    }
    if (value.lt(info.data.minWithdrawal))
      return showToast(t("errors.belowMinWithdrawal", { min: info.data.minWithdrawal, currency }), "fail");
    if (value.gt(info.data.available)) return showToast(t("errors.aboveAvailable"), "fail");
    if (password === "") return showToast(t("errors.passwordRequired"), "fail");
    setBusy(true);
    try {
      const res = await api.post<WithdrawalApplied>(WALLET_PATHS.withdrawalApply, {
        currency,
        amount: amount.trim(),
        accountId: chosen.id,
        withdrawalPassword: password,
        clientRequestId: requestId.current,
      });
      requestId.current = newRequestId();
      navigate(`/chongzhitixianResult?type=withdrawal&id=${res.id}`);
    } catch {
      // the server's message was shown; everything typed stays
    } finally {
      setBusy(false);
    }
  };

  const notice = <div className={styles.notice}>{t("noPaymentNotice")}</div>;
  return (
    <div className={styles.page}>
      <PageHeader title={t("routes:withdraw")} />
      {notice}
      <CurrencySelector value={currency} onChange={setCurrency} enabled={(c) => c.withdrawalEnabled} />
      {info.isPending ? (
        <div className={styles.card}>
          <DotLoading color="primary" />
        </div>
      ) : info.isError ? (
        <EmptyState kind="error" title={t("loadFailed")} description={t("common:loadFailedHint")}>
          <Button onClick={() => void info.refetch()}>{t("common:retry")}</Button>
        </EmptyState>
      ) : !info.data.hasWithdrawalPassword ? (
        <div className={styles.card}>
          <p>{t("needWithdrawalPassword")}</p>
          <Button block color="primary" onClick={() => navigate("/changeWithdrawalPassword")}>
            {t("setWithdrawalPassword")}
          </Button>
        </div>
      ) : (
        <>
          <div className={styles.card}>
            <div className={styles.muted}>{t("payTo")}</div>
            {accounts.isPending ? (
              <DotLoading />
            ) : usable.length === 0 ? (
              <>
                <p className={styles.muted}>{t("noPayoutAccount", { currency })}</p>
                <Button block onClick={() => navigate("/jiesuanInfo")}>
                  {t("addPayoutAccount")}
                </Button>
              </>
            ) : (
              <Radio.Group value={chosen?.id ?? null} onChange={(v) => setAccountId(Number(v))}>
                <Space direction="vertical" block>
                  {usable.map((a) => (
                    <Radio key={a.id} value={a.id} style={{ fontSize: 13 }}>
                      {accountLabel(a)}
                    </Radio>
                  ))}
                </Space>
              </Radio.Group>
            )}
          </div>
          <div className={styles.card}>
            <div className={styles.row}>
              <span className={styles.muted}>{t("available")}</span>
              <strong data-testid="withdraw-available">
                {showMoney(info.data.available, currency)} {currency}
              </strong>
            </div>
            <div className={styles.row} style={{ borderBottom: "1px solid #f0f0f0" }}>
              <Input
                aria-label={t("amount")}
                placeholder={t("amountPlaceholder", { min: info.data.minWithdrawal })}
                value={amount}
                onChange={setAmount}
                inputMode="decimal"
              />
              <Button size="mini" fill="none" color="primary" onClick={() => setAmount(info.data.available)}>
                {t("all")}
              </Button>
            </div>
            <div className={styles.row}>
              <span className={styles.muted}>{t("fee")}</span>
              <span>
                {info.data.withdrawalFee} {currency}
              </span>
            </div>
            <div className={styles.row}>
              <span className={styles.muted}>{t("receive")}</span>
              <strong data-testid="withdraw-receive">
                {receive ?? "--"} {currency}
              </strong>
            </div>
            <p className={styles.muted}>
              {t("minWithdrawalNote", { min: info.data.minWithdrawal, currency })}{" "}
              {t("reviewNote", { hours: info.data.reviewHours })}
            </p>
            {info.data.dailyLimitUsdt !== null ? (
              <p className={styles.muted} data-testid="kyc-limit">
                {t("unverifiedLimit", {
                  limit: info.data.dailyLimitUsdt,
                  remaining: info.data.remainingTodayUsdt ?? "0",
                })}{" "}
                <button
                  type="button"
                  className={styles.eye}
                  style={{ color: "var(--adm-color-primary)", fontSize: 12 }}
                  onClick={() => navigate("/shenfenRenzheng")}
                >
                  {t("verifyNow")}
                </button>
              </p>
            ) : null}
            <Input
              aria-label={t("withdrawalPassword")}
              placeholder={t("withdrawalPassword")}
              type="password"
              value={password}
              onChange={setPassword}
              style={{ borderBottom: "1px solid #f0f0f0", padding: "8px 0" }}
            />
          </div>
          <Button
            block
            color="primary"
            size="large"
            className={styles.submit}
            style={{ width: "calc(100% - 24px)" }}
            loading={busy}
            disabled={!chosen || !info.data.withdrawalEnabled}
            onClick={() => void submit()}
          >
            {t("submitWithdrawal")}
          </Button>
        </>
      )}
    </div>
  );
}
