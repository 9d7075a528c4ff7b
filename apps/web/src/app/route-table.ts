// The route table (PRODUCT.md "Shell, navigation and routes"). Every route has
// metadata; screens load lazily. Legacy pinyin paths are kept; feature folders are
// named in English.
import type { ComponentType } from "react";

export interface RouteMeta {
  /** i18n key in the `routes` namespace. */
  titleKey: string;
  /** Keep the screen mounted (state, scroll) when navigating away. */
  keepAlive?: boolean;
  /** Hide the bottom tab bar. */
  hideNav?: boolean;
  /** Requires a logged-in customer. */
  login?: boolean;
  /** Page and loading-overlay background. */
  background?: string;
}

export interface AppRoute extends RouteMeta {
  path: string;
  /** Inside the shell (tab bar + frame) or a full-screen page outside it. */
  shell: boolean;
  screen: () => Promise<{ default: ComponentType }>;
}

const comingSoon = () => import("../components/coming-soon-screen");
const DARK_BLUE = "#0b1f4b";
/** The earn screens: one lazy chunk whose screen follows the path (features/earn/screens.tsx). */
const earn = () => import("../features/earn/screens");
/** The loan screens: one lazy chunk whose screen follows the path. */
const loans = () => import("../features/loans/screens");
/** The contest screens: one lazy chunk whose screen follows the path. */
const contests = () => import("../features/contests/screens");
/** The IEO screens (projects, detail, draw results, records): one lazy chunk, the query picks the screen. */
const ieo = () => import("../features/ieo/screens");
/** The content screens (news, announcements, inbox, help): one small loader that picks the screen by path. */
const content = () => import("../features/content/screens");
/** A screen from an area whose screens load as one lazy chunk of named screens. */
const area =
  <M extends Record<string, ComponentType>>(load: () => Promise<M>) =>
  (name: keyof M) =>
  () =>
    load().then((m) => ({ default: m[name] as ComponentType }));
const rewards = area(() => import("../features/rewards/screens"));
const kyc = area(() => import("../features/kyc/screens"));

/** Tab roots: these show the bottom tab bar. */
export const TAB_PATHS = ["/home", "/hangqing", "/heyue", "/shandui", "/my"] as const;

type Entry = [path: string, titleKey: string, meta: Partial<RouteMeta>, screen?: AppRoute["screen"]];

const shellRoutes: Entry[] = [
  ["/home", "home", { keepAlive: true }, () => import("../features/home/home-screen")],
  ["/gerenziliao", "personalData", { login: true, hideNav: true }, () => import("../features/my/personal-data-screen")],
  ["/shenfenRenzheng", "identityVerification", { login: true, hideNav: true }, kyc("IdentityScreen")],
  ["/shenfenRenzhengAd", "advancedVerification", { login: true, hideNav: true }, kyc("AdvancedScreen")],
  ["/renzhengResult", "verificationResult", { login: true, hideNav: true }, kyc("ResultScreen")],
  ["/tuanduiYaoqing", "teamInvitation", { login: true, hideNav: true }, rewards("TeamScreen")],
  [
    "/zichanCenter",
    "assetCentre",
    { login: true, hideNav: true },
    () => import("../features/wallet/asset-centre-screen"),
  ],
  [
    "/zhangbianRecord",
    "balanceLog",
    { login: true, hideNav: true },
    () => import("../features/wallet/balance-log-screen"),
  ],
  ["/hangqing", "market", { keepAlive: true }, () => import("../features/market/market-screen")],
  ["/heyue", "contract", { login: true }, () => import("../features/contracts/contracts-screen")],
  ["/my", "my", { login: true }, () => import("../features/my/my-screen")],
  [
    "/chongzhitixianRecord",
    "depositWithdrawalRecords",
    { login: true, hideNav: true },
    () => import("../features/wallet/records-screen"),
  ],
  ["/chongzhi", "deposit", { login: true, hideNav: true }, () => import("../features/wallet/deposit-screen")],
  ["/tixian", "withdraw", { login: true, hideNav: true }, () => import("../features/wallet/withdraw-screen")],
  [
    "/chongzhitixianResult",
    "depositWithdrawalResult",
    { login: true, hideNav: true },
    () => import("../features/wallet/result-screen"),
  ],
  [
    "/jiesuanInfo",
    "settlementInfo",
    { login: true, hideNav: true },
    () => import("../features/wallet/settlement-info-screen"),
  ],
  ["/fuliCenter", "welfareCentre", { login: true, hideNav: true }, rewards("WelfareScreen")],
  ["/vipLevel", "vipLevel", { login: true, hideNav: true }, rewards("VipScreen")],
  ["/jiedai", "loans", { login: true, hideNav: true }, loans],
  ["/jiedaiOrder", "loanOrders", { login: true, hideNav: true }, loans],
  ["/bisai", "contests", { login: true, hideNav: true }, contests],
  ["/bisaiDetail", "contestDetail", { login: true, hideNav: true }, contests],
  ["/bisaiMycansai", "myContestEntries", { login: true, hideNav: true }, contests],
  ["/bisaiTrade", "contestTrading", { login: true, hideNav: true }, contests],
  ["/taolilicai", "arbitrage", { login: true, hideNav: true, background: DARK_BLUE }, earn],
  ["/taolilicaiDetail", "arbitrageOrderCreate", { login: true, hideNav: true }, earn],
  ["/taoliOk", "arbitrageOrderConfirmation", { login: true, hideNav: true }, earn],
  ["/taoliOrder", "wealthOrders", { login: true, hideNav: true }, earn],
  ["/earnOrder", "earnOrderDetail", { login: true, hideNav: true }, earn],
  ["/kuangchi", "mining", { login: true, hideNav: true }, earn],
  ["/kuangchiDetail", "miningDetail", { login: true, hideNav: true }, earn],
  ["/zhaiquan", "debtClaims", { hideNav: true }, earn],
  ["/zhaiquanDetail", "debtClaimDetail", { hideNav: true }, earn],
  ["/zhaiquanOrder", "debtClaimOrders", { login: true, hideNav: true }, earn],
  ["/quant", "quant", { login: true, hideNav: true }, earn],
  ["/quantDetail", "quantDetail", { login: true, hideNav: true }, earn],
  ["/shandui", "flashExchange", { login: true }, () => import("../features/exchange/exchange-screen")],
  [
    "/shanduiOrder",
    "exchangeRecords",
    { login: true, hideNav: true },
    () => import("../features/exchange/records-screen"),
  ],
  ["/xinwen", "news", { hideNav: true }, content],
  ["/articleList", "announcements", { hideNav: true }, content],
  ["/articleDetail", "announcementDetail", { hideNav: true }, content],
  ["/articleShare", "announcementShare", { hideNav: true }, content],
  ["/ieo", "ieo", { login: true, hideNav: true }, ieo],
  // Routes PRODUCT.md asks for without naming a path.
  [
    "/changePassword",
    "changeLoginPassword",
    { login: true, hideNav: true },
    () => import("../features/security/change-password-screen"),
  ],
  [
    "/changeWithdrawalPassword",
    "changeWithdrawalPassword",
    { login: true, hideNav: true },
    () => import("../features/security/change-withdrawal-password-screen"),
  ],
  [
    "/priceDistribution",
    "priceDistribution",
    { hideNav: true },
    () => import("../features/market/distribution-screen"),
  ],
  ["/inbox", "inbox", { login: true, hideNav: true }, content],
  ["/loanAccount", "loanAccount", { login: true, hideNav: true }, loans],
  [
    "/personalInfo",
    "personalInfo",
    { login: true, hideNav: true },
    () => import("../features/my/personal-info-screen"),
  ],
  // The seed's path of automated strategies.
  ["/aiQuant", "quant", { login: true, hideNav: true }, earn],
  ["/spot", "spot", { login: true, hideNav: true }, () => import("../features/spot/spot-screen")],
  ["/options", "options", { login: true, hideNav: true }, () => import("../features/options/options-screen")],
  ["/help", "helpCentre", { hideNav: true }, content],
  ["/languages", "languages", { hideNav: true }, () => import("../features/settings/languages-screen")],
  [
    "/googleAuth",
    "googleAuthenticator",
    { login: true, hideNav: true },
    () => import("../features/security/google-auth-screen"),
  ],
  ["/sessions", "mySessions", { login: true, hideNav: true }, () => import("../features/security/sessions-screen")],
];

const fullScreenRoutes: Entry[] = [
  ["/demotrading", "demoTrading", { login: true }, () => import("../features/contracts/demo-screen")],
  ["/kline", "chart", {}, () => import("../features/market/kline-screen")],
  ["/outlink", "externalPage", {}, () => import("../features/outlink/outlink-screen")],
  ["/login", "login", {}, () => import("../features/auth/login-screen")],
  ["/register", "register", {}, () => import("../features/auth/register-screen")],
  ["/forgotPassword", "forgotPassword", {}, () => import("../features/auth/forgot-password-screen")],
  ["/chat", "supportChat", {}, () => import("../features/chat/chat-screen")],
];

function build(entries: Entry[], shell: boolean): AppRoute[] {
  return entries.map(([path, titleKey, meta, screen]) => ({
    path,
    titleKey,
    shell,
    hideNav: !shell || meta.hideNav === true,
    ...meta,
    screen: screen ?? comingSoon,
  }));
}

export const ROUTES: AppRoute[] = [...build(shellRoutes, true), ...build(fullScreenRoutes, false)];

export function findRoute(pathname: string): AppRoute | undefined {
  return ROUTES.find((r) => r.path === pathname);
}
