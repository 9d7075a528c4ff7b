// The login screen's other ways in, shown only when the server offers them (loginMethods):
// "Continue with wallet" (Sign-In with Ethereum) and one button per OpenID Connect provider.
// A provider's login comes back to /#/login?oidc=<one-time code>, exchanged here for the session.
import { authPaths } from "@candor/contract/paths";
import { useQuery } from "@tanstack/react-query";
import { Button, Dialog } from "antd-mobile";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import { ApiError, api } from "../../lib/api-client";
import { signMessage, WalletUnavailable, walletAddress } from "../../lib/ethereum-wallet";
import { showToast } from "../../lib/toast";
import styles from "./auth.module.css";

export function ExternalLogins({
  onToken,
  disabled,
}: {
  onToken: (token: string) => Promise<void>;
  disabled: boolean;
}) {
  const { t } = useTranslation("auth");
  const [params, setParams] = useSearchParams();
  const [busy, setBusy] = useState<string | null>(null);
  const methods = useQuery({
    queryKey: ["loginMethods"],
    queryFn: () => api.get(authPaths.loginMethods, { silent: true }),
    staleTime: 5 * 60_000,
  });

  // Back from a provider: exchange the one-time code once, then drop it from the address.
  const handoff = params.get("oidc");
  const failed = params.get("oidcError");
  const handled = useRef(false);
  useEffect(() => {
    if ((!handoff && !failed) || handled.current) return;
    handled.current = true;
    setParams({}, { replace: true });
    if (failed || !handoff) {
      showToast(t("external.oidcFailed"), "fail");
      return;
    }
    void api
      .post(authPaths.oidcLogin, { code: handoff }, { silent: true })
      .then((result) => onToken(result.token))
      .catch(() => showToast(t("external.oidcFailed"), "fail"));
  }, [handoff, failed, setParams, onToken, t]);

  const wallet = async () => {
    setBusy("wallet");
    try {
      const address = await walletAddress();
      const { message } = await api.get(authPaths.walletNonce, { query: { address } });
      const signature = await signMessage(address, message);
      const result = await api.post(authPaths.walletLogin, { message, signature }, { silent: true });
      await onToken(result.token);
    } catch (err) {
      if (err instanceof WalletUnavailable && err.reason === "none") {
        await Dialog.alert({ content: t("external.noWallet"), confirmText: t("external.ok") });
      } else if (err instanceof WalletUnavailable) showToast(t("external.rejected"), "fail");
      else if (err instanceof ApiError) showToast(err.message, "fail");
      else showToast(t("external.walletFailed"), "fail");
    } finally {
      setBusy(null);
    }
  };

  const provider = async (id: string) => {
    setBusy(id);
    try {
      const { url } = await api.get(authPaths.oidcStart, { params: { provider: id } });
      window.location.assign(url);
    } catch {
      setBusy(null); // the API client showed why
    }
  };

  const offered = methods.data;
  if (!offered || (!offered.wallet && offered.oidc.length === 0)) return null;
  return (
    <section className={styles.external} aria-label={t("external.title")}>
      <p className={styles.divider}>
        <span>{t("external.or")}</span>
      </p>
      {offered.wallet ? (
        <Button
          block
          fill="outline"
          loading={busy === "wallet"}
          disabled={disabled || busy !== null}
          onClick={() => void wallet()}
        >
          {t("external.wallet")}
        </Button>
      ) : null}
      {offered.oidc.map((p) => (
        <Button
          key={p.id}
          block
          fill="outline"
          loading={busy === p.id}
          disabled={disabled || busy !== null}
          onClick={() => void provider(p.id)}
        >
          {t("external.provider", { name: p.name })}
        </Button>
      ))}
    </section>
  );
}
