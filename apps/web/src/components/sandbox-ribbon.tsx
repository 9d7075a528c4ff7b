// "Sandbox — no real money": a thin fixed bar on every screen while the server runs in
// sandbox mode (public settings). It never covers anything: while it shows, the shell and
// the sticky headers move down by --sandbox-inset.
import { useLayoutEffect } from "react";
import { useTranslation } from "react-i18next";
import { cachedSettings } from "../lib/desktop";
import styles from "./sandbox-ribbon.module.css";

export const SANDBOX_INSET = "20px";

/** The server's sandbox flag, as loaded (or cached) before the app rendered. */
export function isSandboxMode(): boolean {
  return cachedSettings()?.sandbox === true;
}

export function SandboxRibbon({ sandbox }: { sandbox: boolean }) {
  const { t } = useTranslation();
  useLayoutEffect(() => {
    if (!sandbox) return;
    const root = document.documentElement;
    root.style.setProperty("--sandbox-inset", SANDBOX_INSET);
    return () => {
      root.style.removeProperty("--sandbox-inset");
    };
  }, [sandbox]);
  if (!sandbox) return null;
  return (
    <div className={styles.ribbon} role="status" data-testid="sandbox-ribbon">
      {t("sandboxRibbon")}
    </div>
  );
}
