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
/** One earn screen from the area's single lazy chunk. */
const earn = (name: keyof typeof import("../features/earn/screens")) => () =>
  import("../features/earn/screens").then((m) => ({ default: m[name] }));
// Screens reached by two paths.
const earnOrders = earn("OrdersScreen");
const quantList = earn("QuantListScreen");

/** Tab roots: these show the bottom tab bar. */
export const TAB_PATHS = ["/home", "/hangqing", "/heyue", "/shandui", "/my"] as const;

type Entry = [path: string, titleKey: string, meta: Partial<RouteMeta>, screen?: AppRoute["screen"]];

const shellRoutes: Entry[] = [
  ["/home", "home", { keepAlive: true }, () => import("../features/home/home-screen")],
  ["/gerenziliao", "personalData", { login: true, hideNav: true }, () => import("../features/my/personal-data-screen")],
  [
    "/shenfenRenzheng",
    "identityVerification",
    { login: true, hideNav: true },
    () => import("../features/kyc/identity-screen"),
  ],
  [
    "/shenfenRenzhengAd",
    "advancedVerification",
    { login: true, hideNav: true },
    () => import("../features/kyc/advanced-screen"),
  ],
  [
    "/renzhengResult",
    "verificationResult",
    { login: true, hideNav: true },
    () => import("../features/kyc/result-screen"),
  ],
  ["/tuanduiYaoqing", "teamInvitation", { login: true, hideNav: true }],
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
  ["/fuliCenter", "welfareCentre", { login: true, hideNav: true }],
  ["/vipLevel", "vipLevel", { login: true, hideNav: true }],
  ["/jiedai", "loans", { login: true, hideNav: true }],
  ["/jiedaiOrder", "loanOrders", { login: true, hideNav: true }],
  ["/bisai", "contests", { login: true, hideNav: true }],
  ["/bisaiDetail", "contestDetail", { login: true, hideNav: true }],
  ["/bisaiMycansai", "myContestEntries", { login: true, hideNav: true }],
  ["/taolilicai", "arbitrage", { login: true, hideNav: true, background: DARK_BLUE }, earn("FixedTermListScreen")],
  ["/taolilicaiDetail", "arbitrageOrderCreate", { login: true, hideNav: true }, earn("FixedTermCreateScreen")],
  ["/taoliOk", "arbitrageOrderConfirmation", { login: true, hideNav: true }, earn("OrderOkScreen")],
  ["/taoliOrder", "wealthOrders", { login: true, hideNav: true }, earnOrders],
  ["/earnOrder", "earnOrderDetail", { login: true, hideNav: true }, earn("OrderDetailScreen")],
  ["/kuangchi", "mining", { login: true, hideNav: true }, earn("MiningListScreen")],
  ["/kuangchiDetail", "miningDetail", { login: true, hideNav: true }, earn("MiningDetailScreen")],
  ["/zhaiquan", "debtClaims", { hideNav: true }, earn("DebtListScreen")],
  ["/zhaiquanDetail", "debtClaimDetail", { hideNav: true }, earn("DebtDetailScreen")],
  ["/zhaiquanOrder", "debtClaimOrders", { login: true, hideNav: true }, earnOrders],
  ["/quant", "quant", { login: true, hideNav: true }, quantList],
  ["/quantDetail", "quantDetail", { login: true, hideNav: true }, earn("QuantDetailScreen")],
  ["/shandui", "flashExchange", { login: true }, () => import("../features/exchange/exchange-screen")],
  [
    "/shanduiOrder",
    "exchangeRecords",
    { login: true, hideNav: true },
    () => import("../features/exchange/records-screen"),
  ],
  ["/xinwen", "news", { hideNav: true }],
  ["/articleList", "announcements", { hideNav: true }],
  ["/articleDetail", "announcementDetail", { hideNav: true }],
  ["/articleShare", "announcementShare", { hideNav: true }],
  ["/ieo", "ieo", { login: true, hideNav: true }],
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
  ["/inbox", "inbox", { login: true, hideNav: true }],
  ["/loanAccount", "loanAccount", { login: true, hideNav: true }],
  [
    "/personalInfo",
    "personalInfo",
    { login: true, hideNav: true },
    () => import("../features/my/personal-info-screen"),
  ],
  // The seed's path of automated strategies.
  ["/aiQuant", "quant", { login: true, hideNav: true }, quantList],
  ["/spot", "spot", { login: true, hideNav: true }, () => import("../features/spot/spot-screen")],
  ["/options", "options", { login: true, hideNav: true }, () => import("../features/options/options-screen")],
  ["/help", "helpCentre", { hideNav: true }],
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
