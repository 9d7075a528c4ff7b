// The title of every ledger reason code (LEDGER_KINDS, plus "unknown") in the eight
// languages: one place for the balance log on the screen (the web app loads each language's
// file as the `ledgerKinds` namespace) and the statement and exports the server writes.
import type { Lang } from "../i18n";
import enUs from "./en-us.json";
import jp from "./jp.json";
import ko from "./ko.json";
import mlxy from "./mlxy.json";
import tai from "./tai.json";
import vl from "./vl.json";
import xi from "./xi.json";
import zhCn from "./zh-cn.json";

export const LEDGER_KIND_TITLES: Record<Lang, Record<string, string>> = {
  "en-us": enUs,
  ko,
  jp,
  tai,
  mlxy,
  vl,
  xi,
  "zh-cn": zhCn,
};

/** A reason code in words (English where the language lacks it); a code without any title stays as is. */
export function ledgerKindTitle(lang: Lang, kind: string): string {
  return LEDGER_KIND_TITLES[lang][kind] ?? LEDGER_KIND_TITLES["en-us"][kind] ?? kind;
}
