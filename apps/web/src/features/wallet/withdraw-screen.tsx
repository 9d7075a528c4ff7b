// /tixian: withdraw to a bound wallet or bank card. The fee comes out of the amount,
// the amount is held at once, and the customer can cancel while it is under review. With an
// authenticator bound it asks for its code; a new address shows when it becomes usable.

import type { PayoutAccount } from "@candor/contract";
import { walletPaths } from "@candor/contract/paths";
import { type Decimal, dec, withdrawalReceive } from "@candor/domain";
import { Button, Dialog, DotLoading, Input, Radio, Space } from "antd-mobile";
import { useMemo, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate, useSearchParams } from "react-router";
import { routes, withQuery } from "../../app/routes";
import { EmptyState } from "../../components/empty-state";
import { PageHeader } from "../../components/page-header";
import { api } from "../../lib/api-client";
import { formatDate, plainAmount, showMoney, typedAmount } from "../../lib/format";
import { showToast } from "../../lib/toast";
import { newRequestId, onHold, usePayoutAccounts, useWithdrawalInfo } from "./api";
import { CurrencySelector } from "./currency-selector";
import { ProvedOnly } from "./proved-only";
import styles from "./wallet.module.css";

export function accountLabel(a: PayoutAccount): string {
  if (a.type === "wallet") return `${a.currency} · ${a.network} · ${a.address?.slice(0, 6)}…${a.address?.slice(-4)}`;
  return `${a.bankName} · ${a.realName} · ****${a.account?.slice(-4)}`;
}

/** What the customer receives: amount − fee, never below zero; null while the amount is not a number. */
export function receiveAmount(amount: string, fee: string, precision: number): string | null {
  try {
    return withdrawalReceive(amount.trim(), fee, precision);
  } catch {
    return null;
  }
}

export default function WithdrawScreen() {
  const { t } = useTranslation("wallet");
  return (
    <ProvedOnly title={t("routes:withdraw")}>
      <WithdrawForm />
    </ProvedOnly>
  );
}

function WithdrawForm() {
  const { t } = useTranslation("wallet");
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [currency, setCurrency] = useState(params.get("currency")?.toUpperCase() ?? "USDT");
  const info = useWithdrawalInfo(currency);
  const accounts = usePayoutAccounts();
  const [accountId, setAccountId] = useState<number | null>(null);
  const [amount, setAmount] = useState("");
  const [password, setPassword] = useState("");
  const [googleCode, setGoogleCode] = useState("");
  const [busy, setBusy] = useState(false);
  const requestId = useRef(newRequestId());

  const usable = useMemo(
    () => (accounts.data ?? []).filter((a) => a.type === "bank" || a.currency === currency),
    [accounts.data, currency],
  );
  const chosen = usable.find((a) => a.id === accountId) ?? usable[0] ?? null;
  const receive = info.data ? receiveAmount(amount, info.data.withdrawalFee, info.data.precision) : null;
  const chosenOnHold = chosen !== null && onHold(chosen, info.data?.businessNow);

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
    if (info.data.googleBound && !/^\d{6}$/.test(googleCode.trim()))
      return showToast(t("errors.googleCodeRequired"), "fail");
    // Before anything leaves: where to, on which network, the amount, the fee, what arrives.
    const rows: [string, string][] = [
      [t("payTo"), chosen.type === "wallet" ? (chosen.address ?? "") : accountLabel(chosen)],
      ...(chosen.type === "wallet" ? ([[t("summary.network"), chosen.network ?? ""]] as [string, string][]) : []),
      [t("amount"), `${showMoney(amount.trim(), currency)} ${currency}`],
      [t("fee"), `${showMoney(info.data.withdrawalFee, currency)} ${currency}`],
      [t("receive"), `${receive === null ? "--" : showMoney(receive, currency)} ${currency}`],
    ];
    const confirmed = await Dialog.confirm({
      title: t("summary.title"),
      content: (
        <dl className={styles.summary} data-testid="withdraw-summary">
          {rows.map(([label, value]) => (
            <div key={label}>
              <dt>{label}</dt>
              <dd>{value}</dd>
            </div>
          ))}
        </dl>
      ),
      confirmText: t("summary.send"),
      cancelText: t("common:cancel"),
    });
    if (!confirmed) return;
    setBusy(true);
    try {
      const res = await api.post(walletPaths.withdrawalApply, {
        currency,
        amount: amount.trim(),
        accountId: chosen.id,
        withdrawalPassword: password,
        ...(info.data.googleBound ? { googleCode: googleCode.trim() } : {}),
        clientRequestId: requestId.current,
      });
      requestId.current = newRequestId();
      navigate(withQuery(routes.depositWithdrawalResult, { type: "withdrawal", id: res.id }));
    } catch {
      // the server's message was shown; everything typed stays (but a code is used once)
      setGoogleCode("");
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
      ) : info.data.withdrawalsFrozen ? (
        <div className={styles.card} data-testid="withdrawals-frozen">
          <p>{t("withdrawalsFrozen")}</p>
          <Button block onClick={() => navigate(withQuery(routes.depositWithdrawalRecords, { tab: "withdrawal" }))}>
            {t("pendingWithdrawals")}
          </Button>
        </div>
      ) : !info.data.hasWithdrawalPassword ? (
        <div className={styles.card}>
          <p>{t("needWithdrawalPassword")}</p>
          <Button block color="primary" onClick={() => navigate(routes.changeWithdrawalPassword)}>
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
                <Button block onClick={() => navigate(routes.settlementInfo)}>
                  {t("addPayoutAccount")}
                </Button>
              </>
            ) : (
              <Radio.Group value={chosen?.id ?? null} onChange={(v) => setAccountId(Number(v))}>
                <Space direction="vertical" block>
                  {usable.map((a) => (
                    <Radio key={a.id} value={a.id} style={{ fontSize: 13 }}>
                      {accountLabel(a)}
                      {onHold(a, info.data.businessNow) ? (
                        <span className={styles.hold} data-testid="account-hold">
                          {t("usableFrom", { time: formatDate(a.usableAt, "dateTime") })}
                        </span>
                      ) : null}
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
                placeholder={t("amountPlaceholder", { min: typedAmount(info.data.minWithdrawal) })}
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
              {t("minWithdrawalNote", { min: plainAmount(info.data.minWithdrawal), currency })}{" "}
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
                  onClick={() => navigate(routes.identityVerification)}
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
            {info.data.googleBound ? (
              <Input
                aria-label={t("googleCode")}
                placeholder={t("googleCode")}
                value={googleCode}
                onChange={setGoogleCode}
                inputMode="numeric"
                autoComplete="one-time-code"
                maxLength={6}
                style={{ borderBottom: "1px solid #f0f0f0", padding: "8px 0" }}
              />
            ) : null}
          </div>
          {chosenOnHold && chosen ? (
            <p className={styles.notice} data-testid="withdraw-hold">
              {t("addressOnHold", { time: formatDate(chosen.usableAt, "dateTime") })}
            </p>
          ) : null}
          <Button
            block
            color="primary"
            size="large"
            className={styles.submit}
            style={{ width: "calc(100% - 24px)" }}
            loading={busy}
            disabled={!chosen || chosenOnHold || !info.data.withdrawalEnabled}
            onClick={() => void submit()}
          >
            {t("submitWithdrawal")}
          </Button>
        </>
      )}
    </div>
  );
}
