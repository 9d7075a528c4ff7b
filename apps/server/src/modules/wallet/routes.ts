// Customer wallet endpoints (docs/contract.md "Money"): currencies, balances and assets,
// deposits, withdrawals with their tracker, payout accounts and the balance log.
import { ClientRequestId, walletEndpoints as E } from "@candor/contract";
import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { badRequest } from "../../lib/errors";
import { fastSerializerCompiler } from "../../lib/fast-serializer";
import { route } from "../../lib/route";
import { freezeByToken } from "./address-safety";
import { queryNetAssets } from "./assets";
import { queryUserBalance } from "./balances";
import type { WalletContext } from "./context";
import { listCurrencies } from "./currencies";
import { applyDeposit, getMyDeposit, getRechargeInfo, listMyDeposits } from "./deposits";
import { addPayoutAccount, deletePayoutAccount, listPayoutAccounts, updatePayoutAccount } from "./payout-accounts";
import { listBalanceLog } from "./statement";
import { cancelWithdrawal } from "./withdrawal-transitions";
import { applyWithdrawal, getWithdrawalInfo, getWithdrawalTracker, listMyWithdrawals } from "./withdrawals";

/** The request's idempotency key: `clientRequestId` in the body, else the Idempotency-Key header. */
export function requestKey(request: FastifyRequest, fromBody: string | undefined): string | undefined {
  if (fromBody) return fromBody;
  const header = request.headers["idempotency-key"];
  const value = Array.isArray(header) ? header[0] : header;
  if (value === undefined || value === "") return undefined;
  const parsed = ClientRequestId.safeParse(value);
  if (!parsed.success) throw badRequest("invalidField", { field: "Idempotency-Key" });
  return parsed.data;
}

export const walletRoutes: FastifyPluginAsyncZod<{ ctx: WalletContext }> = async (app, { ctx }) => {
  const db = ctx.db;
  // Balances and assets are read on every screen: their JSON is made by the compiled serializer.
  const fast = { serializerCompiler: fastSerializerCompiler };

  route(app, E.currencies, () => listCurrencies(db, ctx.rates));
  route(app, E.balances, ({ user }) => queryUserBalance(db, ctx.rates, user.id), fast);
  route(app, E.assets, ({ user }) => queryNetAssets(db, ctx.market, user.id, ctx.debts), fast);

  // ---------------------------------------------------------------- deposits

  route(app, E.rechargeInfo, ({ user, query }) => getRechargeInfo(ctx, user.id, query.currency));
  route(app, E.rechargeApply, ({ user, body, request }) =>
    applyDeposit(ctx, user.id, body, requestKey(request, body.clientRequestId)),
  );
  const explorerTx = ctx.chain?.config.explorerTx ?? null;
  route(app, E.rechargeList, ({ user, query, request }) =>
    listMyDeposits(db, user.id, query, { explorerTx, lang: request.lang }),
  );
  route(app, E.rechargeDetail, ({ user, params, request }) =>
    getMyDeposit(db, user.id, params.id, { explorerTx, lang: request.lang }),
  );

  // ---------------------------------------------------------------- withdrawals

  route(app, E.withdrawalInfo, ({ user, query }) => getWithdrawalInfo(ctx, user.id, query.currency));
  route(app, E.withdrawalApply, ({ user, body, request }) =>
    applyWithdrawal(ctx, user.id, body, requestKey(request, body.clientRequestId)),
  );
  route(app, E.withdrawalList, ({ user, query }) => listMyWithdrawals(db, user.id, query));
  route(app, E.withdrawalTracker, ({ user, params, request }) =>
    getWithdrawalTracker(db, user.id, params.id, request.lang),
  );
  route(app, E.withdrawalCancel, ({ user, params }) => cancelWithdrawal(db, user.id, params.id));

  // ---------------------------------------------------------------- payout accounts

  route(app, E.accountAdd, ({ user, body, request }) => addPayoutAccount(ctx, user.id, body, request.lang));
  route(app, E.accountUpdate, ({ user, body, request }) => updatePayoutAccount(ctx, user.id, body, request.lang));
  route(app, E.accountList, ({ user, query }) => listPayoutAccounts(db, user.id, query));
  route(app, E.accountDelete, ({ user, params }) => deletePayoutAccount(db, user.id, params.id));

  route(app, E.freeze, async ({ body }) => {
    const { userId } = await freezeByToken(db, body.token);
    app.bus.publish("access.revoked", { userId });
    return { frozen: true as const };
  });

  // ---------------------------------------------------------------- balance log

  route(app, E.balanceLog, ({ user, query }) => listBalanceLog(db, user.id, query));
};
