// Console login: username and password, then the authenticator code. At the first login
// the authenticator is enrolled here (QR code and the secret to type in); there is no way
// in without a code.

import type { StaffLoginTicket } from "@candor/contract";
import { staffPaths } from "@candor/contract/paths";
import { Alert, Button, Card, Form, Input, Space, Typography } from "antd";
import QRCode from "qrcode";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { errorText } from "../../app/page-state";
import { ApiError, post } from "../../lib/api";
import { setSession } from "../../lib/session";
import { SecurityCheck } from "./security-check";

function EnrolQr({ url }: { url: string }) {
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    void QRCode.toDataURL(url, { margin: 1, width: 180 }).then(setSrc);
  }, [url]);
  return src ? <img src={src} width={180} height={180} alt="" /> : null;
}

export function LoginPage() {
  const { t } = useTranslation();
  const [ticket, setTicket] = useState<StaffLoginTicket | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // After a few failed tries the server asks for the security check (proof of work) as well.
  const [captchaNeeded, setCaptchaNeeded] = useState(false);
  const [captcha, setCaptcha] = useState<string | null>(null);
  const [captchaRound, setCaptchaRound] = useState(0);
  const [username, setUsername] = useState("");

  const submitPassword = async (values: { username: string; password: string }) => {
    if (captchaNeeded && !captcha) return setError(t("login.securityCheck.verificationRequired"));
    setBusy(true);
    setError(null);
    try {
      const body = captchaNeeded && captcha ? { ...values, captcha } : values;
      setTicket(await post(staffPaths.login, body));
      setCaptchaNeeded(false);
    } catch (err) {
      setError(errorText(err));
      if (err instanceof ApiError && err.headers?.get("X-Captcha-Required") === "true") setCaptchaNeeded(true);
      setCaptchaRound((n) => n + 1); // a check is good for one try
    } finally {
      setBusy(false);
    }
  };

  const submitCode = async (values: { code: string }) => {
    if (!ticket) return;
    setBusy(true);
    setError(null);
    try {
      const session = await post(staffPaths.loginTotp, { ticket: ticket.ticket, ...values });
      setSession({ token: session.token, staff: session.staff });
    } catch (err) {
      setError(errorText(err));
      // An expired or used-up ticket: back to the password step.
      if (err instanceof Error && "code" in err && err.code === 401 && /expired|過期/.test(err.message))
        setTicket(null);
    } finally {
      setBusy(false);
    }
  };

  return (
    <div style={{ minHeight: "100vh", display: "grid", placeItems: "center", background: "#f5f5f5" }}>
      <Card style={{ width: 420 }}>
        <Typography.Title level={3}>{t("login.title")}</Typography.Title>
        {error && <Alert type="error" title={error} showIcon style={{ marginBottom: 16 }} role="alert" />}
        {!ticket ? (
          <Form
            layout="vertical"
            onFinish={submitPassword}
            requiredMark={false}
            onValuesChange={(changed: { username?: string }) => {
              if (changed.username !== undefined) setUsername(changed.username);
            }}
          >
            <Form.Item
              name="username"
              label={t("login.username")}
              rules={[{ required: true, message: t("form.required") }]}
            >
              <Input autoComplete="username" autoFocus />
            </Form.Item>
            <Form.Item
              name="password"
              label={t("login.password")}
              rules={[{ required: true, message: t("form.required") }]}
            >
              <Input.Password autoComplete="current-password" />
            </Form.Item>
            {captchaNeeded && (
              <Form.Item label={t("login.captcha")} required>
                <SecurityCheck key={captchaRound} account={username} onChange={setCaptcha} />
              </Form.Item>
            )}
            <Button type="primary" htmlType="submit" block loading={busy}>
              {t("login.next")}
            </Button>
          </Form>
        ) : (
          <Form layout="vertical" onFinish={submitCode} requiredMark={false}>
            {!ticket.totpEnrolled && ticket.totpSecret && (
              <Space direction="vertical" style={{ width: "100%", marginBottom: 16 }}>
                <Typography.Paragraph>{t("login.enrolHelp")}</Typography.Paragraph>
                {ticket.otpauthUrl && <EnrolQr url={ticket.otpauthUrl} />}
                <Typography.Text>{t("login.secret")}</Typography.Text>
                <Typography.Text code copyable data-testid="totp-secret">
                  {ticket.totpSecret}
                </Typography.Text>
              </Space>
            )}
            <Form.Item
              name="code"
              label={t("login.code")}
              rules={[{ required: true, pattern: /^\d{6}$/, message: t("login.codeRule") }]}
            >
              <Input inputMode="numeric" maxLength={6} autoComplete="one-time-code" autoFocus />
            </Form.Item>
            <Space>
              <Button type="primary" htmlType="submit" loading={busy}>
                {t("login.verify")}
              </Button>
              <Button onClick={() => setTicket(null)}>{t("common.back")}</Button>
            </Space>
          </Form>
        )}
      </Card>
    </div>
  );
}
