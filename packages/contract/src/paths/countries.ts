// The country list for the phone and country pickers. Shapes: ../endpoints/countries.ts.
export const countryPaths = {
  list: "/api/app/country/list",
} as const;
