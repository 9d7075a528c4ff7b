// What the loan screens share: how a rate is shown (the paths are the contract's loanPaths).
import { percentOf } from "@candor/domain";

/** A fraction as a percentage for display ("0.0005" → "0.05 %"), exact (packages/domain). */
export const pct = (v: string | null | undefined) => (v ? `${percentOf(v, 8)} %` : "—");
