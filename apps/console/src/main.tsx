import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { App as AntApp, ConfigProvider } from "antd";
import enUS from "antd/locale/en_US";
import zhTW from "antd/locale/zh_TW";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { useTranslation } from "react-i18next";
import { HashRouter } from "react-router";
import { ConsoleRoutes } from "./app/routes";
import "./lib/i18n";

const queryClient = new QueryClient({
  defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false, staleTime: 5_000 } },
});

function Root() {
  const { i18n } = useTranslation();
  return (
    <ConfigProvider locale={i18n.language === "zh-cn" ? zhTW : enUS} theme={{ token: { colorPrimary: "#1677ff" } }}>
      <AntApp>
        <QueryClientProvider client={queryClient}>
          <HashRouter>
            <ConsoleRoutes />
          </HashRouter>
        </QueryClientProvider>
      </AntApp>
    </ConfigProvider>
  );
}

const root = document.getElementById("root");
if (root) {
  createRoot(root).render(
    <StrictMode>
      <Root />
    </StrictMode>,
  );
}
