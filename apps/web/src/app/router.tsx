import { createHashRouter, type RouteObject, redirect } from "react-router";
import { guardLoader } from "./guard";
import { RootLayout } from "./root-layout";
import { RouteError } from "./route-error";
import { ROUTES } from "./route-table";

export function buildRoutes(): RouteObject[] {
  return [
    {
      id: "root",
      element: <RootLayout />,
      errorElement: <RouteError />,
      children: [
        { index: true, loader: () => redirect("/home") },
        ...ROUTES.map(
          (route): RouteObject => ({
            path: route.path,
            handle: route,
            loader: guardLoader(route),
            lazy: async () => ({ Component: (await route.screen()).default }),
          }),
        ),
        // Unknown paths go home.
        { path: "*", loader: () => redirect("/home") },
      ],
    },
  ];
}

export const createAppRouter = () => createHashRouter(buildRoutes());
