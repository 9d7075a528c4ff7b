// The console shows a role only the menus and tabs whose endpoints the server lets it call:
// each permission is checked against the roles its endpoints declare in the contract (the
// server's authz matrix test holds the server to the same declarations).
import { allEndpointTables, type Endpoint, type StaffRole } from "@candor/contract";
import {
  chatPaths,
  contentPaths,
  contestPaths,
  customerPaths,
  earnPaths,
  ieoPaths,
  jobPaths,
  kycPaths,
  loanPaths,
  marketPaths,
  productPaths,
  protectionPaths,
  reservePaths,
  rewardPaths,
  riskPaths,
  staffPaths,
  walletPaths,
} from "@candor/contract/paths";
import { describe, expect, it } from "vitest";
import { can, type Permission } from "../src/lib/permissions";

/** What each permission opens or does, by the endpoints it calls ("METHOD path"). */
const NEEDS: Record<Permission, string[]> = {
  dashboard: [`GET ${customerPaths.dashboard}`],
  riskView: [`GET ${riskPaths.exposure}`],
  customersView: [
    `GET ${customerPaths.list}`,
    `GET ${customerPaths.detail}`,
    `GET ${customerPaths.ledger}`,
    `GET ${customerPaths.positions}`,
    `GET ${customerPaths.options}`,
    `GET ${customerPaths.spotOrders}`,
    `GET ${protectionPaths.operatorLimits}`,
  ],
  customerSessionRevoke: [`POST ${customerPaths.revokeSession}`],
  adjust: [`POST ${walletPaths.operatorAdjust}`, `POST ${walletPaths.approvalAdjustment}`],
  kycView: [`GET ${kycPaths.operatorList}`],
  kycReview: [`POST ${kycPaths.operatorApprove}`, `POST ${kycPaths.operatorReject}`],
  walletView: [
    `GET ${walletPaths.operatorWithdrawalList}`,
    `GET ${walletPaths.operatorDepositList}`,
    `GET ${customerPaths.detail}`,
    `GET ${customerPaths.ledger}`,
  ],
  walletReview: [
    `POST ${walletPaths.operatorWithdrawalApprove}`,
    `POST ${walletPaths.operatorWithdrawalReject}`,
    `POST ${walletPaths.operatorWithdrawalFail}`,
    `POST ${walletPaths.operatorWithdrawalMarkPaid}`,
    `POST ${walletPaths.operatorDepositConfirm}`,
    `POST ${walletPaths.operatorDepositReject}`,
    `POST ${walletPaths.approvalWithdrawal}`,
  ],
  approvals: [`GET ${walletPaths.approvalList}`, `POST ${walletPaths.approvalApprove}`],
  chainView: [
    `GET ${walletPaths.operatorChainStatus}`,
    `GET ${walletPaths.operatorChainSweeps}`,
    `GET ${walletPaths.operatorChainHeld}`,
  ],
  settingsView: [
    `GET ${walletPaths.operatorSettings}`,
    `GET ${productPaths.operatorList}`,
    `GET ${marketPaths.operatorSymbols}`,
    `GET ${riskPaths.exposure}`,
  ],
  settingsEdit: [`POST ${walletPaths.operatorSettingsUpdate}`, `POST ${productPaths.operatorUpdate}`],
  staffManage: [`GET ${staffPaths.list}`, `GET ${staffPaths.sessions}`],
  audit: [`GET ${staffPaths.auditList}`, `GET ${staffPaths.auditVerify}`],
  chatView: [`GET ${chatPaths.operatorConversations}`, `POST ${chatPaths.operatorReply}`],
  earnView: [`GET ${earnPaths.operatorOrders}`],
  earnProducts: [`GET ${earnPaths.operatorProducts}`, `POST ${earnPaths.operatorProducts}`],
  earnDebt: [`POST ${earnPaths.operatorDebtRepayment}`, `POST ${earnPaths.operatorDebtDefault}`],
  contentView: [`GET ${contentPaths.operatorItems}`, `POST ${contentPaths.operatorCreate}`],
  contentAdmin: [`POST ${contentPaths.operatorCreate}`],
  loansView: [`GET ${loanPaths.operatorOrders}`, `GET ${loanPaths.operatorOrder}`],
  loansReview: [`POST ${loanPaths.operatorApprove}`, `POST ${loanPaths.operatorReject}`],
  loanIdentityView: [`GET ${loanPaths.operatorIdentityChecks}`],
  loanIdentityReview: [`POST ${loanPaths.operatorIdentityDecide}`],
  loanSettings: [`GET ${loanPaths.operatorSettings}`],
  rewardsView: [`GET ${rewardPaths.operatorTasks}`, `GET ${rewardPaths.operatorLevels}`],
  rewardsEdit: [`POST ${rewardPaths.operatorTasks}`],
  contestsView: [`GET ${contestPaths.operatorList}`, `GET ${contestPaths.operatorEntries}`],
  contestsEdit: [`POST ${contestPaths.operatorCreate}`, `POST ${contestPaths.operatorUpdate}`],
  ieoView: [`GET ${ieoPaths.operatorList}`, `GET ${ieoPaths.operatorEntries}`],
  ieoEdit: [`POST ${ieoPaths.operatorCreate}`, `POST ${ieoPaths.operatorUpdate}`],
  jobsView: [`GET ${jobPaths.deadList}`],
  reservesView: [`GET ${reservePaths.latest}`, `POST ${reservePaths.operatorMake}`],
  marketsView: [`GET ${marketPaths.operatorHealth}`],
  marketsEdit: [`POST ${marketPaths.operatorSourceUpdate}`],
};

const byRoute = new Map<string, Endpoint>();
for (const table of Object.values(allEndpointTables))
  for (const e of Object.values(table)) byRoute.set(`${e.method} ${e.path}`, e);

/** Roles the server admits at a route (admin always). */
const admitted = (route: string): StaffRole[] => {
  const e = byRoute.get(route);
  if (!e) throw new Error(`no endpoint ${route}`);
  if (typeof e.auth !== "object") return ["support", "compliance", "finance", "admin"];
  return ["admin", ...e.auth.roles];
};

const ROLES: StaffRole[] = ["support", "compliance", "finance", "admin"];

describe("console permissions follow the server's role declarations", () => {
  for (const [permission, routes] of Object.entries(NEEDS) as [Permission, string[]][]) {
    it(`${permission}: every role granted it may call ${routes.length} endpoint(s)`, () => {
      for (const role of ROLES) {
        if (!can(role, permission)) continue;
        for (const route of routes) expect(admitted(route), `${role} may not call ${route}`).toContain(role);
      }
    });
  }

  it("support sees dashboard, KYC, withdrawals, deposits, customers, chat, earn orders, loans and help content", () => {
    const granted = (Object.keys(NEEDS) as Permission[]).filter((p) => can("support", p));
    expect(granted.sort()).toEqual(
      [
        "dashboard",
        "customersView",
        "customerSessionRevoke",
        "kycView",
        "walletView",
        "chatView",
        "earnView",
        "contentView",
        "loansView",
        "loanIdentityView",
      ].sort(),
    );
  });
});
