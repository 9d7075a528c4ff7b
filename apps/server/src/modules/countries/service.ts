// Countries with calling codes for the phone pickers and the customer's country.
// The list (countries.json: ISO 3166-1 names, Traditional Chinese names, ITU calling
// codes) is seeded into the `countries` table; the app's default is United States / US / 1.
import type { Country } from "@candor/contract";
import { asc, eq } from "drizzle-orm";
import type { Db } from "../../db";
import { countries } from "../../db/schema";
import { badRequest } from "../../lib/errors";
import countryData from "./countries.json" with { type: "json" };

export const DEFAULT_COUNTRY_CODE = "US";

/** Several countries share a calling code; a bare "+1" or "+44" means this one. */
const PREFERRED_FOR_CALLING_CODE: Record<string, string> = {
  "1": "US",
  "7": "RU",
  "44": "GB",
  "47": "NO",
  "39": "IT",
  "61": "AU",
  "212": "MA",
  "262": "RE",
  "290": "SH",
  "358": "FI",
  "590": "GP",
  "599": "CW",
  "672": "NF",
  "64": "NZ",
};

export interface CountryRow {
  countryCode: string;
  englishName: string;
  chineseName: string;
  phoneCode: string;
}

export async function seedCountries(db: Db): Promise<void> {
  const rows = (countryData as CountryRow[]).map((c, i) => ({ ...c, sortOrder: i }));
  // Insert missing countries only: an operator's edits survive restarts.
  await db.insert(countries).values(rows).onConflictDoNothing({ target: countries.countryCode });
}

export async function listCountries(db: Db): Promise<Country[]> {
  const rows = await db.select().from(countries).orderBy(asc(countries.sortOrder), asc(countries.englishName));
  return rows.map((r) => ({
    englishName: r.englishName,
    chineseName: r.chineseName,
    countryCode: r.countryCode,
    phoneCode: r.phoneCode,
    isDefault: r.countryCode === DEFAULT_COUNTRY_CODE,
  }));
}

export async function findCountry(db: Db, countryCode: string): Promise<CountryRow | null> {
  const [row] = await db.select().from(countries).where(eq(countries.countryCode, countryCode.toUpperCase())).limit(1);
  return row ?? null;
}

/**
 * Resolve what a client sent as `countryCode`: an ISO code ("US", "us") or a calling
 * code ("1", "+1"). Unknown → 400 naming the value.
 */
export async function resolveCountry(db: Db, input: string): Promise<CountryRow> {
  const value = input.trim();
  if (/^[A-Za-z]{2}$/.test(value)) {
    const row = await findCountry(db, value);
    if (row) return row;
  } else if (/^\+?\d{1,4}$/.test(value)) {
    const callingCode = value.replace(/^\+/, "");
    const rows = await db
      .select()
      .from(countries)
      .where(eq(countries.phoneCode, callingCode))
      .orderBy(asc(countries.countryCode));
    const preferred = PREFERRED_FOR_CALLING_CODE[callingCode];
    const row = rows.find((r) => r.countryCode === preferred) ?? rows[0];
    if (row) return row;
  }
  throw badRequest("unknownCountry", { code: value.slice(0, 8) });
}
