import { compareDecimals } from "@candor/domain";
import { Badge, Card, DotLoading, Grid, NoticeBar } from "antd-mobile";
import {
  BankcardOutline,
  CalendarOutline,
  ClockCircleOutline,
  MessageOutline,
  ShopbagOutline,
  TeamOutline,
} from "antd-mobile-icons";
import { memo, Suspense, useCallback, useEffect, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { isBuilt } from "../../app/areas";
import { routes, withQuery } from "../../app/routes";
import { EmptyState } from "../../components/empty-state";
import { DepositIcon, LogoMark, TradeIcon, WithdrawIcon } from "../../components/icons";
import { LanguageButton } from "../../components/language-picker";
import { SimulatedBadge } from "../../components/market/market-bits";
import { SegmentedChoice } from "../../components/segmented-choice";
import { useChatUnread } from "../../lib/chat-unread";
import { type LiveSymbol, useLiveSymbols, useSymbols } from "../../lib/market/hooks";
import { useUserStore } from "../../stores/user";
import { BannersPlaceholder, HomeBanners, HomeTicker } from "../content";
import { useBanners, useTicker } from "../content/api";
import { LossRateText } from "../disclosure";
import { BalanceCard } from "./balance-card";
import { FeaturedTile, MoverRow } from "./home-market-rows";
import styles from "./home-screen.module.css";

/**
 * How long the screen below the header waits for the banners and the ticker: they sit on
 * top, and arriving after the rest they would push it down (Lighthouse: layout shift 0.16).
 */
const CONTENT_WAIT_MS = 1000;

/** True once `settled` has been true or `ms` have passed since mount, and true from then on. */
function useReadyOnce(settled: boolean, ms: number): boolean {
  const [ready, setReady] = useState(settled);
  useEffect(() => {
    if (ready) return;
    if (settled) {
      setReady(true);
      return;
    }
    const id = setTimeout(() => setReady(true), ms);
    return () => clearTimeout(id);
  }, [ready, settled, ms]);
  return ready || settled;
}

/**
 * True from the task after `on` turned true: what sits below the fold renders after the
 * top has painted, so the content's arrival is two shorter tasks rather than one long one
 * (Lighthouse: blocking time).
 */
function useNextTask(on: boolean): boolean {
  const [done, setDone] = useState(false);
  useEffect(() => {
    if (!on || done) return;
    const id = setTimeout(() => setDone(true), 0);
    return () => clearTimeout(id);
  }, [on, done]);
  return done;
}

// Shortcuts; an entry whose area is still being built stays hidden (app/areas.ts).
const QUICK_ENTRIES = [
  { path: routes.deposit, key: "deposit", icon: <DepositIcon /> },
  { path: routes.withdraw, key: "withdraw", icon: <WithdrawIcon /> },
  { path: routes.contract, key: "futures", icon: <TradeIcon /> },
  { path: routes.options, key: "options", icon: <ClockCircleOutline /> },
  { path: routes.spot, key: "spot", icon: <ShopbagOutline /> },
  { path: routes.arbitrage, key: "earn", icon: <CalendarOutline /> },
  { path: routes.assetCentre, key: "assets", icon: <BankcardOutline /> },
  { path: routes.teamInvitation, key: "invite", icon: <TeamOutline /> },
  { path: routes.supportChat, key: "support", icon: <MessageOutline /> },
] as const;

const FEATURED = ["BTCUSDT", "ETHUSDT", "XAUUSD"];

/** Biggest 24 h gainers or losers first. */
export function topMovers(list: readonly LiveSymbol[], side: "gainers" | "losers", n = 5): LiveSymbol[] {
  const sign = side === "gainers" ? -1 : 1;
  return [...list]
    .filter((s) => s.price !== null)
    .sort((a, b) => sign * compareDecimals(a.change24h || "0", b.change24h || "0"))
    .slice(0, n);
}

/** The shortcuts grid: its own component, so live prices re-rendering the screen skip it. */
const QuickEntries = memo(function QuickEntries() {
  const { t } = useTranslation("home");
  const navigate = useNavigate();
  const unread = useChatUnread((s) => s.count);
  return (
    <Card title={t("quickEntries")} className={styles.card}>
      <Grid columns={4} gap={8}>
        {QUICK_ENTRIES.filter((entry) => isBuilt(entry.path)).map((entry) => (
          <Grid.Item key={entry.key} onClick={() => navigate(entry.path)}>
            <div className={styles.entry}>
              <span className={styles.icon}>
                {entry.key === "support" && unread > 0 ? (
                  <Badge content={unread} aria-label={t("unreadSupport", { count: unread })}>
                    {entry.icon}
                  </Badge>
                ) : (
                  entry.icon
                )}
              </span>
              <span className={styles.label}>{t(`entries.${entry.key}`)}</span>
            </div>
          </Grid.Item>
        ))}
      </Grid>
    </Card>
  );
});

/**
 * The live parts of the screen: the featured prices and the top movers. Their own
 * component, so a tick re-renders them only, not the banners' carousel, the ticker, the
 * risk warning or the welcome card above (issue 37: each tick re-rendered the whole
 * screen, ~25 ms of a slow phone's main thread).
 */
const HomeMarkets = memo(function HomeMarkets({ belowFold }: { belowFold: boolean }) {
  const { t } = useTranslation("home");
  const navigate = useNavigate();
  const symbols = useLiveSymbols();
  const [side, setSide] = useState<"gainers" | "losers">("gainers");
  const featured = useMemo(
    () => FEATURED.map((f) => symbols.data?.find((s) => s.symbol === f)).filter((s): s is LiveSymbol => !!s),
    [symbols.data],
  );
  const movers = useMemo(() => topMovers(symbols.data ?? [], side), [symbols.data, side]);
  const openChart = useCallback((symbol: string) => navigate(withQuery(routes.chart, { symbol })), [navigate]);
  const sides = useMemo(
    () => [
      { label: t("gainers"), value: "gainers" as const },
      { label: t("losers"), value: "losers" as const },
    ],
    [t],
  );
  return (
    <>
      <section className={styles.tickers} aria-label={t("tickers")} aria-busy={symbols.isPending}>
        {/* Until the prices arrive, empty tiles of the same height hold their place (no layout shift). */}
        {symbols.isPending &&
          FEATURED.map((f) => (
            <div key={f} className={`${styles.ticker} ${styles.placeholder}`} aria-hidden="true">
              <span className={styles.tickerName}>&nbsp;</span>
              <strong className={styles.tickerPrice}>&nbsp;</strong>
              <span className={styles.change}>&nbsp;</span>
            </div>
          ))}
        {featured.map((s) => (
          <FeaturedTile key={s.symbol} s={s} onOpen={openChart} />
        ))}
      </section>
      {belowFold && <QuickEntries />}
      {belowFold && (
        <Card
          title={<h2 className={styles.moversTitle}>{t("topMovers")}</h2>}
          extra={
            <button type="button" className={styles.link} onClick={() => navigate(routes.priceDistribution)}>
              {t("distribution")}
            </button>
          }
          className={`${styles.card} ${styles.moversCard}`}
        >
          <SimulatedBadge simulated={symbols.data?.some((s) => s.simulated)} />
          <SegmentedChoice value={side} onChange={setSide} options={sides} />
          {symbols.isPending ? (
            <div className={styles.center}>
              <DotLoading color="primary" />
            </div>
          ) : symbols.isError ? (
            <EmptyState kind="error" title={t("marketUnavailable")} description={t("common:loadFailedHint")} />
          ) : (
            <ul className={styles.movers} aria-label={t("topMovers")}>
              {movers.map((s) => (
                <MoverRow key={s.symbol} s={s} onOpen={openChart} />
              ))}
            </ul>
          )}
        </Card>
      )}
    </>
  );
});

export default function HomeScreen() {
  const { t } = useTranslation("home");
  const navigate = useNavigate();
  const loggedIn = useUserStore((s) => s.token !== null);
  // The prices' list is asked for at once (the live parts below mount with the content).
  useSymbols();
  const banners = useBanners();
  const ticker = useTicker();
  const contentReady = useReadyOnce(!banners.isPending && !ticker.isPending, CONTENT_WAIT_MS);
  const belowFold = useNextTask(contentReady);
  return (
    <div className={styles.page}>
      <header className={styles.header}>
        <div className={styles.brand}>
          <LogoMark />
          <span>Candor</span>
        </div>
        <LanguageButton />
      </header>
      {/* The risk warning comes first and needs no request: it shows with the screen, and the
          live loss figure replaces its text in the same bar when it arrives. */}
      <NoticeBar content={<LossRateText product="all" fallback={t("riskNotice")} />} color="info" wrap />
      {contentReady && (
        <>
          {(banners.data?.length ?? 0) > 0 && (
            <Suspense fallback={<BannersPlaceholder />}>
              <HomeBanners />
            </Suspense>
          )}
          <HomeTicker />
          {loggedIn ? (
            <BalanceCard />
          ) : (
            <Card className={styles.hero}>
              <h1 className={styles.title}>{t("welcome")}</h1>
              <p className={styles.subtitle}>{t("tagline")}</p>
              <div className={styles.heroActions}>
                <button type="button" className={styles.signUp} onClick={() => navigate(routes.register)}>
                  {t("signUp")}
                </button>
                <button type="button" className={styles.logIn} onClick={() => navigate(routes.login)}>
                  {t("logIn")}
                </button>
              </div>
            </Card>
          )}
          <HomeMarkets belowFold={belowFold} />
        </>
      )}
    </div>
  );
}
