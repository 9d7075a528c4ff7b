// The titles of ledger reason codes in the eight languages, as the balance log shows them: read
// from the web app's wallet locales (statement.kinds), the one place they are written, so the
// statement and the export never drift from the screen. A code without a title stays as is.
import type { Lang } from "@candor/contract";
import enUs from "../../../../web/src/features/wallet/locales/en-us.json";
import jp from "../../../../web/src/features/wallet/locales/jp.json";
import ko from "../../../../web/src/features/wallet/locales/ko.json";
import mlxy from "../../../../web/src/features/wallet/locales/mlxy.json";
import tai from "../../../../web/src/features/wallet/locales/tai.json";
import vl from "../../../../web/src/features/wallet/locales/vl.json";
import xi from "../../../../web/src/features/wallet/locales/xi.json";
import zhCn from "../../../../web/src/features/wallet/locales/zh-cn.json";

type Titles = Record<string, string>;
const BY_LANG: Record<Lang, Titles> = {
  "en-us": enUs.statement.kinds,
  ko: ko.statement.kinds,
  jp: jp.statement.kinds,
  tai: tai.statement.kinds,
  mlxy: mlxy.statement.kinds,
  vl: vl.statement.kinds,
  xi: xi.statement.kinds,
  "zh-cn": zhCn.statement.kinds,
};

export function kindTitle(lang: Lang, kind: string): string {
  return BY_LANG[lang][kind] ?? BY_LANG["en-us"][kind] ?? kind;
}
