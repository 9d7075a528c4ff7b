// The app's start (main.tsx loads it once the splash has painted, or at once in a page
// opened in the background): languages, antd-mobile (on Preact, build/preact.ts), desktop
// check, router.
import "./lib/zod-jitless";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
// Deep imports: the antd-mobile index would pull every component into the shell.
import "antd-mobile/es/global";
import { unstableSetRender } from "antd-mobile/es/utils/unstable-render";
import { StrictMode } from "react";
import { createRoot, type Root } from "react-dom/client";
import { RouterProvider } from "react-router";
import { ensureCurrentUser } from "./app/guard";
import { findRoute } from "./app/route-table";
import { createAppRouter, loadRouteError } from "./app/router";
import { routes } from "./app/routes";
import { AntdLocale } from "./lib/antd-locale";
import { ApiError } from "./lib/api-client";
import { loadPublicSettings, redirectToDesktopFrame } from "./lib/desktop";
import { initI18n, loadMoreStrings } from "./lib/i18n";
import { afterFirstScreen, nextTask } from "./lib/idle";
import { loadToast } from "./lib/toast";

// antd-mobile's Toast/Dialog render outside the tree, each in a root of its own.
unstableSetRender((node, container) => {
  const c = container as Element & { _reactRoot?: Root };
  c._reactRoot ??= createRoot(container);
  c._reactRoot.render(node);
  return async () => {
    await new Promise((resolve) => setTimeout(resolve, 0));
    c._reactRoot?.unmount();
    delete c._reactRoot;
  };
});

const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      // Client errors won't change on retry; network trouble might.
      retry: (count, error) => !(error instanceof ApiError && error.code >= 400 && error.code < 500) && count < 2,
      refetchOnWindowFocus: false,
      staleTime: 5_000,
    },
  },
});

/** The screen the URL asks for: its chunk starts downloading with everything else. */
function preloadFirstScreen() {
  const path = window.location.hash.replace(/^#/, "").split("?")[0] || routes.home;
  const route = findRoute(path) ?? findRoute(routes.home);
  route?.screen().catch(() => {}); // the router reports a failure when it loads it
}

/**
 * Once the first screen is up: fetch what error paths need, so they work offline, and
 * register the service worker (pwa.config.ts), whose precache download would otherwise
 * compete with the first screen's files.
 */
function afterStart() {
  void afterFirstScreen().then(() => {
    loadToast().catch(() => {});
    loadRouteError().catch(() => {});
    // The rest of the language's strings, which every other screen needs (lib/i18n-namespaces.ts).
    loadMoreStrings().catch(() => {});
    // The build writes /sw.js; the dev server has none.
    if (import.meta.env.PROD) navigator.serviceWorker?.register("/sw.js", { scope: "/" }).catch(() => {});
  });
}

async function start() {
  preloadFirstScreen();
  // A returning customer's profile, asked for now rather than after the shell has started
  // (the first navigation's guard waits for this request).
  void ensureCurrentUser();
  // Red for rising prices (lib/price-colours.ts), set before the first screen paints.
  try {
    if (localStorage.getItem("upColour") === "red") document.documentElement.classList.add("red-up");
  } catch {}
  const [, settings] = await Promise.all([initI18n(), loadPublicSettings()]);
  if (redirectToDesktopFrame(settings)) return;
  const root = document.getElementById("root");
  if (!root) throw new Error("#root missing");
  // The start-up in three tasks rather than one (issue 37: each was ~70 ms of a slow
  // phone's main thread): the router (its first navigation starts the guard and the
  // screen's loader), then the render. Preact (build/preact.ts) renders the first screen
  // in one pass; a transition would not slice it (preact/compat runs startTransition's
  // callback at once).
  await nextTask();
  const router = createAppRouter();
  await nextTask();
  createRoot(root).render(
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <AntdLocale>
          <RouterProvider router={router} />
        </AntdLocale>
      </QueryClientProvider>
    </StrictMode>,
  );
  afterStart();
}

void start();
