// The asset centre with what the customer owes (issue 35 §3): the gross figures of
// ./balances.ts, loans owed on their own line, and net assets = total − loans owed. The debts
// come from the loans module through app.ts (WalletContext.debts): loans reads the wallet's
// service, so the wallet does not import loans back.
import type { UserAssets } from "@candor/contract";
import { loansOwedUsdt, netAssetsUsdt } from "@candor/domain";
import type { Db } from "../../db";
import type { MarketService } from "../market/service";
import { queryUserAssets } from "./balances";
import type { DebtsReader } from "./context";

export async function queryNetAssets(
  db: Db,
  market: MarketService,
  userId: number,
  debts: DebtsReader | undefined,
): Promise<UserAssets> {
  const [gross, owed] = await Promise.all([queryUserAssets(db, market, userId), debts ? debts(db, userId) : []]);
  const loans = loansOwedUsdt(owed.map((o) => ({ ...o, usdtRate: market.usdtRate(o.currency) })));
  const unpriced = new Set([...gross.unpricedCurrencies, ...loans.unpriced]);
  return {
    ...gross,
    unpricedCurrencies: [...unpriced].sort(),
    loansOwed: loans.usdt,
    netUsdt: netAssetsUsdt(gross.totalUsdt, loans.usdt),
  };
}
