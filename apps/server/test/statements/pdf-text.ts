// The text of a PDF, read back with pdf-parse (a devDependency: tests only).
import { createRequire } from "node:module";

const require = createRequire(import.meta.url);
// The library's own entry runs a self-test when imported without a parent module: take its lib.
const pdfParse = require("pdf-parse/lib/pdf-parse.js") as (
  data: Buffer,
  options?: { version?: string },
) => Promise<{ text: string; numpages: number }>;

/**
 * The PDF's text. pdf-parse's pdf.js (1.10.100) once threw "Illegal character: 41" on a
 * statement in a whole-suite PostgreSQL run while the same test passed alone on PGlite and
 * PostgreSQL (pdfkit's cross-reference table checks out); the parse is tried a second time
 * before the test fails.
 */
export async function pdfText(pdf: Buffer): Promise<string> {
  try {
    return (await pdfParse(pdf)).text;
  } catch {
    return (await pdfParse(pdf)).text;
  }
}
