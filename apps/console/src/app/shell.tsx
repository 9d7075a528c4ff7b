// The desktop frame: a side menu with the screens the role may open, a header with the
// staff member, the language and logout.
import { LANG_LABELS } from "@candor/contract";
import { staffPaths } from "@candor/contract/paths";
import { Button, Layout, Menu, Select, Space, Tag, Typography } from "antd";
import { useTranslation } from "react-i18next";
import { Outlet, useLocation, useNavigate } from "react-router";
import { post } from "../lib/api";
import { CONSOLE_LANGS, type ConsoleLang, currentLang, setLang } from "../lib/i18n";
import { can } from "../lib/permissions";
import { setSession, useSession } from "../lib/session";
import { SCREENS } from "./screens";

const MENU = SCREENS.filter((s) => s.menu).map((s) => ({
  path: `/${s.path}`,
  key: s.menu ?? "",
  permission: s.permission,
}));

export function Shell() {
  const { t } = useTranslation();
  const session = useSession();
  const navigate = useNavigate();
  const location = useLocation();
  const role = session?.staff.role;
  const selected = MENU.filter((m) => m.path !== "/" && location.pathname.startsWith(m.path)).map((m) => m.path);

  const logout = async () => {
    try {
      await post(staffPaths.logout);
    } finally {
      setSession(null);
    }
  };

  return (
    <Layout style={{ minHeight: "100vh" }}>
      <Layout.Sider width={220} theme="light" breakpoint="lg" collapsedWidth={0}>
        <Typography.Title level={4} style={{ padding: "16px 20px", margin: 0, fontSize: 18, whiteSpace: "nowrap" }}>
          {t("app.title")}
        </Typography.Title>
        <Menu
          mode="inline"
          selectedKeys={selected.length > 0 ? selected : ["/"]}
          onClick={({ key }) => navigate(key)}
          items={MENU.filter((m) => can(role, m.permission)).map((m) => ({ key: m.path, label: t(m.key) }))}
        />
      </Layout.Sider>
      <Layout>
        <Layout.Header
          style={{ background: "#fff", display: "flex", justifyContent: "flex-end", alignItems: "center", gap: 16 }}
        >
          <Space>
            <span data-testid="staff-name">{session?.staff.displayName || session?.staff.username}</span>
            {role && <Tag color="blue">{t(`roles.${role}`)}</Tag>}
          </Space>
          <Select
            aria-label={t("app.language")}
            value={currentLang()}
            style={{ width: 150 }}
            onChange={(lang: ConsoleLang) => setLang(lang)}
            options={CONSOLE_LANGS.map((l) => ({ value: l, label: LANG_LABELS[l] }))}
          />
          <Button onClick={logout}>{t("app.logout")}</Button>
        </Layout.Header>
        <Layout.Content style={{ margin: 24 }}>
          <Outlet />
        </Layout.Content>
      </Layout>
    </Layout>
  );
}
