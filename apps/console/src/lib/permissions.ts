// What each staff role may do, mirroring the server's role declarations (the server
// decides; the console only hides what would be refused with 403).
import type { StaffRole } from "@candor/contract";

const S: StaffRole = "support";
const C: StaffRole = "compliance";
const F: StaffRole = "finance";

const RULES = {
  dashboard: [S, C, F],
  riskView: [F],
  customersView: [S, C, F],
  customerSessionRevoke: [S],
  adjust: [F],
  kycView: [S, C],
  kycReview: [C],
  walletView: [S, C, F],
  walletReview: [F],
  approvals: [F],
  settingsView: [F],
  settingsEdit: [] as StaffRole[],
  staffManage: [] as StaffRole[],
  audit: [] as StaffRole[],
  chatView: [S],
  earnView: [S, F],
  earnProducts: [] as StaffRole[],
  earnDebt: [F],
  contentView: [S],
  contentAdmin: [] as StaffRole[],
  loansView: [S, C, F],
  loansReview: [F],
  loanIdentityView: [S, C],
  loanIdentityReview: [C],
  loanSettings: [] as StaffRole[],
  rewardsView: [F],
  rewardsEdit: [] as StaffRole[],
  contestsView: [F],
  contestsEdit: [] as StaffRole[],
  ieoView: [F],
  ieoEdit: [] as StaffRole[],
  jobsView: [F],
  reservesView: [F],
  chainView: [F],
  marketsView: [F],
  marketsEdit: [] as StaffRole[],
} satisfies Record<string, StaffRole[]>;

export type Permission = keyof typeof RULES;

/** Admin may do everything. */
export const can = (role: StaffRole | undefined, permission: Permission): boolean =>
  role === "admin" || (role !== undefined && (RULES[permission] as StaffRole[]).includes(role));
