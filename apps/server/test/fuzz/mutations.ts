// Mutations the OpenAPI fuzz applies to a valid-looking request: values no schema
// expects (control characters, huge strings, odd Unicode, wrong types, out-of-range
// numbers), missing and extra fields, raw bodies, garbage path parameters and headers.
import fc from "fast-check";

/** Values no schema expects; each has broken a server somewhere. */
const NASTY_STRINGS = [
  "\u0000",
  "a\u0000b",
  "\u0001\u0002\u0003",
  "\u001b[31mred",
  "\u007f",
  "line\nbreak\r\n\ttab",
  "\ud800",
  "\udfff\ud800",
  "💥".repeat(500),
  "x".repeat(100_000),
  "",
  " ",
  "' OR 1=1 --",
  '"; DROP TABLE users; --',
  "%00",
  "../../etc/passwd",
  "NaN",
  "Infinity",
  "-Infinity",
  "-1",
  "-0",
  "0",
  "1e309",
  "1e-400",
  "99999999999999999999999999999999999999",
  "0.000000000000000000000000000000000001",
  "1.",
  ".5",
  "0x1F",
  "١٢٣",
  "\u202eevil",
  "\u200b",
  "ｆｕｌｌ",
  "null",
  "true",
  "[]",
  "{}",
  "__proto__",
  "2024-13-45",
  "9999-12-31T23:59:59Z",
];

const NASTY_NUMBERS = [
  -1,
  0,
  -0.5,
  0.1,
  1.5,
  2 ** 31,
  2 ** 53,
  2 ** 53 + 2,
  -(2 ** 63),
  1e21,
  1e308,
  -1e308,
  Number.MAX_VALUE,
  Number.MIN_VALUE,
];

export const nastyString = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...NASTY_STRINGS) },
  { weight: 1, arbitrary: fc.string({ unit: "binary", maxLength: 40 }) },
  { weight: 1, arbitrary: fc.string({ unit: "grapheme", maxLength: 40 }) },
  { weight: 1, arbitrary: fc.bigInt().map(String) },
  { weight: 1, arbitrary: fc.double().map(String) },
);

/** Any JSON value a client could send in place of a field. */
const nastyValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: nastyString },
  { weight: 2, arbitrary: fc.constantFrom(...NASTY_NUMBERS) },
  { weight: 1, arbitrary: fc.integer() },
  { weight: 1, arbitrary: fc.double({ noNaN: true, noDefaultInfinity: true }) },
  { weight: 1, arbitrary: fc.constantFrom(null, true, false, [], {}, [null], { "": null }) },
  { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
);

export type Mutation =
  | { kind: "body-field"; pick: number; value: unknown }
  | { kind: "body-drop"; pick: number }
  | { kind: "body-extra"; key: string; value: unknown }
  | { kind: "body-whole"; value: unknown }
  | { kind: "body-raw"; text: string }
  | { kind: "param"; pick: number; value: string }
  | { kind: "param-drop"; pick: number }
  | { kind: "param-raw"; pick: number; text: string }
  | { kind: "query-extra"; key: string; value: string }
  | { kind: "header"; name: "x-lang" | "x-access-token"; value: string };

export const mutation: fc.Arbitrary<Mutation> = fc.oneof(
  { weight: 6, arbitrary: fc.record({ kind: fc.constant("body-field"), pick: fc.nat(), value: nastyValue }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant("body-drop"), pick: fc.nat() }) },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant("body-extra"),
      key: fc.constantFrom("__proto__", "constructor", "extra", "id", "userId", "\u0000"),
      value: nastyValue,
    }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant("body-whole"), value: nastyValue }) },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant("body-raw"),
      text: fc.constantFrom(
        "{",
        "not json",
        '{"a":1}{',
        "\u0000",
        "[1,2",
        '{"__proto__":{"x":1}}',
        "",
        // Nested far deeper than any schema: parsers and walkers that recurse overflow.
        `${"[".repeat(100_000)}${"]".repeat(100_000)}`,
        `${'{"a":'.repeat(50_000)}"\u0000"${"}".repeat(50_000)}`,
      ),
    }),
  },
  { weight: 6, arbitrary: fc.record({ kind: fc.constant("param"), pick: fc.nat(), value: nastyString }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant("param-drop"), pick: fc.nat() }) },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant("param-raw"),
      pick: fc.nat(),
      text: fc.constantFrom("%", "%zz", "%FF%FE", "%C0%80", "%E2%82", "a%00b", "..%2F..", "%2e%2e"),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant("query-extra"),
      key: fc.constantFrom("page", "pageSize", "__proto__", "a[b]", "x"),
      value: nastyString,
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constantFrom("header" as const),
      name: fc.constantFrom("x-lang" as const, "x-access-token" as const),
      value: fc.oneof(
        fc.constantFrom("", "zh", "xx-YY", "ö".repeat(300), "a".repeat(10_000), "Bearer x", "en-us, jp"),
        fc.string({ maxLength: 40 }).map((s) => s.replace(/[^\x20-\x7e]/g, "")),
      ),
    }),
  },
);
