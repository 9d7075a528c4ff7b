import TabBar from "antd-mobile/es/components/tab-bar";
import AppOutline from "antd-mobile-icons/es/AppOutline";
import HistogramOutline from "antd-mobile-icons/es/HistogramOutline";
import PieOutline from "antd-mobile-icons/es/PieOutline";
import UserOutline from "antd-mobile-icons/es/UserOutline";
import { useTranslation } from "react-i18next";
import { useLocation, useNavigate } from "react-router";
import type { TAB_PATHS } from "../app/route-table";
import { routes, TRADE_PATHS } from "../app/routes";
import { useChatUnread } from "../lib/chat-unread";
import styles from "./tab-bar.module.css";

const SwapIcon = () => (
  <svg
    width="1em"
    height="1em"
    viewBox="0 0 24 24"
    fill="none"
    stroke="currentColor"
    strokeWidth="2"
    aria-hidden="true"
  >
    <path d="M4 8h14l-4-4M20 16H6l4 4" strokeLinecap="round" strokeLinejoin="round" />
  </svg>
);

const TABS = [
  { key: routes.home, titleKey: "tabs.home", icon: <AppOutline /> },
  { key: routes.market, titleKey: "tabs.market", icon: <HistogramOutline /> },
  { key: routes.contract, titleKey: "tabs.contract", icon: <PieOutline /> },
  { key: routes.flashExchange, titleKey: "tabs.flash", icon: <SwapIcon /> },
  { key: routes.my, titleKey: "tabs.my", icon: <UserOutline /> },
] as const satisfies readonly { key: (typeof TAB_PATHS)[number]; titleKey: string; icon: React.ReactNode }[];

/** Bottom tab bar: Home, Market, Contract, Flash (exchange), My. */
export function AppTabBar() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const unread = useChatUnread((s) => s.count);
  return (
    <nav className={styles.bar} aria-label={t("tabs.label")}>
      <TabBar
        activeKey={TRADE_PATHS.includes(pathname) ? routes.contract : pathname}
        onChange={(key) => navigate(key)}
        safeArea
      >
        {TABS.map((tab) => (
          <TabBar.Item
            key={tab.key}
            icon={tab.icon}
            title={t(tab.titleKey)}
            badge={tab.key === routes.my && unread > 0 ? unread : undefined}
          />
        ))}
      </TabBar>
    </nav>
  );
}
