// The trade screen (issue 35 §12): futures, options, spot and demo in one screen with segmented
// tabs at the top and the bottom tab bar below. The four routes (routes.contract, .options,
// .spot, .demoTrading) all show this screen; the route picks the tab, and each tab's body is its
// feature's screen, loaded lazily the first time the tab opens (the bundle budget).
import { type ComponentType, type LazyExoticComponent, lazy, Suspense } from "react";
import { useLocation } from "react-router";
import { CenteredLoading } from "../components/screen-states";
import { DemoKindSwitch, TradeSwitch } from "../components/trade-switch";
import { routes, TRADE_TABS, withQuery } from "./routes";

const BODIES: Record<string, LazyExoticComponent<ComponentType>> = {
  [routes.contract]: lazy(() => import("../features/contracts/contracts-screen")),
  [routes.options]: lazy(() => import("../features/options/options-screen")),
  [routes.spot]: lazy(() => import("../features/spot/spot-screen")),
  [routes.demoTrading]: lazy(() => import("../features/contracts/demo-screen")),
};

const DEMO_PATHS = {
  futures: routes.demoTrading,
  options: withQuery(routes.options, { mode: "demo" }),
  spot: withQuery(routes.spot, { mode: "demo" }),
};

export default function TradeScreen() {
  const { pathname, search } = useLocation();
  const demo = pathname === routes.demoTrading || new URLSearchParams(search).get("mode") === "demo";
  const tab = demo ? "demo" : (TRADE_TABS.find((t) => t.path === pathname)?.key ?? "futures");
  const Body = BODIES[pathname] ?? (BODIES[routes.contract] as LazyExoticComponent<ComponentType>);
  const demoKind = pathname === routes.options ? "options" : pathname === routes.spot ? "spot" : "futures";
  return (
    <div data-testid="trade-screen" data-tab={tab}>
      <TradeSwitch current={tab} />
      {demo ? <DemoKindSwitch current={demoKind} paths={DEMO_PATHS} /> : null}
      <Suspense fallback={<CenteredLoading />}>
        <Body />
      </Suspense>
    </div>
  );
}
