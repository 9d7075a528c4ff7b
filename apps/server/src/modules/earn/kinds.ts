// The table of earn product types: the common code (products, orders, accrual, redeem)
// asks a product's or order's kind instead of branching on its type. One entry per type,
// each declared in the type's folder.
import type { EarnType } from "@candor/contract";
import { debtKind } from "./debt/kind";
import { fixedTermKind } from "./fixed-term/kind";
import type { EarnKind } from "./kind";
import { miningKind } from "./mining/kind";
import { quantKind } from "./quant/kind";

export const earnKinds: { readonly [T in EarnType]: EarnKind<T> } = {
  arbitrage: fixedTermKind,
  quant: quantKind,
  mining: miningKind,
  debt: debtKind,
};

/** The kind of a product or order type. */
export const kindOf = (type: EarnType): EarnKind => earnKinds[type] as EarnKind;

/** Types paid income every day of their term (the daily job's orders). */
export const dailyTypes = (Object.keys(earnKinds) as EarnType[]).filter((t) => earnKinds[t].daily);
