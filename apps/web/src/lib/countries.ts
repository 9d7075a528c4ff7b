import type { Country } from "@candor/contract";
import { countryPaths } from "@candor/contract/paths";
import { useQuery } from "@tanstack/react-query";
import { api } from "./api-client";

export const COUNTRY_LIST_PATH = countryPaths.list;
export const DEFAULT_COUNTRY: Country = {
  englishName: "United States",
  chineseName: "美國",
  countryCode: "US",
  phoneCode: "1",
  isDefault: true,
};

export function useCountries() {
  return useQuery({
    queryKey: ["countries"],
    queryFn: () => api.get(COUNTRY_LIST_PATH, { silent: true }),
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** The name to show: Traditional Chinese for zh-cn, English otherwise. */
export function countryName(c: Country, lang: string): string {
  return lang === "zh-cn" ? c.chineseName : c.englishName;
}
