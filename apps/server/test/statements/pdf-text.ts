// The text of a PDF, read back with pdf-parse (a devDependency: tests only).
import { createRequire } from "node:module";

const require = createRequire(import.meta.url);
// The library's own entry runs a self-test when imported without a parent module: take its lib.
const pdfParse = require("pdf-parse/lib/pdf-parse.js") as (data: Buffer) => Promise<{ text: string; numpages: number }>;

export async function pdfText(pdf: Buffer): Promise<string> {
  return (await pdfParse(pdf)).text;
}
