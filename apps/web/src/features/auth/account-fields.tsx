// Pieces the login, register and forgot-password screens share: the e-mail/phone
// switch with a phone-code picker, the code sender with its countdown, the captcha.

import type { CodePurpose, Country } from "@candor/contract";
import { authPaths } from "@candor/contract/paths";
import { Button, Input } from "antd-mobile";
import { type ReactNode, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { CountryPicker, DEFAULT_COUNTRY } from "../../components/country-picker";
import { api } from "../../lib/api-client";
import { passwordProblem as newPasswordProblem } from "../../lib/password-rule";
import { showToast } from "../../lib/toast";
import styles from "./auth.module.css";

export type AccountKind = "email" | "phone";

export interface AccountValue {
  kind: AccountKind;
  account: string;
  country: Country;
}

export const emptyAccount = (kind: AccountKind = "email"): AccountValue => ({
  kind,
  account: "",
  country: DEFAULT_COUNTRY,
});

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const PHONE = /^[0-9]{4,15}$/;

/** A translation key for what is wrong with the account, or null. */
/** A username typed where an e-mail could be (password login): no "@" in it. */
export const isUsername = (v: AccountValue) => v.kind === "email" && /^[A-Za-z0-9_.-]{3,64}$/.test(v.account.trim());

export function accountProblem(v: AccountValue): string | null {
  const a = v.account.trim();
  if (a === "") return v.kind === "email" ? "errors.emailRequired" : "errors.phoneRequired";
  if (v.kind === "email" && !EMAIL.test(a)) return "errors.emailInvalid";
  if (v.kind === "phone" && !PHONE.test(a.replace(/[\s-]/g, ""))) return "errors.phoneInvalid";
  return null;
}

/** The translation key for what is wrong with a new password (rule in lib/password-rule), or null. */
export function passwordProblem(p: string): string | null {
  const problem = newPasswordProblem(p);
  if (problem === null) return null;
  return problem === "needsLetter" || problem === "needsDigit" ? "errors.passwordMix" : "errors.passwordLength";
}

export function AccountField({
  value,
  onChange,
  usernameOk = false,
}: {
  value: AccountValue;
  onChange: (v: AccountValue) => void;
  /** Password login: the e-mail field also takes a username (a guest's, say). */
  usernameOk?: boolean;
}) {
  const { t } = useTranslation("auth");
  const byName = usernameOk && value.kind === "email";
  return (
    <div className={styles.field}>
      <div className={styles.kinds} role="tablist" aria-label={t("accountType")}>
        {(["email", "phone"] as const).map((k) => (
          <button
            key={k}
            type="button"
            role="tab"
            aria-selected={value.kind === k}
            className={value.kind === k ? styles.kindActive : styles.kind}
            onClick={() => onChange({ ...value, kind: k, account: "" })}
          >
            {t(k)}
          </button>
        ))}
      </div>
      <div className={styles.inputRow}>
        {value.kind === "phone" ? (
          <CountryPicker
            value={value.country}
            onChange={(country) => onChange({ ...value, country })}
            showPhoneCode
            label={t("phoneCode")}
          />
        ) : null}
        <Input
          aria-label={t(value.kind)}
          placeholder={t(
            byName ? "emailOrUsernamePlaceholder" : value.kind === "email" ? "emailPlaceholder" : "phonePlaceholder",
          )}
          value={value.account}
          onChange={(account) => onChange({ ...value, account })}
          type={byName ? "text" : value.kind === "email" ? "email" : "tel"}
          autoComplete={value.kind === "email" ? "email" : "tel-national"}
          clearable
        />
      </div>
    </div>
  );
}

/** Sends a one-time code and counts down until another may be asked for. */
export function SendCodeButton({ target, purpose }: { target: AccountValue; purpose: CodePurpose }) {
  const { t } = useTranslation("auth");
  const [wait, setWait] = useState(0);
  const [sending, setSending] = useState(false);
  useEffect(() => {
    if (wait <= 0) return;
    const timer = setTimeout(() => setWait((w) => w - 1), 1000);
    return () => clearTimeout(timer);
  }, [wait]);
  const send = async () => {
    const problem = accountProblem(target);
    if (problem) {
      showToast(t(problem), "fail");
      return;
    }
    setSending(true);
    try {
      const result =
        target.kind === "email"
          ? await api.get(authPaths.emailCode, { query: { email: target.account.trim(), purpose } })
          : await api.get(authPaths.phoneCode, {
              query: { phone: target.account.trim(), countryCode: target.country.phoneCode, purpose },
            });
      setWait(result.resendInSeconds);
      showToast(t("codeSent"), "success");
    } catch {
      // the API client already showed the server's message
    } finally {
      setSending(false);
    }
  };
  return (
    <Button size="small" color="primary" fill="none" disabled={wait > 0} loading={sending} onClick={send}>
      {wait > 0 ? t("resendIn", { seconds: wait }) : t("sendCode")}
    </Button>
  );
}

/** The 6-digit code field with what sends the code beside it (login, register, address proof). */
export function CodeField({
  value,
  onChange,
  sender,
}: {
  value: string;
  onChange: (v: string) => void;
  sender: ReactNode;
}) {
  const { t } = useTranslation("auth");
  return (
    <div className={styles.inputRow}>
      <Input
        aria-label={t("code")}
        placeholder={t("code")}
        value={value}
        onChange={onChange}
        inputMode="numeric"
        maxLength={6}
        autoComplete="one-time-code"
      />
      {sender}
    </div>
  );
}

/** A new password typed twice (register, reset). */
export function NewPasswordFields({
  password,
  confirm,
  onPassword,
  onConfirm,
  label,
}: {
  password: string;
  confirm: string;
  onPassword: (v: string) => void;
  onConfirm: (v: string) => void;
  label: string;
}) {
  const { t } = useTranslation("auth");
  const field = (aria: string, placeholder: string, value: string, onChange: (v: string) => void) => (
    <div className={styles.inputRow}>
      <Input
        aria-label={aria}
        placeholder={placeholder}
        type="password"
        value={value}
        onChange={onChange}
        autoComplete="new-password"
      />
    </div>
  );
  return (
    <>
      {field(label, t("newPasswordHint"), password, onPassword)}
      {field(t("confirmPassword"), t("confirmPassword"), confirm, onConfirm)}
    </>
  );
}
