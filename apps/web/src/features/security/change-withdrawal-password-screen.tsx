// Set or change the withdrawal password (/changeWithdrawalPassword). Whether one is set
// comes from the stored user, so the "old password" field can say which one it wants.
import { Button, DotLoading } from "antd-mobile";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { EmptyState } from "../../components/empty-state";
import { PageHeader } from "../../components/page-header";
import { refreshCurrentUser } from "../../lib/session";
import { useUserStore } from "../../stores/user";
import { PasswordForm } from "./password-form";
import styles from "./security.module.css";

export default function ChangeWithdrawalPasswordScreen() {
  const { t } = useTranslation("security");
  const user = useUserStore((s) => s.user);
  const [failed, setFailed] = useState(false);

  const load = async () => {
    setFailed(false);
    if (!(await refreshCurrentUser())) setFailed(true);
  };
  // The guard loads the user before the screen opens; this covers a failed load.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, when there is no user
  useEffect(() => {
    if (!user) void load();
  }, []);

  return (
    <div className={styles.page}>
      <PageHeader
        title={t(user && !user.hasWithdrawalPassword ? "setWithdrawalTitle" : "routes:changeWithdrawalPassword")}
      />
      {user ? (
        <>
          <p className={styles.intro}>{t("withdrawalIntro")}</p>
          {/* Remount when it becomes set so labels and rules follow. */}
          <PasswordForm
            key={String(user.hasWithdrawalPassword)}
            kind="withdrawal"
            hasWithdrawalPassword={user.hasWithdrawalPassword}
          />
        </>
      ) : failed ? (
        <EmptyState kind="error" title={t("loadFailed")} description={t("common:loadFailedHint")}>
          <Button color="primary" onClick={() => void load()}>
            {t("common:retry")}
          </Button>
        </EmptyState>
      ) : (
        <div className={styles.center}>
          <DotLoading color="primary" />
        </div>
      )}
    </div>
  );
}
