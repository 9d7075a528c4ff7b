// antd-mobile's own texts (OK/Cancel in dialogs and pickers, "loading", "no more")
// follow the app language; its default would be Simplified Chinese. Only the current
// language's pack is downloaded, together with the app's strings (see i18n.ts).
import ConfigProvider, { setDefaultConfig } from "antd-mobile/es/components/config-provider";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { antdLocale } from "./i18n";

/** Wraps the app; also sets the default for Dialog/Toast rendered outside the tree. */
export function AntdLocale({ children }: { children: ReactNode }) {
  useTranslation(); // re-render on language change
  const locale = antdLocale(); // loaded with the language, before the first render
  if (locale) setDefaultConfig({ locale });
  return <ConfigProvider {...(locale ? { locale } : {})}>{children}</ConfigProvider>;
}
