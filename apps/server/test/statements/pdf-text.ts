// The text of a PDF, read back with pdf.js (pdfjs-dist, a devDependency: tests only).
//
// pdf-parse's pdf.js (1.10.100) was used before. It refused about one statement in four
// ("bad XRef entry", "Illegal character: 41"), depending on the first bytes of the page's
// compressed content stream. The files were valid: qpdf --check found no error, and every
// cross-reference entry points at its object. That failed CI runs at random (a retry could
// not help: the same bytes fail the same way). Tested by "pdf-text.test.ts".
import { getDocument } from "pdfjs-dist/legacy/build/pdf.mjs";

/** The PDF's text: a page's items joined, a new line where the baseline changes (as pdf-parse did). */
export async function pdfText(pdf: Buffer): Promise<string> {
  const doc = await getDocument({
    data: new Uint8Array(pdf),
    isEvalSupported: false,
    useSystemFonts: false,
    disableFontFace: true,
    verbosity: 0,
  }).promise;
  try {
    const pages: string[] = [];
    for (let n = 1; n <= doc.numPages; n++) {
      const content = await (await doc.getPage(n)).getTextContent();
      let text = "";
      let lastY: number | undefined;
      for (const item of content.items) {
        if (!("str" in item)) continue;
        const y = item.transform[5] as number;
        text += lastY === undefined || y === lastY ? item.str : `\n${item.str}`;
        lastY = y;
      }
      pages.push(text);
    }
    return pages.join("\n\n");
  } finally {
    await doc.destroy();
  }
}
