// The security check (ALTCHA proof of work) after failed console logins: the widget fetches
// a challenge, solves it in a worker (from our own origin: the CSP allows no other) and
// hands up the payload for the `captcha` field. Loaded on first use only.

import { authPaths } from "@candor/contract/paths";
import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { get } from "../../lib/api";

type Widget = HTMLElement & {
  configure: (config: Record<string, unknown>) => void;
  verify: () => Promise<unknown>;
};

const KEYS = [
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

async function loadWidget() {
  await import("altcha/altcha.css");
  await import("altcha/external");
  const { default: Pbkdf2Worker } = await import("altcha/workers/pbkdf2?worker");
  globalThis.$altcha.algorithms.set("PBKDF2/SHA-256", () => new Pbkdf2Worker());
}

export function SecurityCheck({ account, onChange }: { account: string; onChange: (payload: string | null) => void }) {
  const { t, i18n } = useTranslation();
  const host = useRef<HTMLDivElement>(null);
  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;
  const accountRef = useRef(account);
  accountRef.current = account;

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new widget per language (t follows it)
  useEffect(() => {
    let widget: Widget | null = null;
    let cancelled = false;
    void loadWidget().then(() => {
      if (cancelled || !host.current) return;
      const language = `candor-console-${i18n.language}`;
      globalThis.$altcha.i18n.set(language, Object.fromEntries(KEYS.map((k) => [k, t(`login.securityCheck.${k}`)])));
      widget = document.createElement("altcha-widget") as Widget;
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
          // The envelope's challenge, as the bare JSON the widget expects.
          fetch: async () => {
            const result = await get(authPaths.captchaChallenge, { account: `staff:${accountRef.current}` });
            return new Response(JSON.stringify(result.challenge), {
              headers: { "Content-Type": "application/json" },
            });
          },
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

  return <div ref={host} data-testid="security-check" style={{ minHeight: 56, marginBottom: 16 }} />;
}
