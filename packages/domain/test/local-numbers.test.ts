// Amounts in a language's symbols: the digits from the app's truncating string formatting,
// only the group and decimal marks from Intl (issue 35 §13/§15).
import { describe, expect, it } from "vitest";
import { intlNumberSymbols, KNOWN_NUMBER_SYMBOLS, localDecimal, localizeNumber } from "../src";

describe("the written-out symbols of the app's languages are what Intl says (no Intl at start, issue 37)", () => {
  // The web's lib test holds this list to the app's languages (LANG_TAGS).
  it.each(["en", "ko", "ja", "th", "ms", "vi", "es", "zh-Hant"])("%s", (tag) => {
    expect(KNOWN_NUMBER_SYMBOLS[tag]).toEqual(intlNumberSymbols(tag));
  });
});

describe("localizeNumber: the app's '1,234.50' in the language's marks", () => {
  it.each([
    ["1,234.50", "en", "1,234.50"],
    ["1,234.50", "vi", "1.234,50"],
    ["12,345.50", "es", "12.345,50"],
    ["1,234.50", "es", "1234,50"], // Spanish groups from five digits
    ["-1,234,567.5", "ms", "-1,234,567.5"],
    ["0.5", "ja", "0.5"],
    ["1,000", "ko", "1,000"],
  ])("%s in %s → %s", (formatted, tag, shown) => {
    expect(localizeNumber(formatted, tag)).toBe(shown);
  });
});

describe("localDecimal: a decimal as the reader's language writes it, with its own places, truncated", () => {
  it.each([
    ["1234.5", "en", "1,234.5"],
    ["1234.50", "vi", "1.234,50"],
    ["2890.00", "en", "2,890.00"],
    ["20", "en", "20"],
    ["0.123456789012345678999", "en", "0.123456789012345678"], // truncated at 18 places, never rounded
    ["98765.4321", "es", "98.765,4321"],
    ["not a number", "en", "not a number"],
  ])("%s in %s → %s", (value, tag, shown) => {
    expect(localDecimal(value, tag)).toBe(shown);
  });
});
