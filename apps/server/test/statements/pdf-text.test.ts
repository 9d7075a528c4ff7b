// The statement reader the tests use must read every statement pdfkit writes. pdf-parse's
// pdf.js refused about one in four, depending on the bytes of the page's compressed content
// (CI failed at random on "another customer's money never appears on my statement").
// Sixty statements, each with its own customer, time and amount, are read back whole.
import { describe, expect, it } from "vitest";
import { renderStatement } from "../../src/modules/statements/pdf";
import { pdfText } from "./pdf-text";

const statements = Array.from({ length: 60 }, (_, i) => ({
  uid: 17 + i * 83,
  madeAt: new Date(Date.UTC(2026, 10, 1) + i * 37_517_000).toISOString().slice(0, 19).replace("T", " "),
  amount: String(7 + i),
}));

describe("reading the statement PDFs back", () => {
  it("every one of 60 statements (customers, times and amounts of their own) is read whole", async () => {
    const unread: string[] = [];
    for (const s of statements) {
      const { pdf } = await renderStatement(
        {
          month: "2026-11",
          from: "2026-11-01",
          to: "2026-11-30",
          customer: { uid: s.uid, name: `c${s.uid}@example.com` },
          madeAt: s.madeAt,
          currencies: [
            {
              currency: "USDT",
              opening: "0",
              closing: s.amount,
              moves: [
                { at: "2026-11-02T10:00:00.000Z", kind: "deposit", amount: s.amount, reference: `deposit ${s.uid}` },
              ],
            },
          ],
        },
        "en-us",
      );
      const text = await pdfText(pdf).catch((err: unknown) => `unread: ${String(err)}`);
      if (!text.includes(`(UID ${s.uid})`) || !text.includes(`Closing balance: ${s.amount} USDT`))
        unread.push(`UID ${s.uid} at ${s.madeAt}: ${text.slice(0, 80)}`);
    }
    expect(unread).toEqual([]);
  });
});
