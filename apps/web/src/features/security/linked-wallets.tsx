// Linked wallets (on the sessions screen, with the other ways into the account): link the
// browser's wallet with a signature, unlink with the login password. Shown when wallet login
// is offered or a wallet is linked.
import { Button, Card, Dialog, Input } from "antd-mobile";
import { useTranslation } from "react-i18next";
import { ApiError } from "../../lib/api-client";
import { signMessage, WalletUnavailable, walletAddress } from "../../lib/ethereum-wallet";
import { formatDate } from "../../lib/format";
import { showToast } from "../../lib/toast";
import { useLinkedWallets, useLinkWallet, useLoginMethods, useUnlinkWallet } from "./api";
import styles from "./security.module.css";

const short = (address: string) => `${address.slice(0, 8)}…${address.slice(-6)}`;

export function LinkedWallets() {
  const { t } = useTranslation("security");
  const methods = useLoginMethods();
  const wallets = useLinkedWallets();
  const link = useLinkWallet();
  const unlink = useUnlinkWallet();
  const offered = methods.data?.wallet === true;
  const list = wallets.data ?? [];
  if (!offered && list.length === 0) return null;

  const linkWallet = async () => {
    try {
      const address = await walletAddress();
      await link.mutateAsync({ address, sign: (message) => signMessage(address, message) });
      showToast(t("wallets.linked"), "success");
    } catch (err) {
      if (err instanceof WalletUnavailable) {
        if (err.reason === "none") await Dialog.alert({ content: t("wallets.noWallet"), confirmText: t("common:ok") });
        else showToast(t("wallets.rejected"), "fail");
      } else if (!(err instanceof ApiError)) showToast(t("wallets.failed"), "fail");
    }
  };

  const unlinkWallet = async (address: string) => {
    let password = "";
    const ok = await Dialog.confirm({
      title: t("wallets.unlinkTitle"),
      content: (
        <div className={styles.walletDialog}>
          <p>{t("wallets.unlinkText")}</p>
          <Input
            type="password"
            aria-label={t("wallets.password")}
            placeholder={t("wallets.password")}
            onChange={(v) => {
              password = v;
            }}
            autoComplete="current-password"
          />
        </div>
      ),
      confirmText: t("wallets.unlink"),
      cancelText: t("common:cancel"),
    });
    if (!ok) return;
    try {
      await unlink.mutateAsync({ address, password });
      showToast(t("wallets.unlinked"), "success");
    } catch {
      // The API client showed why (wrong password, the only way to log in).
    }
  };

  return (
    <section className={styles.wallets} aria-label={t("wallets.title")}>
      <h2 className={styles.walletsTitle}>{t("wallets.title")}</h2>
      <p className={styles.intro}>{t("wallets.intro")}</p>
      {wallets.isError ? <p className={styles.note}>{t("wallets.failed")}</p> : null}
      {list.length === 0 && wallets.isSuccess ? <p className={styles.note}>{t("wallets.none")}</p> : null}
      <ul className={styles.sessionList}>
        {list.map((w) => (
          <li key={w.address} aria-label={w.address}>
            <Card className={styles.sessionCard}>
              <div className={styles.sessionHead}>
                <span className={styles.deviceName} title={w.address}>
                  {short(w.address)}
                </span>
                <Button
                  size="small"
                  color="danger"
                  fill="outline"
                  loading={unlink.isPending && unlink.variables?.address === w.address}
                  onClick={() => void unlinkWallet(w.address)}
                >
                  {t("wallets.unlink")}
                </Button>
              </div>
              <p className={styles.userAgent}>{formatDate(w.linkedAt)}</p>
            </Card>
          </li>
        ))}
      </ul>
      {offered ? (
        <div className={styles.footer}>
          <Button block color="primary" fill="outline" loading={link.isPending} onClick={() => void linkWallet()}>
            {t("wallets.link")}
          </Button>
        </div>
      ) : null}
    </section>
  );
}
