// Country names in the customer's language (Intl.DisplayNames, falling back to the
// server's English or Traditional Chinese name) and search over every name and code.
import { type Country, LANG_TAGS, type Lang } from "@candor/contract";

const displayNames = new Map<string, Intl.DisplayNames | null>();

function namesFor(lang: Lang): Intl.DisplayNames | null {
  if (!displayNames.has(lang)) {
    try {
      displayNames.set(lang, new Intl.DisplayNames([LANG_TAGS[lang]], { type: "region", fallback: "none" }));
    } catch {
      displayNames.set(lang, null);
    }
  }
  return displayNames.get(lang) ?? null;
}

export function countryName(country: Country, lang: Lang): string {
  const local = namesFor(lang)?.of(country.countryCode);
  if (local) return local;
  return lang === "zh-cn" ? country.chineseName : country.englishName;
}

export function searchCountries(countries: readonly Country[], query: string, lang: Lang): Country[] {
  const q = query.trim().toLowerCase();
  if (!q) return [...countries];
  return countries.filter((c) =>
    [countryName(c, lang), c.englishName, c.chineseName, c.countryCode, c.phoneCode].some((s) =>
      s.toLowerCase().includes(q),
    ),
  );
}
