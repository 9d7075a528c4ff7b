// /withdrawal-freeze?token=…: the "this was not me" link of a new-address notice. Opens
// without a login (the customer may be locked out); one button freezes new withdrawals.
import { walletPaths } from "@candor/contract/paths";
import { Button } from "antd-mobile";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import { PageHeader } from "../../components/page-header";
import { api } from "../../lib/api-client";
import styles from "./wallet.module.css";

export default function WithdrawalFreezeScreen() {
  const { t } = useTranslation("wallet");
  const [params] = useSearchParams();
  const token = params.get("token") ?? "";
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState(false);

  const freeze = async () => {
    setBusy(true);
    try {
      await api.post(walletPaths.freeze, { token });
      setDone(true);
    } catch {
      // the server's message was shown
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className={styles.page}>
      <PageHeader title={t("routes:withdrawalFreeze")} />
      <div className={styles.card}>
        <h2 style={{ fontSize: 16, margin: "0 0 8px" }}>{t("freezeTitle")}</h2>
        {done ? (
          <p data-testid="freeze-done">{t("freezeDone")}</p>
        ) : token === "" ? (
          <p>{t("freezeNoToken")}</p>
        ) : (
          <>
            <p className={styles.muted}>{t("freezeExplain")}</p>
            <Button block color="danger" loading={busy} onClick={() => void freeze()}>
              {t("freezeButton")}
            </Button>
          </>
        )}
      </div>
    </div>
  );
}
