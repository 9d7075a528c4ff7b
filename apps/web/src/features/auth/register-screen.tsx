// /register: e-mail or phone with the code sent to it (purpose=register: it proves the
// address, so the account can deposit and withdraw), password twice, optional invitation
// code (prefilled from ?invite=), consent to the user agreement (required); the security
// check when the server asks for it.

import { authPaths } from "@candor/contract/paths";
import { Button, Checkbox, Input } from "antd-mobile";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate, useSearchParams } from "react-router";
import { routes } from "../../app/routes";
import { LanguageButton } from "../../components/language-picker";
import { LazyPopup } from "../../components/lazy-popup";
import { PageHeader } from "../../components/page-header";
import { ApiError, api } from "../../lib/api-client";
import { completeLogin } from "../../lib/session";
import { showToast } from "../../lib/toast";
import {
  AccountField,
  type AccountValue,
  accountProblem,
  CodeField,
  emptyAccount,
  NewPasswordFields,
  passwordProblem,
  SendCodeButton,
} from "./account-fields";
import styles from "./auth.module.css";
import { SecurityCheck } from "./security-check";

export default function RegisterScreen() {
  const { t } = useTranslation("auth");
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [account, setAccount] = useState<AccountValue>(emptyAccount());
  const [code, setCode] = useState("");
  const [password, setPassword] = useState("");
  const [confirm, setConfirm] = useState("");
  const [invite, setInvite] = useState(params.get("invite") ?? "");
  const [agree, setAgree] = useState(false);
  const [agreementOpen, setAgreementOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  // After a few registrations from one address the server asks for the security check.
  const [captchaNeeded, setCaptchaNeeded] = useState(false);
  const [captcha, setCaptcha] = useState<string | null>(null);
  const [captchaRound, setCaptchaRound] = useState(0);

  const submit = async () => {
    const problem = accountProblem(account) ?? passwordProblem(password);
    if (problem) return showToast(t(problem), "fail");
    if (!/^\d{6}$/.test(code.trim())) return showToast(t("errors.codeRequired"), "fail");
    if (password !== confirm) return showToast(t("errors.passwordMismatch"), "fail");
    if (!agree) return showToast(t("errors.mustAgree"), "fail");
    if (captchaNeeded && !captcha) return showToast(t("errors.captchaRequired"), "fail");
    setBusy(true);
    try {
      const result = await api.post(authPaths.register, {
        type: account.kind,
        account: account.account.trim(),
        ...(account.kind === "phone" ? { countryCode: account.country.phoneCode } : {}),
        code: code.trim(),
        password,
        ...(invite.trim() ? { inviteCode: invite.trim() } : {}),
        agree: true,
        ...(captchaNeeded && captcha ? { captcha } : {}),
      });
      showToast(t("registered"), "success");
      navigate(await completeLogin(result.token), { replace: true });
    } catch (err) {
      // the server's message was shown; the form keeps what was typed
      if (err instanceof ApiError && err.headers?.get("X-Captcha-Required") === "true") {
        setCaptchaNeeded(true);
        setCaptchaRound((n) => n + 1); // a check is used once
      }
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className={styles.page}>
      <PageHeader title={t("routes:register")} right={<LanguageButton />} />
      <div className={styles.body}>
        <h1 className={styles.heading}>{t("createAccount")}</h1>
        <form
          className={styles.form}
          onSubmit={(e) => {
            e.preventDefault();
            void submit();
          }}
        >
          <AccountField value={account} onChange={setAccount} />
          <CodeField value={code} onChange={setCode} sender={<SendCodeButton target={account} purpose="register" />} />
          <NewPasswordFields
            password={password}
            confirm={confirm}
            onPassword={setPassword}
            onConfirm={setConfirm}
            label={t("password")}
          />
          <div className={styles.inputRow}>
            <Input
              aria-label={t("inviteCode")}
              placeholder={t("inviteCodeOptional")}
              value={invite}
              onChange={setInvite}
            />
          </div>
          <div className={styles.consent}>
            {/* The link sits in the sentence, in its font; a button inside the label opens the
                agreement without ticking the box. */}
            <Checkbox checked={agree} onChange={setAgree} aria-label={t("agreeLabel")}>
              {t("agreePrefix")}{" "}
              <button
                type="button"
                className={styles.linkButton}
                onClick={(e) => {
                  e.preventDefault();
                  setAgreementOpen(true);
                }}
              >
                {t("userAgreement")}
              </button>
            </Checkbox>
          </div>
          {captchaNeeded ? <SecurityCheck key={captchaRound} onChange={setCaptcha} /> : null}
          <Button block color="primary" size="large" type="submit" loading={busy} className={styles.submit}>
            {t("register")}
          </Button>
        </form>
        <div className={styles.links}>
          <span />
          <Link to={routes.login}>{t("haveAccount")}</Link>
        </div>
      </div>
      <LazyPopup
        visible={agreementOpen}
        onMaskClick={() => setAgreementOpen(false)}
        bodyStyle={{ maxHeight: "75vh", overflowY: "auto" }}
      >
        <article className={styles.agreement}>
          <h2>{t("userAgreement")}</h2>
          {(t("agreement", { returnObjects: true }) as string[]).map((p) => (
            <p key={p}>{p}</p>
          ))}
          <Button block color="primary" onClick={() => setAgreementOpen(false)}>
            {t("common:ok")}
          </Button>
        </article>
      </LazyPopup>
    </div>
  );
}
