// What the loan screens share: the operator API's base path and how a rate is shown.
export const P = "/api/operator/loans";

/** A fraction as a percentage for display ("0.0005" → "0.05 %"); exact enough for reading, never used for money. */
export const pct = (v: string | null | undefined) => (v ? `${Number((Number(v) * 100).toPrecision(10))} %` : "—");
