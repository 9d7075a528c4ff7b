// The console's screens in one table: the side menu and the route table both come from
// it, so a screen is added in one place with the permission that opens it.
import type { ReactNode } from "react";
import { ApprovalsPage } from "../features/approvals/approvals-page";
import { AuditPage } from "../features/audit/audit-page";
import { ChainPage } from "../features/chain/chain-page";
import { ChatPage } from "../features/chat/chat-page";
import { ContentPage } from "../features/content/content-page";
import { ContestsPage } from "../features/contests/contests-page";
import { CustomerPage } from "../features/customers/customer-page";
import { CustomersPage } from "../features/customers/customers-page";
import { DashboardPage } from "../features/dashboard/dashboard-page";
import { EarnPage } from "../features/earn/earn-page";
import { IeoPage } from "../features/ieo/ieo-page";
import { JobsPage } from "../features/jobs/jobs-page";
import { KycPage } from "../features/kyc/kyc-page";
import { LoansPage } from "../features/loans/loans-page";
import { MarketsPage } from "../features/markets/markets-page";
import { ReservesPage } from "../features/reserves/reserves-page";
import { RewardsPage } from "../features/rewards/rewards-page";
import { SettingsPage } from "../features/settings/settings-page";
import { StaffPage } from "../features/staff/staff-page";
import { DepositsPage } from "../features/wallet/deposits-page";
import { WithdrawalsPage } from "../features/wallet/withdrawals-page";
import type { Permission } from "../lib/permissions";

export interface Screen {
  /** Route path under the console's base, without the leading slash ("" is the dashboard). */
  path: string;
  permission: Permission;
  element: ReactNode;
  /** Translation key of its side-menu entry; screens without one (a detail page) are not in the menu. */
  menu?: string;
}

export const SCREENS: Screen[] = [
  { path: "", menu: "nav.dashboard", permission: "dashboard", element: <DashboardPage /> },
  { path: "kyc", menu: "nav.kyc", permission: "kycView", element: <KycPage /> },
  { path: "withdrawals", menu: "nav.withdrawals", permission: "walletView", element: <WithdrawalsPage /> },
  { path: "approvals", menu: "nav.approvals", permission: "approvals", element: <ApprovalsPage /> },
  { path: "deposits", menu: "nav.deposits", permission: "walletView", element: <DepositsPage /> },
  { path: "customers", menu: "nav.customers", permission: "customersView", element: <CustomersPage /> },
  { path: "customers/:id", permission: "customersView", element: <CustomerPage /> },
  { path: "chat", menu: "nav.chat", permission: "chatView", element: <ChatPage /> },
  { path: "earn", menu: "nav.earn", permission: "earnView", element: <EarnPage /> },
  { path: "loans", menu: "nav.loans", permission: "loansView", element: <LoansPage /> },
  { path: "ieo", menu: "nav.ieo", permission: "ieoView", element: <IeoPage /> },
  { path: "rewards", menu: "nav.rewards", permission: "rewardsView", element: <RewardsPage /> },
  { path: "contests", menu: "nav.contests", permission: "contestsView", element: <ContestsPage /> },
  { path: "content", menu: "nav.content", permission: "contentView", element: <ContentPage /> },
  { path: "markets", menu: "nav.markets", permission: "marketsView", element: <MarketsPage /> },
  { path: "jobs", menu: "nav.jobs", permission: "jobsView", element: <JobsPage /> },
  { path: "reserves", menu: "nav.reserves", permission: "reservesView", element: <ReservesPage /> },
  { path: "chain", menu: "nav.chain", permission: "chainView", element: <ChainPage /> },
  { path: "settings", menu: "nav.settings", permission: "settingsView", element: <SettingsPage /> },
  { path: "staff", menu: "nav.staff", permission: "staffManage", element: <StaffPage /> },
  { path: "audit", menu: "nav.audit", permission: "audit", element: <AuditPage /> },
];
