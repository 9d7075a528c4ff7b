import type { Lang } from "@candor/contract";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { App as AntApp, ConfigProvider, type ConfigProviderProps } from "antd";
import enUS from "antd/locale/en_US";
import esES from "antd/locale/es_ES";
import jaJP from "antd/locale/ja_JP";
import koKR from "antd/locale/ko_KR";
import msMY from "antd/locale/ms_MY";
import thTH from "antd/locale/th_TH";
import viVN from "antd/locale/vi_VN";
import zhTW from "antd/locale/zh_TW";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { useTranslation } from "react-i18next";
import { HashRouter } from "react-router";
import { ConsoleRoutes } from "./app/routes";
import { currentLang } from "./lib/i18n";

/** Ant Design's own words (date pickers, pagination, empty tables) in the console's language. */
const ANTD_LOCALES: Record<Lang, ConfigProviderProps["locale"]> = {
  "en-us": enUS,
  ko: koKR,
  jp: jaJP,
  tai: thTH,
  mlxy: msMY,
  vl: viVN,
  xi: esES,
  "zh-cn": zhTW,
};

const queryClient = new QueryClient({
  defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false, staleTime: 5_000 } },
});

function Root() {
  useTranslation(); // re-render when the language changes
  return (
    // Ant Design would put a space between two CJK characters in a button ("審 核"): Japanese and
    // Chinese don't space their words, and screen readers would read two syllables as two words.
    <ConfigProvider
      locale={ANTD_LOCALES[currentLang()]}
      theme={{ token: { colorPrimary: "#1677ff" } }}
      button={{ autoInsertSpace: false }}
    >
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
