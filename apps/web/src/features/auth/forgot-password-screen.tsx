// /forgotPassword: reset the login password with a one-time code and the security check
// (proof of work, asked on every try).
import { authPaths } from "@candor/contract/paths";
import { Button, Input } from "antd-mobile";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { routes } from "../../app/routes";
import { PageHeader } from "../../components/page-header";
import { api } from "../../lib/api-client";
import { showToast } from "../../lib/toast";
import {
  AccountField,
  type AccountValue,
  accountProblem,
  emptyAccount,
  NewPasswordFields,
  passwordProblem,
  SendCodeButton,
} from "./account-fields";
import styles from "./auth.module.css";
import { SecurityCheck } from "./security-check";

export default function ForgotPasswordScreen() {
  const { t } = useTranslation("auth");
  const navigate = useNavigate();
  const [account, setAccount] = useState<AccountValue>(emptyAccount());
  const [code, setCode] = useState("");
  const [password, setPassword] = useState("");
  const [confirm, setConfirm] = useState("");
  const [busy, setBusy] = useState(false);
  const [captcha, setCaptcha] = useState<string | null>(null);
  const [captchaRound, setCaptchaRound] = useState(0);

  const submit = async () => {
    const problem = accountProblem(account) ?? (code.trim() === "" ? "errors.codeRequired" : passwordProblem(password));
    if (problem) return showToast(t(problem), "fail");
    if (password !== confirm) return showToast(t("errors.passwordMismatch"), "fail");
    if (!captcha) return showToast(t("errors.captchaRequired"), "fail");
    setBusy(true);
    try {
      await api.post(authPaths.forgotPassword, {
        type: account.kind,
        account: account.account.trim(),
        ...(account.kind === "phone" ? { countryCode: account.country.phoneCode } : {}),
        code: code.trim(),
        newPassword: password,
        captcha,
      });
      showToast(t("passwordReset"), "success");
      navigate(routes.login, { replace: true });
    } catch {
      // message shown; input kept; the check was used, a fresh one starts
      setCaptchaRound((n) => n + 1);
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className={styles.page}>
      <PageHeader title={t("routes:forgotPassword")} />
      <div className={styles.body}>
        <p className={styles.hint}>{t("resetIntro")}</p>
        <form
          className={styles.form}
          onSubmit={(e) => {
            e.preventDefault();
            void submit();
          }}
        >
          <AccountField value={account} onChange={setAccount} />
          <div className={styles.inputRow}>
            <Input
              aria-label={t("code")}
              placeholder={t("code")}
              value={code}
              onChange={setCode}
              inputMode="numeric"
              maxLength={6}
            />
            <SendCodeButton target={account} purpose="reset" />
          </div>
          <NewPasswordFields
            password={password}
            confirm={confirm}
            onPassword={setPassword}
            onConfirm={setConfirm}
            label={t("newPassword")}
          />
          <SecurityCheck key={captchaRound} account={account.account.trim()} onChange={setCaptcha} />
          <Button block color="primary" size="large" type="submit" loading={busy} className={styles.submit}>
            {t("resetPassword")}
          </Button>
        </form>
      </div>
    </div>
  );
}
