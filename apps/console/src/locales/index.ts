// The console's strings in each of the app's eight languages. Every locale is typed
// ConsoleStrings (a missing key fails the type check); test/locales.test.ts also checks
// empty strings, placeholders and English left untranslated.
import type { Lang } from "@candor/contract";
import type { ConsoleStrings } from "./en-us";
import { enUs } from "./en-us";
import { jp } from "./jp";
import { ko } from "./ko";
import { mlxy } from "./mlxy";
import { tai } from "./tai";
import { vl } from "./vl";
import { xi } from "./xi";
import { zhCn } from "./zh-cn";

export const CONSOLE_LOCALES: Record<Lang, ConsoleStrings> = {
  "en-us": enUs,
  ko,
  jp,
  tai,
  mlxy,
  vl,
  xi,
  "zh-cn": zhCn,
};
