// The monthly statement as a PDF (pdfkit, rendered on the server). Latin scripts use the PDF's
// built-in Helvetica; Korean, Japanese, Chinese, Thai and Vietnamese need a font file that has
// their glyphs, looked up among the usual open fonts (Noto CJK, TLWG, DejaVu) or in
// STATEMENT_FONT_DIR. Without one the statement is written in English and says so: never
// boxes in place of letters.
import { existsSync } from "node:fs";
import { join } from "node:path";
import type { Lang } from "@candor/contract";
import { dec, toMoneyString } from "@candor/domain";
import PDFDocument from "pdfkit";
import { type MessageKey, type MessageParams, t } from "../../i18n";
import { kindTitle } from "./kind-titles";

/** A font file (and the face inside a collection) per language whose script Helvetica lacks. */
const FONT_CANDIDATES: Partial<Record<Lang, { files: string[]; face?: string }>> = {
  ko: { files: ["NotoSansCJK-Regular.ttc", "opentype/noto/NotoSansCJK-Regular.ttc"], face: "NotoSansCJKkr-Regular" },
  jp: { files: ["NotoSansCJK-Regular.ttc", "opentype/noto/NotoSansCJK-Regular.ttc"], face: "NotoSansCJKjp-Regular" },
  "zh-cn": {
    files: ["NotoSansCJK-Regular.ttc", "opentype/noto/NotoSansCJK-Regular.ttc"],
    face: "NotoSansCJKtc-Regular",
  },
  tai: { files: ["Garuda.ttf", "truetype/tlwg/Garuda.ttf", "truetype/tlwg/Loma.ttf"] },
  vl: { files: ["DejaVuSans.ttf", "truetype/dejavu/DejaVuSans.ttf"] },
};
const FONT_DIRS = [process.env.STATEMENT_FONT_DIR, "/usr/share/fonts", "/usr/local/share/fonts"].filter(
  (d): d is string => Boolean(d),
);

/** The font for a language: "Helvetica", a found file, or null (no font here for its script). */
export function statementFont(lang: Lang): { file: string; face?: string } | "Helvetica" | null {
  const wanted = FONT_CANDIDATES[lang];
  if (!wanted) return "Helvetica";
  for (const dir of FONT_DIRS)
    for (const file of wanted.files) {
      const path = join(dir, file);
      if (existsSync(path)) return { file: path, face: wanted.face };
    }
  return null;
}

export interface StatementCurrency {
  currency: string;
  opening: string;
  closing: string;
  moves: { at: string; kind: string; amount: string; reference: string }[];
}

export interface StatementData {
  month: string;
  from: string;
  to: string;
  customer: { uid: number; name: string };
  madeAt: string;
  currencies: StatementCurrency[];
}

const signed = (v: string) => (dec(v).gt(0) ? `+${toMoneyString(v)}` : toMoneyString(v));

/** Renders the statement; `lang` is the one asked for, the file says which it is written in. */
export function renderStatement(data: StatementData, asked: Lang): Promise<{ pdf: Buffer; lang: Lang }> {
  const font = statementFont(asked);
  const lang: Lang = font === null ? "en-us" : asked;
  const say = (key: MessageKey, params?: MessageParams) => t(lang, key, params);
  const doc = new PDFDocument({
    size: "A4",
    margin: 48,
    info: {
      Title: `${t(lang, "statementTitle")} ${data.month}`,
      Author: "Candor",
      CreationDate: new Date(data.madeAt),
      ModDate: new Date(data.madeAt),
    },
  });
  const chunks: Buffer[] = [];
  doc.on("data", (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
  });
  if (font && font !== "Helvetica") {
    if (font.face) doc.registerFont("body", font.file, font.face);
    else doc.registerFont("body", font.file);
    doc.font("body");
  } else doc.font("Helvetica");

  const left = doc.page.margins.left;
  const width = doc.page.width - left - doc.page.margins.right;
  const bottom = () => doc.page.height - doc.page.margins.bottom - 30;
  let page = 1;
  const footer = () => {
    const y = doc.page.height - doc.page.margins.bottom - 12;
    doc
      .fontSize(8)
      .fillColor("#666")
      .text(say("statementMade", { at: data.madeAt, page }), left, y, {
        width,
        lineBreak: false,
      });
    doc.fillColor("#000");
  };
  const room = (needed: number) => {
    if (doc.y + needed <= bottom()) return;
    footer();
    doc.addPage();
    page += 1;
  };

  doc.fontSize(18).text(`${say("statementTitle")} ${data.month}`, left, doc.y, { width });
  doc.moveDown(0.3);
  doc.fontSize(10).text(say("statementCustomer", { name: data.customer.name, uid: data.customer.uid }), { width });
  doc.text(say("statementPeriod", { from: data.from, to: data.to }), { width });
  doc.moveDown(0.3);
  doc.fontSize(8).fillColor("#444").text(say("statementScope"), { width });
  if (font === null) doc.text(t("en-us", "statementFontFallback"), { width });
  doc.fillColor("#000").moveDown(0.8);

  if (data.currencies.length === 0) doc.fontSize(10).text(say("statementNoMoney"), { width });
  const columns = say("statementColumns").split("|");
  const cols = [left, left + 120, left + 270, left + 360];
  const colWidth = [115, 145, 85, width - 360];
  const row = (cells: string[], size = 9) => {
    room(14);
    const y = doc.y;
    doc.fontSize(size);
    let tallest = y;
    cells.forEach((cell, i) => {
      doc.text(cell, cols[i], y, { width: colWidth[i], align: i === 2 ? "right" : "left" });
      tallest = Math.max(tallest, doc.y);
    });
    doc.x = left;
    doc.y = tallest + 2;
  };

  for (const c of data.currencies) {
    room(70);
    doc.fontSize(13).text(c.currency, left, doc.y, { width });
    doc.fontSize(10).text(`${say("statementOpening")}: ${toMoneyString(c.opening)} ${c.currency}`, { width });
    doc.moveDown(0.3);
    if (c.moves.length === 0) doc.fontSize(9).text(say("statementNoMoves"), { width });
    else {
      row(columns, 8);
      for (const m of c.moves)
        row([m.at.replace("T", " ").slice(0, 19), kindTitle(lang, m.kind), signed(m.amount), m.reference]);
    }
    const total = c.moves.reduce((sum, m) => sum.plus(m.amount), dec(0));
    room(30);
    doc.moveDown(0.3);
    doc
      .fontSize(10)
      .text(`${say("statementMovesTotal")}: ${signed(toMoneyString(total))} ${c.currency}`, left, doc.y, { width });
    doc.text(`${say("statementClosing")}: ${toMoneyString(c.closing)} ${c.currency}`, { width });
    doc.moveDown(1);
  }
  footer();
  doc.end();
  return done.then((pdf) => ({ pdf, lang }));
}
