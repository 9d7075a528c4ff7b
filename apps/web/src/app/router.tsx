import { lazy, Suspense } from "react";
import { createHashRouter, type RouteObject, redirect } from "react-router";
import { loadMoreStrings } from "../lib/i18n";
import { guardLoader } from "./guard";
import { RootLayout } from "./root-layout";
import { ROUTES } from "./route-table";
import { FIRST_SCREENS, routes } from "./routes";
import { tradeScreenWith } from "./trade-screen";

// The error screen (with antd-mobile's illustrations) is not part of the first download;
// start.tsx fetches it once the first screen is up, so it is there when the network is not.
export const loadRouteError = () => import("./route-error");
const RouteError = lazy(async () => ({ default: (await loadRouteError()).RouteError }));

export function buildRoutes(): RouteObject[] {
  return [
    {
      id: "root",
      element: <RootLayout />,
      errorElement: (
        <Suspense fallback={null}>
          <RouteError />
        </Suspense>
      ),
      children: [
        { index: true, loader: () => redirect(routes.home) },
        ...ROUTES.map(
          (route): RouteObject => ({
            path: route.path,
            handle: route,
            loader: guardLoader(route),
            lazy: async () => {
              // Every screen but the first ones needs the rest of the language's strings
              // (fetched after the first screen anyway; lib/i18n-namespaces.ts).
              const [screen] = await Promise.all([
                route.screen().then((m) => m.default),
                FIRST_SCREENS.includes(route.path) ? undefined : loadMoreStrings(),
              ]);
              return { Component: route.tradeTab ? tradeScreenWith(route.path, screen) : screen };
            },
          }),
        ),
        // Unknown paths go home.
        { path: "*", loader: () => redirect(routes.home) },
      ],
    },
  ];
}

export const createAppRouter = () => createHashRouter(buildRoutes());
