import { Card, List } from "antd-mobile";
import { GlobalOutline, UserOutline } from "antd-mobile-icons";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { PageHeader } from "../../components/page-header";
import { useUserStore } from "../../stores/user";

export default function MyScreen() {
  const { t } = useTranslation("my");
  const navigate = useNavigate();
  const user = useUserStore((s) => s.user);
  return (
    <div>
      <PageHeader title={t("routes:my")} back={false} />
      <Card style={{ margin: 12 }}>
        <div style={{ display: "flex", alignItems: "center", gap: 12 }}>
          <UserOutline fontSize={32} />
          <div>
            <div style={{ fontWeight: 600 }}>{user?.username}</div>
            <div style={{ color: "#999", fontSize: 12 }}>ID {user?.id}</div>
          </div>
        </div>
      </Card>
      <List>
        <List.Item prefix={<GlobalOutline />} onClick={() => navigate("/languages")}>
          {t("routes:languages")}
        </List.Item>
      </List>
    </div>
  );
}
