// The navigation guard, run before every navigation (PRODUCT.md): show the overlay;
// if the user store has no user id, fetch the current user (success stores it,
// failure empties it, errors are ignored); send logged-out visitors of login-only
// routes to /login, remembering where they wanted to go.
import { type LoaderFunctionArgs, redirect } from "react-router";
import { refreshCurrentUser } from "../lib/session";
import { usePageLoading } from "../stores/page-loading";
import { useUserStore } from "../stores/user";
import type { AppRoute } from "./route-table";

export async function ensureCurrentUser(): Promise<void> {
  const store = useUserStore.getState();
  if (store.user?.id) return;
  if (!store.token) return;
  if (!(await refreshCurrentUser())) useUserStore.getState().setUser(null);
}

export function guardLoader(route: AppRoute) {
  return async ({ request }: LoaderFunctionArgs) => {
    usePageLoading.getState().start(route.background);
    await ensureCurrentUser();
    if (route.login && !useUserStore.getState().user?.id) {
      const url = new URL(request.url);
      useUserStore.getState().setRedirect(url.pathname + url.search);
      throw redirect("/login");
    }
    return null;
  };
}
