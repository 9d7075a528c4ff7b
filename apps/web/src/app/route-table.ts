// The route table (docs/product.md "Shell, navigation and routes"). Every route has
// metadata; screens load lazily. The legacy pinyin paths are kept, named in app/routes.ts
// (screens navigate by those names); feature folders are named in English.
import type { ComponentType } from "react";
import { routes } from "./routes";

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
  /** A tab of the trade screen (app/trade-screen.tsx, issue 35 §12): the screen is shown as its body. */
  tradeTab?: boolean;
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
export const TAB_PATHS = [routes.home, routes.market, routes.contract, routes.flashExchange, routes.my] as const;

type Entry = [path: string, titleKey: string, meta: Partial<RouteMeta>, screen?: AppRoute["screen"]];

const shellRoutes: Entry[] = [
  [routes.home, "home", { keepAlive: true }, () => import("../features/home/home-screen")],
  [
    routes.personalData,
    "personalData",
    { login: true, hideNav: true },
    () => import("../features/my/personal-data-screen"),
  ],
  [routes.identityVerification, "identityVerification", { login: true, hideNav: true }, kyc("IdentityScreen")],
  [routes.advancedVerification, "advancedVerification", { login: true, hideNav: true }, kyc("AdvancedScreen")],
  [routes.verificationResult, "verificationResult", { login: true, hideNav: true }, kyc("ResultScreen")],
  [routes.teamInvitation, "teamInvitation", { login: true, hideNav: true }, rewards("TeamScreen")],
  [
    routes.assetCentre,
    "assetCentre",
    { login: true, hideNav: true },
    () => import("../features/wallet/asset-centre-screen"),
  ],
  [
    routes.balanceLog,
    "balanceLog",
    { login: true, hideNav: true },
    () => import("../features/wallet/balance-log-screen"),
  ],
  [routes.market, "market", { keepAlive: true }, () => import("../features/market/market-screen")],
  [
    routes.contract,
    "contract",
    { login: true, tradeTab: true },
    () => import("../features/contracts/contracts-screen"),
  ],
  [routes.my, "my", { login: true }, () => import("../features/my/my-screen")],
  [
    routes.depositWithdrawalRecords,
    "depositWithdrawalRecords",
    { login: true, hideNav: true },
    () => import("../features/wallet/records-screen"),
  ],
  [routes.deposit, "deposit", { login: true, hideNav: true }, () => import("../features/wallet/deposit-screen")],
  [routes.withdraw, "withdraw", { login: true, hideNav: true }, () => import("../features/wallet/withdraw-screen")],
  [
    routes.depositWithdrawalResult,
    "depositWithdrawalResult",
    { login: true, hideNav: true },
    () => import("../features/wallet/result-screen"),
  ],
  [
    routes.withdrawalFreeze,
    "withdrawalFreeze",
    { hideNav: true },
    () => import("../features/wallet/withdrawal-freeze-screen"),
  ],
  [routes.proofOfReserves, "proofOfReserves", { hideNav: true }, () => import("../features/reserves/proof-screen")],
  [routes.lossMethod, "lossMethod", { hideNav: true }, () => import("../features/disclosure/loss-method-screen")],
  [
    routes.myResults,
    "myResults",
    { login: true, hideNav: true },
    () => import("../features/disclosure/results-screen"),
  ],
  [
    routes.settlementInfo,
    "settlementInfo",
    { login: true, hideNav: true },
    () => import("../features/wallet/settlement-info-screen"),
  ],
  [routes.welfareCentre, "welfareCentre", { login: true, hideNav: true }, rewards("WelfareScreen")],
  [routes.vipLevel, "vipLevel", { login: true, hideNav: true }, rewards("VipScreen")],
  [routes.loans, "loans", { login: true, hideNav: true }, loans],
  [routes.loanOrders, "loanOrders", { login: true, hideNav: true }, loans],
  [routes.contests, "contests", { login: true, hideNav: true }, contests],
  [routes.contestDetail, "contestDetail", { login: true, hideNav: true }, contests],
  [routes.myContestEntries, "myContestEntries", { login: true, hideNav: true }, contests],
  [routes.contestTrading, "contestTrading", { login: true, hideNav: true }, contests],
  [routes.arbitrage, "arbitrage", { login: true, hideNav: true, background: DARK_BLUE }, earn],
  [routes.arbitrageOrderCreate, "arbitrageOrderCreate", { login: true, hideNav: true }, earn],
  [routes.arbitrageOrderConfirmation, "arbitrageOrderConfirmation", { login: true, hideNav: true }, earn],
  [routes.wealthOrders, "wealthOrders", { login: true, hideNav: true }, earn],
  [routes.earnOrderDetail, "earnOrderDetail", { login: true, hideNav: true }, earn],
  [routes.mining, "mining", { login: true, hideNav: true }, earn],
  [routes.miningDetail, "miningDetail", { login: true, hideNav: true }, earn],
  [routes.debtClaims, "debtClaims", { hideNav: true }, earn],
  [routes.debtClaimDetail, "debtClaimDetail", { login: true, hideNav: true }, earn],
  [routes.debtClaimOrders, "debtClaimOrders", { login: true, hideNav: true }, earn],
  [routes.quant, "quant", { login: true, hideNav: true }, earn],
  [routes.quantDetail, "quantDetail", { login: true, hideNav: true }, earn],
  [routes.flashExchange, "flashExchange", { login: true }, () => import("../features/exchange/exchange-screen")],
  [
    routes.exchangeRecords,
    "exchangeRecords",
    { login: true, hideNav: true },
    () => import("../features/exchange/records-screen"),
  ],
  [routes.news, "news", { hideNav: true }, content],
  [routes.announcements, "announcements", { hideNav: true }, content],
  [routes.announcementDetail, "announcementDetail", { hideNav: true }, content],
  [routes.announcementShare, "announcementShare", { hideNav: true }, content],
  [routes.ieo, "ieo", { login: true, hideNav: true }, ieo],
  // Routes docs/product.md asks for without naming a path.
  [
    routes.changeLoginPassword,
    "changeLoginPassword",
    { login: true, hideNav: true },
    () => import("../features/security/change-password-screen"),
  ],
  [
    routes.changeWithdrawalPassword,
    "changeWithdrawalPassword",
    { login: true, hideNav: true },
    () => import("../features/security/change-withdrawal-password-screen"),
  ],
  [
    routes.priceDistribution,
    "priceDistribution",
    { hideNav: true },
    () => import("../features/market/distribution-screen"),
  ],
  [routes.inbox, "inbox", { login: true, hideNav: true }, content],
  [routes.loanAccount, "loanAccount", { login: true, hideNav: true }, loans],
  [
    routes.personalInfo,
    "personalInfo",
    { login: true, hideNav: true },
    () => import("../features/my/personal-info-screen"),
  ],
  // The seed's path of automated strategies.
  [routes.aiQuant, "quant", { login: true, hideNav: true }, earn],
  // Futures (above), spot, options and demo: one trade screen whose tab follows the path (app/trade-screen.tsx).
  [routes.spot, "spot", { login: true, tradeTab: true }, () => import("../features/spot/spot-screen")],
  [routes.options, "options", { login: true, tradeTab: true }, () => import("../features/options/options-screen")],
  [
    routes.demoTrading,
    "demoTrading",
    { login: true, tradeTab: true },
    () => import("../features/contracts/demo-screen"),
  ],
  [routes.helpCentre, "helpCentre", { hideNav: true }, content],
  [routes.languages, "languages", { hideNav: true }, () => import("../features/settings/languages-screen")],
  [
    routes.googleAuthenticator,
    "googleAuthenticator",
    { login: true, hideNav: true },
    () => import("../features/security/google-auth-screen"),
  ],
  [
    routes.mySessions,
    "mySessions",
    { login: true, hideNav: true },
    () => import("../features/security/sessions-screen"),
  ],
  [routes.limits, "limits", { login: true, hideNav: true }, () => import("../features/protection/limits-screen")],
  [
    routes.dataRights,
    "dataRights",
    { login: true, hideNav: true },
    () => import("../features/privacy/data-rights-screen"),
  ],
  [
    routes.closeAccount,
    "closeAccount",
    { login: true, hideNav: true },
    () => import("../features/privacy/close-account-screen"),
  ],
  [routes.alerts, "alerts", { login: true, hideNav: true }, () => import("../features/alerts/alerts-screen")],
];

const fullScreenRoutes: Entry[] = [
  [routes.chart, "chart", {}, () => import("../features/market/kline-screen")],
  [routes.externalPage, "externalPage", {}, () => import("../features/outlink/outlink-screen")],
  [routes.login, "login", {}, () => import("../features/auth/login-screen")],
  [routes.register, "register", {}, () => import("../features/auth/register-screen")],
  [routes.forgotPassword, "forgotPassword", {}, () => import("../features/auth/forgot-password-screen")],
  [routes.contactProof, "contactProof", { login: true }, () => import("../features/auth/contact-proof-screen")],
  [routes.supportChat, "supportChat", {}, () => import("../features/chat/chat-screen")],
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
