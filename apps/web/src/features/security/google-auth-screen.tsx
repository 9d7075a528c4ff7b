// Google authenticator (/googleAuth). Not bound: a new secret as QR code and text, then
// a code from the app and the login password bind it. Bound: unbind the same way.
import { Button, Dialog, DotLoading, Form, Input, Result } from "antd-mobile";
import QRCode from "qrcode";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { EmptyState } from "../../components/empty-state";
import { PageHeader } from "../../components/page-header";
import { copyText } from "../../lib/clipboard";
import { showToast } from "../../lib/toast";
import { type GoogleCodeInput, useBindGoogle, useGoogleKey, useGoogleStatus, useUnbindGoogle } from "./api";
import { PasswordInput } from "./password-input";
import styles from "./security.module.css";

export const GOOGLE_CODE_PATTERN = /^\d{6}$/;

/** "JBSWY3DPEHPK3PXP" → "JBSW Y3DP EHPK 3PXP" for reading and typing. */
export function groupSecret(secret: string): string {
  return secret.replace(/(.{4})(?=.)/g, "$1 ");
}

export default function GoogleAuthScreen() {
  const { t } = useTranslation("security");
  const status = useGoogleStatus();
  return (
    <div className={styles.page}>
      <PageHeader title={t("routes:googleAuthenticator")} />
      {status.isPending ? (
        <div className={styles.center}>
          <DotLoading color="primary" />
        </div>
      ) : status.isError ? (
        <EmptyState kind="error" title={t("googleFailed")} description={t("common:loadFailedHint")}>
          <Button color="primary" onClick={() => void status.refetch()}>
            {t("common:retry")}
          </Button>
        </EmptyState>
      ) : status.data.bound ? (
        <Bound />
      ) : (
        <Binding />
      )}
    </div>
  );
}

function Binding() {
  const { t } = useTranslation("security");
  const key = useGoogleKey(true);
  const bind = useBindGoogle();
  const [qr, setQr] = useState<string | null>(null);

  useEffect(() => {
    if (!key.data) return;
    let live = true;
    QRCode.toDataURL(key.data.otpauthUrl, { margin: 1, width: 200, errorCorrectionLevel: "M" })
      .then((url) => live && setQr(url))
      .catch(() => live && setQr(null));
    return () => {
      live = false;
    };
  }, [key.data]);

  const onFinish = async (v: GoogleCodeInput) => {
    try {
      await bind.mutateAsync({ googleCode: v.googleCode.trim(), password: v.password });
      showToast(t("boundDone"), "success");
    } catch {
      // The API client showed the server's message; the form keeps what was typed.
    }
  };

  return (
    <>
      <ol className={styles.steps}>
        <li>
          <strong>{t("step1Title")}</strong>
          <span>{t("step1Text")}</span>
        </li>
        <li>
          <strong>{t("step2Title")}</strong>
          <span>{t("step2Text")}</span>
          {key.isPending ? (
            <div className={styles.center}>
              <DotLoading color="primary" />
            </div>
          ) : key.isError ? (
            <EmptyState kind="error" title={t("keyFailed")} description={t("common:loadFailedHint")}>
              <Button color="primary" size="small" onClick={() => void key.refetch()}>
                {t("common:retry")}
              </Button>
            </EmptyState>
          ) : (
            <div className={styles.keyBox}>
              {qr ? <img src={qr} alt={t("qrAlt")} className={styles.qr} width={200} height={200} /> : null}
              <span className={styles.keyLabel}>{t("secretLabel")}</span>
              <code className={styles.secret} data-testid="google-secret" data-secret={key.data.secret}>
                {groupSecret(key.data.secret)}
              </code>
              <Button size="small" color="primary" fill="outline" onClick={() => void copyText(key.data.secret)}>
                {t("copySecret")}
              </Button>
              <p className={styles.note}>{t("secretWarning")}</p>
            </div>
          )}
        </li>
        <li>
          <strong>{t("step3Title")}</strong>
          <span>{t("step3Text")}</span>
        </li>
      </ol>
      <CodeForm
        submitLabel={t("bind")}
        loading={bind.isPending}
        disabled={!key.data}
        onFinish={(v) => void onFinish(v)}
      />
    </>
  );
}

function Bound() {
  const { t } = useTranslation("security");
  const unbind = useUnbindGoogle();
  const onFinish = async (v: GoogleCodeInput) => {
    const ok = await Dialog.confirm({
      title: t("unbindTitle"),
      content: t("unbindText"),
      confirmText: t("unbind"),
      cancelText: t("common:cancel"),
    });
    if (!ok) return;
    try {
      await unbind.mutateAsync({ googleCode: v.googleCode.trim(), password: v.password });
      showToast(t("unboundDone"), "success");
    } catch {
      // The API client showed the server's message.
    }
  };
  return (
    <>
      <Result status="success" title={t("boundTitle")} description={t("boundText")} />
      <p className={styles.sectionTitle}>{t("unbindSection")}</p>
      <CodeForm submitLabel={t("unbind")} danger loading={unbind.isPending} onFinish={(v) => void onFinish(v)} />
    </>
  );
}

function CodeForm({
  submitLabel,
  loading,
  disabled,
  danger,
  onFinish,
}: {
  submitLabel: string;
  loading: boolean;
  disabled?: boolean;
  danger?: boolean;
  onFinish: (v: GoogleCodeInput) => void;
}) {
  const { t } = useTranslation("security");
  return (
    <Form
      layout="vertical"
      mode="card"
      onFinish={onFinish}
      footer={
        <Button
          block
          type="submit"
          color={danger ? "danger" : "primary"}
          size="large"
          loading={loading}
          disabled={disabled}
        >
          {submitLabel}
        </Button>
      }
    >
      <Form.Item
        name="googleCode"
        label={t("googleCode")}
        rules={[
          { required: true, message: t("codeRequired") },
          { pattern: GOOGLE_CODE_PATTERN, message: t("codeInvalid") },
        ]}
      >
        <Input
          aria-label={t("googleCode")}
          placeholder={t("googleCodePlaceholder")}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          clearable
        />
      </Form.Item>
      <Form.Item name="password" label={t("loginPassword")} rules={[{ required: true, message: t("rule.empty") }]}>
        <PasswordInput label={t("loginPassword")} autoComplete="current-password" placeholder={t("enterPassword")} />
      </Form.Item>
    </Form>
  );
}
