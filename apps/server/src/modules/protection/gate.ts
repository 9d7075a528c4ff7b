// Every money-in and risk-taking path, and what the protection service checks before it
// runs (one table, like the product gates of modules/products: a new path is one line
// here, and test/protection/paths.test.ts walks the table against every state).
//
// Open on purpose: closing positions, withdrawals, redeeming and repaying, support chat and
// every read. Demo trades are play money (a time-out is about real-money risk), so demo
// mode stays open and is not counted. A spot SELL turns a holding into USDT (it closes
// risk), so it stays open; a spot BUY is refused. Flash exchange (a swap at the quoted rate,
// not a bet on a price move) stays open. IEO payment after a won draw completes an
// application made earlier and stays open; a new application is refused. Money that still
// arrives on the chain at an address handed out earlier is credited (it is the customer's).
import {
  contestPaths,
  contractPaths,
  earnPaths,
  ieoPaths,
  type Lang,
  loanPaths,
  optionPaths,
  spotPaths,
  walletPaths,
} from "@candor/contract";
import type { ProtectionService, RiskKind } from "./service";

type Body = { mode?: string; side?: string; currency?: string; amount?: string | number } | undefined;
type Check = (s: ProtectionService, userId: number, body: Body, lang: Lang) => Promise<void>;

const risk =
  (kind: RiskKind, opens: (body: Body) => boolean = () => true): Check =>
  (s, userId, body, lang) =>
    opens(body) ? s.assertMayTakeRisk(userId, kind, lang) : Promise.resolve();

/** Real money (or a contest's entry-bought account): not demo. */
const notDemo = (body: Body) => body?.mode !== "demo";

/** POST routes (as declared) → their check. */
export const PROTECTED_POSTS: Record<string, Check> = {
  [walletPaths.rechargeApply]: (s, userId, body, lang) =>
    s.assertDepositAllowed(userId, String(body?.currency ?? ""), String(body?.amount ?? "0"), lang),
  [contractPaths.create]: risk("futures", notDemo),
  [optionPaths.buy]: risk("options", notDemo),
  [spotPaths.create]: risk("spot", (b) => notDemo(b) && b?.side !== "sell"),
  [earnPaths.debitBuy]: risk("earn"),
  [earnPaths.minerBuy]: risk("earn"),
  [loanPaths.creditApply]: risk("loans"),
  [loanPaths.pledgeApply]: risk("loans"),
  [ieoPaths.apply]: risk("ieo"),
  [contestPaths.join]: risk("contests"),
};

/** GET routes that hand out a deposit address: refused while a time-out or self-exclusion runs. */
export const PROTECTED_GETS: readonly string[] = [walletPaths.rechargeInfo, walletPaths.depositAddress];
