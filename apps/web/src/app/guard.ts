// The navigation guard, run before every navigation (docs/product.md): show the overlay;
// if the user store has no user id, fetch the current user (success stores it,
// failure empties it, errors are ignored); send logged-out visitors of login-only
// routes to /login, remembering where they wanted to go.
import { type LoaderFunctionArgs, redirect } from "react-router";
import { refreshCurrentUser } from "../lib/session";
import { usePageLoading } from "../stores/page-loading";
import { useUserStore } from "../stores/user";
import type { AppRoute } from "./route-table";
import { routes } from "./routes";

let loading: Promise<void> | null = null;

/**
 * Load the current user when there is a token but no user yet. One request at a time:
 * start.tsx starts it with the shell's other start-up requests, and the first navigation's
 * guard waits for that same request instead of asking again after it.
 */
export function ensureCurrentUser(): Promise<void> {
  const store = useUserStore.getState();
  if (store.user?.id || !store.token) return Promise.resolve();
  loading ??= refreshCurrentUser()
    .then((user) => {
      if (!user) useUserStore.getState().setUser(null);
    })
    .finally(() => {
      loading = null;
    });
  return loading;
}

export function guardLoader(route: AppRoute) {
  return async ({ request }: LoaderFunctionArgs) => {
    usePageLoading.getState().start(route.background);
    await ensureCurrentUser();
    if (route.login && !useUserStore.getState().user?.id) {
      const url = new URL(request.url);
      useUserStore.getState().setRedirect(url.pathname + url.search);
      throw redirect(routes.login);
    }
    return null;
  };
}
