// Route table of the console: the login screen without a session, the shell with the
// role's screens with one. A screen the role may not open redirects to the dashboard.
import { Navigate, Route, Routes } from "react-router";
import { LoginPage } from "../features/auth/login-page";
import { can } from "../lib/permissions";
import { useSession } from "../lib/session";
import { SCREENS } from "./screens";
import { Shell } from "./shell";

export function ConsoleRoutes() {
  const session = useSession();
  if (!session) return <LoginPage />;
  const role = session.staff.role;
  return (
    <Routes>
      <Route element={<Shell />}>
        {SCREENS.map((screen) =>
          screen.path === "" ? (
            <Route key="index" index element={screen.element} />
          ) : (
            <Route
              key={screen.path}
              path={screen.path}
              element={can(role, screen.permission) ? screen.element : <Navigate to="/" replace />}
            />
          ),
        )}
        <Route path="*" element={<Navigate to="/" replace />} />
      </Route>
    </Routes>
  );
}
