// The browser's language (BCP-47, e.g. "vi-VN") → the app's language code, by the contract's
// tags (ko→ko, ja→jp, th→tai, ms→mlxy, vi→vl, es→xi, zh→zh-cn); English when not offered.
import { LANG_TAGS, LANGS, type Lang } from "@candor/contract";

export function langOfBrowser(tag: string | undefined): Lang {
  const primary = (tag ?? "").toLowerCase().split("-")[0];
  return LANGS.find((l) => LANG_TAGS[l].toLowerCase().split("-")[0] === primary) ?? "en-us";
}
