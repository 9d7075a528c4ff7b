// /forgotPassword: reset the login password with a one-time code.
import { Button, Input } from "antd-mobile";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
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

export default function ForgotPasswordScreen() {
  const { t } = useTranslation("auth");
  const navigate = useNavigate();
  const [account, setAccount] = useState<AccountValue>(emptyAccount());
  const [code, setCode] = useState("");
  const [password, setPassword] = useState("");
  const [confirm, setConfirm] = useState("");
  const [busy, setBusy] = useState(false);

  const submit = async () => {
    const problem = accountProblem(account) ?? (code.trim() === "" ? "errors.codeRequired" : passwordProblem(password));
    if (problem) return showToast(t(problem), "fail");
    if (password !== confirm) return showToast(t("errors.passwordMismatch"), "fail");
    setBusy(true);
    try {
      await api.post("/api/app/forgotPassword", {
        type: account.kind,
        account: account.account.trim(),
        ...(account.kind === "phone" ? { countryCode: account.country.phoneCode } : {}),
        code: code.trim(),
        newPassword: password,
      });
      showToast(t("passwordReset"), "success");
      navigate("/login", { replace: true });
    } catch {
      // message shown; input kept
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
          <Button block color="primary" size="large" type="submit" loading={busy} className={styles.submit}>
            {t("resetPassword")}
          </Button>
        </form>
      </div>
    </div>
  );
}
