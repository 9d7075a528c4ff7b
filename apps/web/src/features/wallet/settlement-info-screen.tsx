// /jiesuanInfo: the bank cards and blockchain wallets withdrawals can go to. Adding one (or
// pointing one elsewhere) asks for the authenticator code when bound and starts the
// new-address hold, which the list shows until it ends.

import type { PayoutAccount } from "@candor/contract";
import { walletPaths } from "@candor/contract/paths";
import { useQueryClient } from "@tanstack/react-query";
import { Button, Dialog, DotLoading, Form, Input, List, Selector, SwipeAction } from "antd-mobile";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { EmptyState } from "../../components/empty-state";
import { LazyPopup } from "../../components/lazy-popup";
import { PageHeader } from "../../components/page-header";
import { SegmentedChoice } from "../../components/segmented-choice";
import { api } from "../../lib/api-client";
import { formatDate } from "../../lib/format";
import { showToast } from "../../lib/toast";
import { onHold, useCurrencies, useGoogleBound, usePayoutAccounts, useWithdrawalInfo } from "./api";
import styles from "./wallet.module.css";
import { accountLabel } from "./withdraw-screen";

type Draft =
  | { id?: number; type: "wallet"; currency: string; network: string; address: string }
  | { id?: number; type: "bank"; bankName: string; realName: string; account: string };

const emptyWallet = (): Draft => ({ type: "wallet", currency: "USDT", network: "", address: "" });
const emptyBank = (): Draft => ({ type: "bank", bankName: "", realName: "", account: "" });

function toDraft(a: PayoutAccount): Draft {
  return a.type === "wallet"
    ? { id: a.id, type: "wallet", currency: a.currency ?? "USDT", network: a.network ?? "", address: a.address ?? "" }
    : { id: a.id, type: "bank", bankName: a.bankName ?? "", realName: a.realName ?? "", account: a.account ?? "" };
}

export default function SettlementInfoScreen() {
  const { t } = useTranslation("wallet");
  const queryClient = useQueryClient();
  const accounts = usePayoutAccounts();
  const currencies = useCurrencies();
  const [draft, setDraft] = useState<Draft | null>(null);
  const [busy, setBusy] = useState(false);
  const [googleCode, setGoogleCode] = useState("");
  const googleBound = useGoogleBound().data?.bound === true;
  // Business time (the hold runs on it; in sandbox it may be ahead of this device's clock).
  const businessNow = useWithdrawalInfo("USDT").data?.businessNow;
  const networks =
    draft?.type === "wallet" ? (currencies.data?.find((c) => c.currency === draft.currency)?.networks ?? []) : [];

  const save = async () => {
    if (!draft) return;
    if (googleBound && !draft.id && !/^\d{6}$/.test(googleCode.trim()))
      return showToast(t("errors.googleCodeRequired"), "fail");
    setBusy(true);
    try {
      const fields =
        draft.type === "wallet" ? { ...draft, network: draft.network || networks[0]?.network || "" } : draft;
      const body = googleBound && googleCode.trim() !== "" ? { ...fields, googleCode: googleCode.trim() } : fields;
      const saved = draft.id
        ? await api.post(walletPaths.accountUpdate, { ...body, id: draft.id })
        : await api.post(walletPaths.accountAdd, body);
      setDraft(null);
      setGoogleCode("");
      await queryClient.invalidateQueries({ queryKey: ["wallet", "accounts"] });
      if (onHold(saved, businessNow)) {
        await Dialog.alert({
          title: t("newAddressHoldTitle"),
          content: t("newAddressHold", { time: formatDate(saved.usableAt, "dateTime") }),
          confirmText: t("common:ok"),
        });
      } else showToast(t("saved"), "success");
    } catch {
      // message shown; the form keeps its values (a code is used once)
      setGoogleCode("");
    } finally {
      setBusy(false);
    }
  };

  const remove = async (a: PayoutAccount) => {
    const yes = await Dialog.confirm({
      content: t("deleteAccountConfirm", { account: accountLabel(a) }),
      cancelText: t("common:cancel"),
      confirmText: t("delete"),
    });
    if (!yes) return;
    try {
      await api.post(walletPaths.accountDelete, undefined, { params: { id: a.id } });
      await queryClient.invalidateQueries({ queryKey: ["wallet", "accounts"] });
    } catch {
      // message shown
    }
  };

  return (
    <div className={styles.page}>
      <PageHeader title={t("routes:settlementInfo")} />
      <p className={styles.muted} style={{ margin: "12px 16px" }}>
        {t("settlementIntro")}
      </p>
      {accounts.isPending ? (
        <div className={styles.card}>
          <DotLoading color="primary" />
        </div>
      ) : accounts.isError ? (
        <EmptyState kind="error" title={t("loadFailed")} description={t("common:loadFailedHint")}>
          <Button onClick={() => void accounts.refetch()}>{t("common:retry")}</Button>
        </EmptyState>
      ) : accounts.data.length === 0 ? (
        <EmptyState title={t("noAccounts")} description={t("noAccountsHint")} />
      ) : (
        <List aria-label={t("routes:settlementInfo")}>
          {accounts.data.map((a) => (
            <SwipeAction
              key={a.id}
              rightActions={[{ key: "delete", text: t("delete"), color: "danger", onClick: () => void remove(a) }]}
            >
              <List.Item
                onClick={() => setDraft(toDraft(a))}
                description={
                  <>
                    {t(a.type === "wallet" ? "walletAccount" : "bankAccount")}
                    {onHold(a, businessNow) ? (
                      <span className={styles.hold} data-testid="account-hold">
                        {t("usableFrom", { time: formatDate(a.usableAt, "dateTime") })}
                      </span>
                    ) : null}
                  </>
                }
                data-testid="payout-account"
              >
                {accountLabel(a)}
              </List.Item>
            </SwipeAction>
          ))}
        </List>
      )}
      <div className={styles.actions} style={{ margin: 12 }}>
        <Button color="primary" onClick={() => setDraft(emptyWallet())}>
          {t("addWallet")}
        </Button>
        <Button color="primary" fill="outline" onClick={() => setDraft(emptyBank())}>
          {t("addBank")}
        </Button>
      </div>
      <LazyPopup
        visible={draft !== null}
        onMaskClick={() => setDraft(null)}
        bodyStyle={{ borderRadius: "12px 12px 0 0", maxHeight: "85vh", overflowY: "auto" }}
      >
        {draft ? (
          <div style={{ padding: "12px 0 16px" }}>
            {!draft.id ? (
              <div style={{ padding: "0 12px 8px" }}>
                <SegmentedChoice
                  value={draft.type}
                  onChange={(v) => setDraft(v === "wallet" ? emptyWallet() : emptyBank())}
                  options={[
                    { label: t("walletAccount"), value: "wallet" },
                    { label: t("bankAccount"), value: "bank" },
                  ]}
                />
              </div>
            ) : null}
            <Form layout="vertical">
              {draft.type === "wallet" ? (
                <>
                  <Form.Item label={t("currency")}>
                    <Selector
                      columns={4}
                      value={[draft.currency]}
                      onChange={(v) => v[0] && setDraft({ ...draft, currency: v[0], network: "" })}
                      options={(currencies.data ?? []).map((c) => ({ label: c.currency, value: c.currency }))}
                    />
                  </Form.Item>
                  <Form.Item label={t("network")}>
                    <Selector
                      columns={3}
                      value={[draft.network || networks[0]?.network || ""]}
                      onChange={(v) => v[0] && setDraft({ ...draft, network: v[0] })}
                      options={networks.map((n) => ({ label: n.name, value: n.network }))}
                    />
                  </Form.Item>
                  <Form.Item label={t("address")}>
                    <Input
                      aria-label={t("address")}
                      value={draft.address}
                      onChange={(address) => setDraft({ ...draft, address })}
                      placeholder={t("addressPlaceholder")}
                    />
                  </Form.Item>
                </>
              ) : (
                <>
                  <Form.Item label={t("bankName")}>
                    <Input
                      aria-label={t("bankName")}
                      value={draft.bankName}
                      onChange={(bankName) => setDraft({ ...draft, bankName })}
                    />
                  </Form.Item>
                  <Form.Item label={t("realName")}>
                    <Input
                      aria-label={t("realName")}
                      value={draft.realName}
                      onChange={(realName) => setDraft({ ...draft, realName })}
                    />
                  </Form.Item>
                  <Form.Item label={t("bankAccountNumber")}>
                    <Input
                      aria-label={t("bankAccountNumber")}
                      value={draft.account}
                      onChange={(account) => setDraft({ ...draft, account })}
                    />
                  </Form.Item>
                </>
              )}
              {googleBound ? (
                <Form.Item label={t("googleCode")} help={draft.id ? t("googleCodeEditHint") : undefined}>
                  <Input
                    aria-label={t("googleCode")}
                    value={googleCode}
                    onChange={setGoogleCode}
                    inputMode="numeric"
                    autoComplete="one-time-code"
                    maxLength={6}
                  />
                </Form.Item>
              ) : null}
              {!draft.id ? <p className={styles.muted}>{t("newAddressHoldNote")}</p> : null}
            </Form>
            <div style={{ padding: "0 12px" }}>
              <Button block color="primary" loading={busy} onClick={() => void save()}>
                {t("save")}
              </Button>
            </div>
          </div>
        ) : null}
      </LazyPopup>
    </div>
  );
}
