// /chongzhi: pick a currency and network, see the deposit address (QR, copy) or the
// bank details, then tell us the amount sent. Sandbox deposits confirm by themselves. On an
// on-chain network there is nothing to tell: the watcher sees the transfer (chain-deposit.tsx).

import { walletPaths } from "@candor/contract/paths";
import { dec } from "@candor/domain";
import { Button, DotLoading, Input, Tabs } from "antd-mobile";
import { useEffect, useMemo, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate, useSearchParams } from "react-router";
import { routes, withQuery } from "../../app/routes";
import { EmptyState } from "../../components/empty-state";
import { CopyIcon } from "../../components/icons";
import { PageHeader } from "../../components/page-header";
import { api } from "../../lib/api-client";
import { copyText } from "../../lib/clipboard";
import { typedAmount } from "../../lib/format";
import { showToast } from "../../lib/toast";
import { newRequestId, useRechargeInfo } from "./api";
import { ChainDepositNotice } from "./chain-deposit";
import { CurrencySelector } from "./currency-selector";
import { ProvedOnly } from "./proved-only";
import { QrImage } from "./qr-image";
import styles from "./wallet.module.css";

export default function DepositScreen() {
  const { t } = useTranslation("wallet");
  return (
    <ProvedOnly title={t("routes:deposit")}>
      <DepositForm />
    </ProvedOnly>
  );
}

function DepositForm() {
  const { t } = useTranslation("wallet");
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [currency, setCurrency] = useState(params.get("currency")?.toUpperCase() ?? "USDT");
  const info = useRechargeInfo(currency);
  const [network, setNetwork] = useState<string | null>(null);
  const [amount, setAmount] = useState("");
  const [busy, setBusy] = useState(false);
  const requestId = useRef(newRequestId());

  useEffect(() => {
    setNetwork(info.data?.addresses[0]?.network ?? null);
  }, [info.data]);
  const address = useMemo(() => info.data?.addresses.find((a) => a.network === network) ?? null, [info.data, network]);

  const submit = async () => {
    if (!info.data) return;
    let value: ReturnType<typeof dec>;
    try {
      value = dec(amount.trim());
    } catch {
      return showToast(t("errors.amountInvalid"), "fail");
    }
    if (value.lt(info.data.minDeposit))
      return showToast(t("errors.belowMinDeposit", { min: info.data.minDeposit, currency }), "fail");
    setBusy(true);
    try {
      const rec = await api.post(walletPaths.rechargeApply, {
        currency,
        network: network ?? undefined,
        method: address ? "crypto" : "bank",
        amount: amount.trim(),
        clientRequestId: requestId.current,
      });
      requestId.current = newRequestId();
      navigate(withQuery(routes.depositWithdrawalResult, { type: "deposit", id: rec.id }));
    } catch {
      // message shown; the amount stays
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className={styles.page}>
      <PageHeader
        title={t("routes:deposit")}
        right={
          <button
            type="button"
            className={styles.eye}
            style={{ color: "var(--adm-color-primary)", fontSize: 13 }}
            onClick={() => navigate(withQuery(routes.depositWithdrawalRecords, { tab: "deposit" }))}
          >
            {t("records")}
          </button>
        }
      />
      <CurrencySelector value={currency} onChange={setCurrency} enabled={(c) => c.depositEnabled} />
      {info.isPending ? (
        <div className={styles.card}>
          <DotLoading color="primary" />
        </div>
      ) : info.isError ? (
        <EmptyState kind="error" title={t("loadFailed")} description={t("common:loadFailedHint")}>
          <Button onClick={() => void info.refetch()}>{t("common:retry")}</Button>
        </EmptyState>
      ) : (
        <>
          {info.data.addresses.length > 0 ? (
            <div className={styles.card}>
              <Tabs activeKey={network ?? undefined} onChange={setNetwork}>
                {info.data.addresses.map((a) => (
                  <Tabs.Tab key={a.network} title={a.name} />
                ))}
              </Tabs>
              {address ? (
                <>
                  <QrImage text={address.qrText} label={t("depositQr", { currency })} className={styles.qr} />
                  <div className={styles.muted}>{t("depositAddress", { currency, network: address.name })}</div>
                  <div className={styles.address} data-testid="deposit-address">
                    {address.address}
                  </div>
                  <Button block size="small" style={{ marginTop: 8 }} onClick={() => void copyText(address.address)}>
                    {t("copyAddress")}
                  </Button>
                  <p className={styles.muted}>{t("networkWarning", { currency, network: address.name })}</p>
                </>
              ) : null}
            </div>
          ) : null}
          {address?.requiredConfirmations !== undefined ? (
            <ChainDepositNotice
              network={address.name}
              currency={currency}
              minDeposit={info.data.minDeposit}
              requiredConfirmations={address.requiredConfirmations}
            />
          ) : null}
          {info.data.bankTransfer ? (
            <section className={styles.card} aria-label={t("bankTransfer")}>
              <strong>{t("bankTransfer")}</strong>
              <div className={styles.row}>
                <span>{t("bankName")}</span>
                <span>{info.data.bankTransfer.bankName}</span>
              </div>
              <div className={styles.row}>
                <span>{t("accountName")}</span>
                <span>{info.data.bankTransfer.accountName}</span>
              </div>
              <div className={styles.row}>
                <span>{t("accountNumber")}</span>
                <button
                  type="button"
                  className={styles.eye}
                  style={{ color: "inherit" }}
                  onClick={() => void copyText(info.data.bankTransfer?.accountNumber ?? "")}
                >
                  {info.data.bankTransfer.accountNumber} <CopyIcon />
                </button>
              </div>
              {info.data.bankTransfer.note ? <p className={styles.muted}>{info.data.bankTransfer.note}</p> : null}
            </section>
          ) : null}
          {address?.requiredConfirmations !== undefined ? null : (
            <div className={styles.card}>
              <div className={styles.row}>
                <span>{t("minDeposit")}</span>
                <strong>
                  {info.data.minDeposit} {currency}
                </strong>
              </div>
              {info.data.sandbox ? (
                <p className={styles.muted} data-testid="sandbox-note">
                  {t("sandboxNote", { seconds: info.data.confirmSeconds ?? 5 })}
                </p>
              ) : null}
              <div className={styles.muted}>{t("amountSent")}</div>
              <Input
                aria-label={t("amountSent")}
                placeholder={t("amountPlaceholder", { min: typedAmount(info.data.minDeposit) })}
                value={amount}
                onChange={setAmount}
                inputMode="decimal"
                style={{ borderBottom: "1px solid #f0f0f0", padding: "8px 0" }}
              />
              <Button
                block
                color="primary"
                style={{ marginTop: 12 }}
                loading={busy}
                onClick={() => void submit()}
                disabled={!info.data.depositEnabled}
              >
                {t("confirmDeposit")}
              </Button>
            </div>
          )}
        </>
      )}
    </div>
  );
}
