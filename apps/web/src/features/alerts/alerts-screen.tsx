// Price alerts (/alerts?symbol=BTCUSDT): create an alert above/below a price or on a move of
// X % within 24 h, list and delete them, and turn on notifications on this device (Web Push).
// A fired alert also leaves an inbox message and, while the app is open, a toast.
import type { AlertKind, PriceAlert } from "@candor/contract";
import { ALERT_KINDS, MAX_ALERTS_PER_USER } from "@candor/contract/consumer-protection";
import { pairLabel } from "@candor/domain";
import { Button, Dialog, DotLoading, Input, List, Selector, Switch } from "antd-mobile";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import { EmptyState } from "../../components/empty-state";
import { PageHeader } from "../../components/page-header";
import { formatDate, plainAmount } from "../../lib/format";
import { useLiveSymbols } from "../../lib/market/hooks";
import { showToast } from "../../lib/toast";
import styles from "./alerts.module.css";
import {
  currentPushSubscription,
  disablePush,
  enablePush,
  pushSupported,
  useAlerts,
  useCreateAlert,
  useDeleteAlert,
} from "./api";

const NUMBER = /^\d{0,12}(\.\d{0,8})?$/;

export default function AlertsScreen() {
  const { t } = useTranslation("alerts");
  const alerts = useAlerts();
  return (
    <div className={styles.page}>
      <PageHeader title={t("routes:alerts")} />
      <PushToggle />
      <CreateAlert count={alerts.data?.length ?? 0} />
      <section className={styles.card}>
        <h2 className={styles.title}>{t("mine")}</h2>
        {alerts.isPending ? (
          <div className={styles.center}>
            <DotLoading color="primary" />
          </div>
        ) : alerts.isError ? (
          <EmptyState kind="error" title={t("loadFailed")} description={t("common:loadFailedHint")}>
            <Button color="primary" onClick={() => void alerts.refetch()}>
              {t("common:retry")}
            </Button>
          </EmptyState>
        ) : alerts.data.length === 0 ? (
          <EmptyState title={t("empty")} description={t("emptyHint")} />
        ) : (
          <List className={styles.list}>
            {alerts.data.map((a) => (
              <AlertRow key={a.id} alert={a} />
            ))}
          </List>
        )}
      </section>
    </div>
  );
}

function describe(t: (k: string, o?: Record<string, unknown>) => string, a: { kind: AlertKind; value: string }) {
  return t(`kind_${a.kind}_text`, { value: a.kind === "move24h" ? a.value : plainAmount(a.value) });
}

function AlertRow({ alert }: { alert: PriceAlert }) {
  const { t } = useTranslation("alerts");
  const remove = useDeleteAlert();
  return (
    <List.Item
      data-testid="alert-row"
      description={
        alert.lastFiredAt
          ? t("lastFired", { price: plainAmount(alert.lastFiredPrice), time: formatDate(alert.lastFiredAt) })
          : alert.armed
            ? t("waiting")
            : t("waitingBack")
      }
      extra={
        <Button
          size="mini"
          fill="outline"
          color="danger"
          loading={remove.isPending}
          onClick={async () => {
            if (!(await Dialog.confirm({ content: t("deleteConfirm") }))) return;
            remove.mutate(alert.id, { onSuccess: () => showToast(t("deleted"), "success") });
          }}
        >
          {t("delete")}
        </Button>
      }
    >
      <span className={styles.symbol}>{pairLabel(alert.symbol)}</span> {describe(t, alert)}
    </List.Item>
  );
}

function CreateAlert({ count }: { count: number }) {
  const { t } = useTranslation("alerts");
  const [params] = useSearchParams();
  const symbols = useLiveSymbols();
  const [symbol, setSymbol] = useState((params.get("symbol") ?? "BTCUSDT").toUpperCase());
  const [kind, setKind] = useState<AlertKind>("above");
  const [value, setValue] = useState("");
  const create = useCreateAlert();
  const info = symbols.data?.find((s) => s.symbol === symbol);
  const full = count >= MAX_ALERTS_PER_USER;
  const valid = NUMBER.test(value) && Number(value) > 0;
  return (
    <section className={styles.card}>
      <h2 className={styles.title}>{t("new")}</h2>
      <label className={styles.label} htmlFor="alert-symbol">
        {t("symbol")}
      </label>
      <select id="alert-symbol" className={styles.select} value={symbol} onChange={(e) => setSymbol(e.target.value)}>
        {(symbols.data ?? [{ symbol }]).map((s) => (
          <option key={s.symbol} value={s.symbol}>
            {pairLabel(s.symbol)}
          </option>
        ))}
      </select>
      {info ? (
        <p className={styles.note}>{t("current", { price: plainAmount(info.price), change: info.change24h })}</p>
      ) : null}
      <Selector
        className={styles.kinds}
        columns={3}
        value={[kind]}
        onChange={(v) => v[0] && setKind(v[0] as AlertKind)}
        options={ALERT_KINDS.map((k) => ({ value: k, label: t(`kind_${k}`) }))}
      />
      <Input
        className={styles.input}
        aria-label={kind === "move24h" ? t("percent") : t("price")}
        placeholder={kind === "move24h" ? t("percent") : t("price")}
        inputMode="decimal"
        value={value}
        onChange={(v) => NUMBER.test(v) && setValue(v)}
      />
      {full ? <p className={styles.note}>{t("full", { max: MAX_ALERTS_PER_USER })}</p> : null}
      <Button
        block
        color="primary"
        disabled={!valid || full}
        loading={create.isPending}
        onClick={() =>
          create.mutate(
            { symbol, kind, value },
            {
              onSuccess: () => {
                setValue("");
                showToast(t("created"), "success");
              },
            },
          )
        }
      >
        {t("create")}
      </Button>
    </section>
  );
}

function PushToggle() {
  const { t } = useTranslation("alerts");
  const [on, setOn] = useState(false);
  const [busy, setBusy] = useState(false);
  const supported = pushSupported();
  useEffect(() => {
    void currentPushSubscription().then((s) => setOn(s !== null));
  }, []);
  return (
    <section className={styles.card}>
      <div className={styles.row}>
        <span>{t("notifyDevice")}</span>
        <Switch
          aria-label={t("notifyDevice")}
          checked={on}
          loading={busy}
          disabled={!supported}
          onChange={async (next) => {
            setBusy(true);
            try {
              if (next) {
                const result = await enablePush();
                setOn(result === "on");
                if (result === "denied") showToast(t("pushDenied"), "fail", 3000);
                if (result === "unavailable") showToast(t("pushUnavailable"), "fail", 3000);
              } else {
                await disablePush();
                setOn(false);
              }
            } catch {
              showToast(t("pushUnavailable"), "fail", 3000);
            } finally {
              setBusy(false);
            }
          }}
        />
      </div>
      <p className={styles.note}>{supported ? t("notifyHint") : t("pushUnsupported")}</p>
    </section>
  );
}
