// CSV for spreadsheets: RFC 4180 quoting, CRLF lines, a UTF-8 byte-order mark (Excel reads the
// file as UTF-8 then), and no formula injection: a cell a spreadsheet would run as a formula
// (starting with = + - @, a tab or a carriage return) is prefixed with ' — except a plain
// number, so signed amounts stay numbers.
const FORMULA_START = /^[=+\-@\t\r]/;
const PLAIN_NUMBER = /^[+-]?\d+(\.\d+)?$/;

export function csvCell(value: string | number | null | undefined): string {
  let text = value === null || value === undefined ? "" : String(value);
  if (FORMULA_START.test(text) && !PLAIN_NUMBER.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) || text !== text.trim() ? `"${text.replace(/"/g, '""')}"` : text;
}

export function toCsv(header: readonly string[], records: readonly (readonly (string | number | null)[])[]): string {
  const lines = [header, ...records].map((cells) => cells.map(csvCell).join(","));
  return `\uFEFF${lines.join("\r\n")}\r\n`;
}
