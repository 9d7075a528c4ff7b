// The five parts each non-English locale is written in (files stay short): together they
// are exactly ConsoleStrings, so a missing section or key fails the type check.
import type { ConsoleStrings } from "./en-us";

export type CoreStrings = Pick<
  ConsoleStrings,
  | "app"
  | "nav"
  | "roles"
  | "common"
  | "form"
  | "fields"
  | "login"
  | "dashboard"
  | "kyc"
  | "kycStatus"
  | "withdrawals"
  | "deposits"
  | "customers"
>;
export type AdminStrings = Pick<ConsoleStrings, "trading" | "protection" | "products" | "settings" | "staff" | "audit">;
export type ServiceStrings = Pick<ConsoleStrings, "chat" | "approvals" | "content" | "rewards" | "earn">;
export type ProductStrings = Pick<ConsoleStrings, "loans" | "contests" | "ieo" | "jobs" | "reserves" | "markets">;
export type ChainStrings = Pick<ConsoleStrings, "chain">;
