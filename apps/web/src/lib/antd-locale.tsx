// antd-mobile's own texts (OK/Cancel in dialogs and pickers, "loading", "no more")
// follow the app language; its default would be Simplified Chinese.
import type { Lang } from "@candor/contract";
import { ConfigProvider, setDefaultConfig } from "antd-mobile";
import enUS from "antd-mobile/es/locales/en-US";
import esES from "antd-mobile/es/locales/es-ES";
import jaJP from "antd-mobile/es/locales/ja-JP";
import koKR from "antd-mobile/es/locales/ko-KR";
import msMY from "antd-mobile/es/locales/ms-MY";
import thTH from "antd-mobile/es/locales/th-TH";
import viVN from "antd-mobile/es/locales/vi-VN";
import zhTW from "antd-mobile/es/locales/zh-TW";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { currentLang } from "./i18n";

export const ANTD_LOCALES: Record<Lang, typeof enUS> = {
  "en-us": enUS,
  ko: koKR,
  jp: jaJP,
  tai: thTH,
  mlxy: msMY,
  vl: viVN,
  xi: esES,
  "zh-cn": zhTW,
};

/** Wraps the app; also sets the default for Dialog/Toast rendered outside the tree. */
export function AntdLocale({ children }: { children: ReactNode }) {
  useTranslation(); // re-render on language change
  const locale = ANTD_LOCALES[currentLang()];
  setDefaultConfig({ locale });
  return <ConfigProvider locale={locale}>{children}</ConfigProvider>;
}
