// A debt claim's maturity: its term from the loan start (the raise end).
import { DAY_MS } from "../../clock/service";
import type { ProductRow } from "../model";

export const maturityOf = (row: ProductRow): Date =>
  new Date(new Date(row.loanStartAt ?? row.createdAt).getTime() + row.termDays * DAY_MS);
