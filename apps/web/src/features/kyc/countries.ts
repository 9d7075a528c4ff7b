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

/** Matching countries in the alphabetical order of the customer's language. */
export function searchCountries(countries: readonly Country[], query: string, lang: Lang): Country[] {
  const q = query.trim().toLowerCase();
  const named = countries.map((c) => ({ c, name: countryName(c, lang) }));
  const matches = q
    ? named.filter(({ c, name }) =>
        [name, c.englishName, c.chineseName, c.countryCode, c.phoneCode].some((s) => s.toLowerCase().includes(q)),
      )
    : named;
  const collator = new Intl.Collator(LANG_TAGS[lang]);
  return matches.sort((a, b) => collator.compare(a.name, b.name)).map(({ c }) => c);
}
