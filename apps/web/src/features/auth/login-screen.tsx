import { Button, ErrorBlock } from "antd-mobile";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { PageHeader } from "../../components/page-header";

export default function LoginScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <div style={{ minHeight: "100vh", background: "#fff" }}>
      <PageHeader title={t("routes:login")} />
      <ErrorBlock status="empty" title={t("routes:login")} description={t("comingSoon")} />
      <div style={{ padding: 16 }}>
        <Button block onClick={() => navigate("/home")}>
          {t("backHome")}
        </Button>
      </div>
    </div>
  );
}
