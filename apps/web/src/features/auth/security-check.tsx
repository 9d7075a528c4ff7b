// The security check (proof of work, ALTCHA): shown where the server asks for it (after
// failed logins, on every password reset, after a few registrations from one address). The
// widget fetches a challenge for the account typed in, solves it in a worker and hands the
// payload up; nothing to read or type, announced to screen readers by the widget itself.

import { authPaths } from "@candor/contract/paths";
import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { api } from "../../lib/api-client";
import styles from "./auth.module.css";

/** The widget's texts, from the auth locale (keys of securityCheck). */
const STRING_KEYS = [
  "label",
  "verified",
  "verifying",
  "verificationRequired",
  "waitAlert",
  "error",
  "expired",
  "loading",
  "reload",
  "verify",
] as const;

type Widget = HTMLElement & {
  configure: (config: Record<string, unknown>) => void;
  verify: () => Promise<unknown>;
};

/** The envelope's challenge as the bare JSON the widget expects. */
const challengeFetch = (account: () => string | undefined) => async (): Promise<Response> => {
  const a = account();
  const result = await api.get(authPaths.captchaChallenge, { query: a ? { account: a } : {}, silent: true });
  return new Response(JSON.stringify(result.challenge), { headers: { "Content-Type": "application/json" } });
};

export function SecurityCheck({
  account,
  onChange,
}: {
  /** The account the check is for (login, reset): its failures set the difficulty. */
  account?: string;
  /** The solved payload, or null while unsolved / expired. */
  onChange: (payload: string | null) => void;
}) {
  const { t, i18n } = useTranslation("auth");
  const host = useRef<HTMLDivElement>(null);
  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;
  // Read when a challenge is fetched: typing does not restart the widget.
  const accountRef = useRef(account);
  accountRef.current = account;

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new widget per language (t follows it)
  useEffect(() => {
    let widget: Widget | null = null;
    let cancelled = false;
    void import("./altcha-loader").then(({ setAltchaStrings }) => {
      if (cancelled || !host.current) return;
      const language = `candor-${i18n.language}`;
      setAltchaStrings(language, Object.fromEntries(STRING_KEYS.map((key) => [key, t(`securityCheck.${key}`)])));
      widget = document.createElement("altcha-widget") as Widget;
      widget.setAttribute("name", "captcha");
      widget.addEventListener("statechange", (event) => {
        const detail = (event as CustomEvent<{ state: string; payload?: string }>).detail;
        onChangeRef.current(detail.state === "verified" && detail.payload ? detail.payload : null);
      });
      // The widget's methods exist once it has loaded: configure it then, and start the check
      // (it runs by itself; the checkbox also starts it again after an error or expiry).
      const w = widget;
      w.addEventListener("load", () => {
        w.configure({
          challenge: authPaths.captchaChallenge,
          fetch: challengeFetch(() => accountRef.current),
          language,
          hideFooter: true,
          hideLogo: true,
        });
        void w.verify();
      });
      host.current.append(w);
    });
    return () => {
      cancelled = true;
      widget?.remove();
      onChangeRef.current(null);
    };
  }, [i18n.language]);

  return <div ref={host} className={styles.securityCheck} data-testid="security-check" />;
}
