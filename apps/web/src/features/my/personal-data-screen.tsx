// /gerenziliao: the account at a glance (login identifiers, verification, invite code).
import { Button, List } from "antd-mobile";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { routes } from "../../app/routes";
import { PageHeader } from "../../components/page-header";
import { copyText } from "../../lib/clipboard";
import { formatDate } from "../../lib/format";
import { useUserStore } from "../../stores/user";

export default function PersonalDataScreen() {
  const { t } = useTranslation("my");
  const navigate = useNavigate();
  const user = useUserStore((s) => s.user);
  const dash = "--";
  return (
    <div>
      <PageHeader title={t("routes:personalData")} />
      <List>
        <List.Item extra={user?.username ?? dash}>{t("username")}</List.Item>
        <List.Item extra={user?.id ?? dash} onClick={() => user && void copyText(String(user.id))}>
          {t("userId")}
        </List.Item>
        <List.Item extra={user?.email ?? dash}>{t("email")}</List.Item>
        <List.Item extra={user?.phone ?? dash}>{t("phone")}</List.Item>
        <List.Item extra={user?.countryCode ?? dash}>{t("country")}</List.Item>
        <List.Item extra={t(`kyc.${user?.kycStatus ?? "none"}`)} onClick={() => navigate(routes.verificationResult)}>
          {t("routes:identityVerification")}
        </List.Item>
        <List.Item extra={user?.inviteCode ?? dash} onClick={() => user?.inviteCode && void copyText(user.inviteCode)}>
          {t("inviteCode")}
        </List.Item>
        <List.Item extra={formatDate(user?.createdAt, "date")}>{t("registeredAt")}</List.Item>
      </List>
      <div style={{ padding: 16 }}>
        <Button block color="primary" onClick={() => navigate(routes.personalInfo)}>
          {t("editPersonalInfo")}
        </Button>
      </div>
    </div>
  );
}
