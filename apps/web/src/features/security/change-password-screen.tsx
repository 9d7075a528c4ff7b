// Change the login password (/changePassword). Other sessions end when it changes.
import { useTranslation } from "react-i18next";
import { PageHeader } from "../../components/page-header";
import { PasswordForm } from "./password-form";
import styles from "./security.module.css";

export default function ChangePasswordScreen() {
  const { t } = useTranslation("security");
  return (
    <div className={styles.page}>
      <PageHeader title={t("routes:changeLoginPassword")} />
      <p className={styles.intro}>{t("loginIntro")}</p>
      <PasswordForm kind="login" hasWithdrawalPassword={false} />
    </div>
  );
}
