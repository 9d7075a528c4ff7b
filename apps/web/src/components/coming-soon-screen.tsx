// Placeholder for screens that later issues build: the title and a short line.

import type { CSSProperties } from "react";
import { useTranslation } from "react-i18next";
import { useMatches } from "react-router";
import type { AppRoute } from "../app/route-table";
import { EmptyState } from "./empty-state";
import { PageHeader } from "./page-header";

export default function ComingSoonScreen() {
  const { t } = useTranslation();
  const matches = useMatches();
  const route = matches[matches.length - 1]?.handle as AppRoute | undefined;
  const title = route ? t(`routes:${route.titleKey}`) : "";
  // On a dark route background (route.background) the grey text would be unreadable.
  const onDark = route?.background !== undefined;
  const colours = onDark ? ({ "--adm-color-weak": "#d9d9d9", "--adm-color-text": "#fff" } as CSSProperties) : undefined;
  return (
    <div style={colours}>
      <PageHeader title={title} back={route ? route.hideNav === true : true} />
      <EmptyState title={title} description={t("comingSoon")} style={{ paddingTop: 48 }} />
    </div>
  );
}
