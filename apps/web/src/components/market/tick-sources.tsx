// The venues an index price was made of, under a trade's evidence tick (issue 32 §2: "the
// evidence shown on a settled trade names the sources that made the price"): each venue's
// price, and why one was left out. Nothing for a simulated or single-venue tick.
import type { IndexComponent } from "@candor/contract";
import { LANG_TAGS } from "@candor/contract/i18n";
import { useTranslation } from "react-i18next";
import { plainAmount } from "../../lib/format";
import { currentLang } from "../../lib/i18n";
import { venueName } from "./venues";

export function TickSources({ sources, label }: { sources: IndexComponent[] | undefined; label: string }) {
  const { t } = useTranslation();
  if (!sources || sources.length === 0) return null;
  const list = new Intl.ListFormat(LANG_TAGS[currentLang()], { type: "unit" });
  const parts = sources.map((s) =>
    s.used
      ? `${venueName(s.source)} ${plainAmount(s.price)}`
      : `${venueName(s.source)} ${plainAmount(s.price)} (${t(`tickSources.leftOut.${s.reason ?? "excluded"}`)})`,
  );
  return <span data-testid="tick-sources"> {t("tickSources.madeOf", { tick: label, list: list.format(parts) })}</span>;
}
