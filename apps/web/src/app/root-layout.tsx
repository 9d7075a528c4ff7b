// The shell around every screen: overlay, sandbox ribbon, page title, scroll reset, tab bar.
import { lazy, Suspense, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { useLocation, useMatches, useNavigation } from "react-router";
import { KeepAliveOutlet } from "../components/keep-alive-outlet";
import { LoadingOverlay } from "../components/loading-overlay";
import { isSandboxMode, SandboxRibbon } from "../components/sandbox-ribbon";
import { AppTabBar } from "../components/tab-bar";
import { loadMoreStrings } from "../lib/i18n";
import { firstScreenShown } from "../lib/idle";
import { useSessionBackground } from "../lib/use-session-background";
import { usePageLoading } from "../stores/page-loading";
import { useUserStore } from "../stores/user";
import styles from "./root-layout.module.css";
import type { AppRoute } from "./route-table";
import { TRADING_ROUTES } from "./routes";

// The reality check (features/protection) loads once a logged-in customer first opens a
// trading screen, and then stays for the session: it is not part of the shell every visitor loads.
// Its strings (protection) are not among the first screens' (lib/i18n-namespaces.ts).
const RealityCheck = lazy(() =>
  Promise.all([import("../features/protection"), loadMoreStrings()]).then(([m]) => ({ default: m.RealityCheck })),
);

export function scrollToTop() {
  window.scrollTo(0, 0);
  document.getElementById("main-page")?.scrollTo(0, 0);
}

export function RootLayout() {
  const { t, i18n } = useTranslation();
  const location = useLocation();
  const matches = useMatches();
  const route = matches[matches.length - 1]?.handle as AppRoute | undefined;
  useSessionBackground();
  const loggedIn = useUserStore((s) => s.token !== null);
  const [traded, setTraded] = useState(false);
  const onTradingScreen = TRADING_ROUTES.includes(location.pathname);
  useEffect(() => {
    if (onTradingScreen) setTraded(true);
  }, [onTradingScreen]);

  // After each navigation: hide the overlay (300 ms minimum) and reset scroll.
  // Typed-in hash changes all carry the key "default", so the path is part of the identity.
  const navigationId = `${location.key}|${location.pathname}${location.search}`;
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once per navigation
  useEffect(() => {
    usePageLoading.getState().finish();
    scrollToTop();
  }, [navigationId]);

  // A navigation that ends without a new location (cancelled, superseded, redirected
  // back to where we are) must not leave the overlay up either. The first time, the first
  // screen has been shown (effects run after the paint): what waits for it may start.
  const navigationState = useNavigation().state;
  useEffect(() => {
    if (navigationState !== "idle") return;
    usePageLoading.getState().finish();
    firstScreenShown();
  }, [navigationState]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: the title follows route and language
  useEffect(() => {
    document.title = route ? `${t(`routes:${route.titleKey}`)} · Candor` : "Candor";
  }, [route, i18n.language, t]);

  const showNav = route ? !route.hideNav : false;
  const sandbox = isSandboxMode();
  return (
    <div className={styles.app} style={route?.background ? { background: route.background } : undefined}>
      <LoadingOverlay />
      <SandboxRibbon sandbox={sandbox} />
      <main id="main-page" className={`${styles.main} ${showNav ? styles.withNav : ""}`}>
        <KeepAliveOutlet />
      </main>
      {showNav ? <AppTabBar /> : null}
      {loggedIn && traded ? (
        <Suspense fallback={null}>
          <RealityCheck />
        </Suspense>
      ) : null}
    </div>
  );
}
