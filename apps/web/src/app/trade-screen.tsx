// The trade screen (issue 35 §12): futures, options, spot and demo in one screen with segmented
// tabs at the top and the bottom tab bar below. The four routes (routes.contract, .options,
// .spot, .demoTrading; `tradeTab` in the route table) all show this screen, the route picks the
// tab. It is small and part of the shell; each tab's body is its feature's screen, which the
// route loads lazily (router.tsx) before the screen renders — the bundle budget, one round trip.
import type { ComponentType } from "react";
import { useLocation } from "react-router";
import { DemoKindSwitch, TradeSwitch } from "../components/trade-switch";
import { routes, TRADE_TABS, withQuery } from "./routes";

/** The loaded body of each trade route, by path. */
const bodies = new Map<string, ComponentType>();

/** The trade screen showing `body` on `path` (router.tsx, once the route's screen has loaded). */
export function tradeScreenWith(path: string, body: ComponentType): ComponentType {
  bodies.set(path, body);
  return TradeScreen;
}

const DEMO_PATHS = {
  futures: routes.demoTrading,
  options: withQuery(routes.options, { mode: "demo" }),
  spot: withQuery(routes.spot, { mode: "demo" }),
};

function TradeScreen() {
  const { pathname, search } = useLocation();
  const demo = pathname === routes.demoTrading || new URLSearchParams(search).get("mode") === "demo";
  const tab = demo ? "demo" : (TRADE_TABS.find((t) => t.path === pathname)?.key ?? "futures");
  const Body = bodies.get(pathname);
  const demoKind = pathname === routes.options ? "options" : pathname === routes.spot ? "spot" : "futures";
  return (
    <div data-testid="trade-screen" data-tab={tab}>
      <TradeSwitch current={tab} />
      {demo ? <DemoKindSwitch current={demoKind} paths={DEMO_PATHS} /> : null}
      {Body ? <Body /> : null}
    </div>
  );
}
