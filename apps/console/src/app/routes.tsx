// Route table of the console: the login screen without a session, the shell with the
// role's screens with one. A screen the role may not open redirects to the dashboard.
import type { StaffRole } from "@candor/contract";
import type { ReactNode } from "react";
import { Navigate, Route, Routes } from "react-router";
import { AuditPage } from "../features/audit/audit-page";
import { LoginPage } from "../features/auth/login-page";
import { CustomerPage } from "../features/customers/customer-page";
import { CustomersPage } from "../features/customers/customers-page";
import { DashboardPage } from "../features/dashboard/dashboard-page";
import { EarnPage } from "../features/earn/earn-page";
import { KycPage } from "../features/kyc/kyc-page";
import { SettingsPage } from "../features/settings/settings-page";
import { StaffPage } from "../features/staff/staff-page";
import { DepositsPage } from "../features/wallet/deposits-page";
import { WithdrawalsPage } from "../features/wallet/withdrawals-page";
import { can, type Permission } from "../lib/permissions";
import { useSession } from "../lib/session";
import { Shell } from "./shell";

function Guard({ role, permission, children }: { role: StaffRole; permission: Permission; children: ReactNode }) {
  return can(role, permission) ? children : <Navigate to="/" replace />;
}

export function ConsoleRoutes() {
  const session = useSession();
  if (!session) return <LoginPage />;
  const role = session.staff.role;
  return (
    <Routes>
      <Route element={<Shell />}>
        <Route index element={<DashboardPage />} />
        <Route
          path="kyc"
          element={
            <Guard role={role} permission="kycView">
              <KycPage />
            </Guard>
          }
        />
        <Route
          path="withdrawals"
          element={
            <Guard role={role} permission="walletView">
              <WithdrawalsPage />
            </Guard>
          }
        />
        <Route
          path="deposits"
          element={
            <Guard role={role} permission="walletView">
              <DepositsPage />
            </Guard>
          }
        />
        <Route
          path="earn"
          element={
            <Guard role={role} permission="earnView">
              <EarnPage />
            </Guard>
          }
        />
        <Route
          path="customers"
          element={
            <Guard role={role} permission="customersView">
              <CustomersPage />
            </Guard>
          }
        />
        <Route
          path="customers/:id"
          element={
            <Guard role={role} permission="customersView">
              <CustomerPage />
            </Guard>
          }
        />
        <Route
          path="settings"
          element={
            <Guard role={role} permission="settingsView">
              <SettingsPage />
            </Guard>
          }
        />
        <Route
          path="staff"
          element={
            <Guard role={role} permission="staffManage">
              <StaffPage />
            </Guard>
          }
        />
        <Route
          path="audit"
          element={
            <Guard role={role} permission="audit">
              <AuditPage />
            </Guard>
          }
        />
        <Route path="*" element={<Navigate to="/" replace />} />
      </Route>
    </Routes>
  );
}
