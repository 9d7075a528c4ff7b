// /login: password or one-time code, e-mail or phone; the security check (proof of work)
// and the Google code appear when the server asks for them. Guest login shows its password once.
// Wallet and third-party logins (external-logins.tsx) show when the server offers them.

import type { AuthResult } from "@candor/contract";
import { authPaths } from "@candor/contract/paths";
import { Button, Dialog, Input } from "antd-mobile";
import { EyeInvisibleOutline, EyeOutline } from "antd-mobile-icons";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate, useSearchParams } from "react-router";
import { routes } from "../../app/routes";
import { LanguageButton } from "../../components/language-picker";
import { PageHeader } from "../../components/page-header";
import { SegmentedChoice } from "../../components/segmented-choice";
import { ApiError, api } from "../../lib/api-client";
import { copyText } from "../../lib/clipboard";
import { completeLogin } from "../../lib/session";
import { showToast } from "../../lib/toast";
import {
  AccountField,
  type AccountValue,
  accountProblem,
  CodeField,
  emptyAccount,
  isUsername,
  SendCodeButton,
} from "./account-fields";
import styles from "./auth.module.css";
import { deviceId, rememberedGuest, rememberGuest } from "./device";
import { ExternalLogins } from "./external-logins";
import { SecurityCheck } from "./security-check";

type Mode = "password" | "code";

export default function LoginScreen() {
  const { t } = useTranslation("auth");
  const navigate = useNavigate();
  // An invitation link (/#/login?invite=CODE) opens registration with the code filled in.
  const [params] = useSearchParams();
  const invite = params.get("invite");
  const registerPath = invite ? `${routes.register}?invite=${encodeURIComponent(invite)}` : routes.register;
  useEffect(() => {
    if (invite) navigate(registerPath, { replace: true });
  }, [invite, registerPath, navigate]);
  const [mode, setMode] = useState<Mode>("password");
  const [account, setAccount] = useState<AccountValue>(emptyAccount());
  const [password, setPassword] = useState("");
  const [showPassword, setShowPassword] = useState(false);
  const [code, setCode] = useState("");
  const [captchaNeeded, setCaptchaNeeded] = useState(false);
  const [captcha, setCaptcha] = useState<string | null>(null);
  const [captchaRound, setCaptchaRound] = useState(0);
  const [googleNeeded, setGoogleNeeded] = useState(false);
  const [googleCode, setGoogleCode] = useState("");
  const [busy, setBusy] = useState(false);

  const finish = async (token: string) => {
    const target = await completeLogin(token);
    navigate(target, { replace: true });
  };

  const submit = async () => {
    const problem = mode === "password" && isUsername(account) ? null : accountProblem(account);
    if (problem) return showToast(t(problem), "fail");
    if (mode === "password" && password === "") return showToast(t("errors.passwordRequired"), "fail");
    if (mode === "code" && code.trim() === "") return showToast(t("errors.codeRequired"), "fail");
    if (captchaNeeded && !captcha) return showToast(t("errors.captchaRequired"), "fail");
    if (googleNeeded && googleCode.trim() === "") return showToast(t("errors.googleRequired"), "fail");
    const challenge = {
      ...(captchaNeeded && captcha ? { captcha } : {}),
      ...(googleNeeded ? { googleCode: googleCode.trim() } : {}),
    };
    const a = account.account.trim();
    setBusy(true);
    try {
      let result: AuthResult;
      if (mode === "password") {
        result = await api.post(
          authPaths.login,
          {
            account: a,
            password,
            ...(account.kind === "phone" ? { countryCode: account.country.phoneCode } : {}),
            ...challenge,
          },
          { silent: true },
        );
      } else if (account.kind === "email") {
        result = await api.post(authPaths.emailLogin, { email: a, code: code.trim(), ...challenge }, { silent: true });
      } else {
        result = await api.post(
          authPaths.phoneLogin,
          { phone: a, countryCode: account.country.phoneCode, code: code.trim(), ...challenge },
          { silent: true },
        );
      }
      await finish(result.token);
    } catch (err) {
      if (err instanceof ApiError) {
        if (err.headers?.get("X-Captcha-Required") === "true") {
          setCaptchaNeeded(true);
          setCaptchaRound((n) => n + 1); // a fresh check after every failure (used once)
        }
        if (err.headers?.get("X-Google-Auth-Required") === "true") setGoogleNeeded(true);
        showToast(err.message, "fail");
      }
    } finally {
      setBusy(false);
    }
  };

  const guest = async () => {
    setBusy(true);
    try {
      const result = await api.post(authPaths.guestLogin, { deviceId: deviceId() });
      rememberGuest(result.userInfo.username);
      await Dialog.alert({
        title: t("guest.title"),
        content: (
          <div className={styles.guest} data-testid="guest-password">
            <p>{t("guest.intro")}</p>
            <dl>
              <dt>{t("guest.username")}</dt>
              <dd>{result.userInfo.username}</dd>
              <dt>{t("guest.password")}</dt>
              <dd>
                <code>{result.initialPassword}</code>
              </dd>
            </dl>
            <Button size="small" onClick={() => void copyText(result.initialPassword)}>
              {t("guest.copy")}
            </Button>
            <p className={styles.hint}>{t("guest.once")}</p>
          </div>
        ),
        confirmText: t("guest.continue"),
      });
      await finish(result.token);
    } catch (err) {
      // 409 "account already exists, please log in with password" was shown by the API client:
      // lead to that account's login, with its username when this device remembers it.
      if (err instanceof ApiError && err.code === 409) {
        setMode("password");
        setAccount({ ...emptyAccount("email"), account: rememberedGuest() ?? "" });
      }
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className={styles.page}>
      <PageHeader title={t("routes:login")} right={<LanguageButton />} />
      <div className={styles.body}>
        <h1 className={styles.heading}>{t("loginHeading")}</h1>
        <SegmentedChoice<Mode>
          value={mode}
          onChange={setMode}
          options={[
            { label: t("passwordLogin"), value: "password" },
            { label: t("codeLogin"), value: "code" },
          ]}
        />
        <form
          className={styles.form}
          onSubmit={(e) => {
            e.preventDefault();
            void submit();
          }}
        >
          <AccountField value={account} onChange={setAccount} usernameOk={mode === "password"} />
          {mode === "password" ? (
            <div className={styles.inputRow}>
              <Input
                aria-label={t("password")}
                placeholder={t("password")}
                type={showPassword ? "text" : "password"}
                value={password}
                onChange={setPassword}
                autoComplete="current-password"
              />
              <button
                type="button"
                className={styles.eye}
                onClick={() => setShowPassword((s) => !s)}
                aria-label={t(showPassword ? "hidePassword" : "showPassword")}
              >
                {showPassword ? <EyeOutline /> : <EyeInvisibleOutline />}
              </button>
            </div>
          ) : (
            <CodeField value={code} onChange={setCode} sender={<SendCodeButton target={account} purpose="login" />} />
          )}
          {captchaNeeded ? (
            <SecurityCheck key={captchaRound} account={account.account.trim()} onChange={setCaptcha} />
          ) : null}
          {googleNeeded ? (
            <div className={styles.inputRow}>
              <Input
                aria-label={t("googleCode")}
                placeholder={t("googleCode")}
                value={googleCode}
                onChange={setGoogleCode}
                inputMode="numeric"
                maxLength={6}
              />
            </div>
          ) : null}
          <Button block color="primary" size="large" type="submit" loading={busy} className={styles.submit}>
            {t("logIn")}
          </Button>
        </form>
        <div className={styles.links}>
          <Link to={routes.forgotPassword}>{t("forgotPassword")}</Link>
          <Link to={registerPath}>{t("createAccount")}</Link>
        </div>
        <Button block fill="outline" onClick={() => void guest()} disabled={busy} className={styles.guestButton}>
          {t("guest.button")}
        </Button>
        <ExternalLogins onToken={finish} disabled={busy} />
      </div>
    </div>
  );
}
