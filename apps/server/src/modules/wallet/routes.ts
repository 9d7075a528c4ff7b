// Customer wallet endpoints (CONTRACT.md "Money"): currencies, balances and assets,
// deposits, withdrawals with their tracker, payout accounts and the balance log.
import {
  AddPayoutAccountBody,
  BalanceLogListQuery,
  BalanceLogRecord,
  ClientRequestId,
  envelope,
  IdParam,
  PayoutAccount,
  PayoutAccountListQuery,
  page,
  RechargeApplyBody,
  RechargeInfo,
  RechargeInfoQuery,
  RechargeListQuery,
  RechargeRecord,
  UpdatePayoutAccountBody,
  UserAssets,
  UserBalance,
  WalletCurrency,
  WithdrawalApplied,
  WithdrawalApplyBody,
  WithdrawalInfo,
  WithdrawalInfoQuery,
  WithdrawalListQuery,
  WithdrawalRecord,
  WithdrawalTracker,
} from "@candor/contract";
import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { ok } from "../../lib/envelope";
import { badRequest } from "../../lib/errors";
import { fastSerializerCompiler } from "../../lib/fast-serializer";
import { route } from "../../lib/route";
import { currentUser } from "../../plugins/auth";
import { listBalanceLog, queryUserAssets, queryUserBalance } from "./balances";
import type { WalletContext } from "./context";
import { listCurrencies } from "./currencies";
import { applyDeposit, getMyDeposit, getRechargeInfo, listMyDeposits } from "./deposits";
import { addPayoutAccount, deletePayoutAccount, listPayoutAccounts, updatePayoutAccount } from "./payout-accounts";
import { cancelWithdrawal } from "./withdrawal-transitions";
import { applyWithdrawal, getWithdrawalInfo, getWithdrawalTracker, listMyWithdrawals } from "./withdrawals";

const tags = ["wallet"];
const security = [{ accessToken: [] }];
const Id = z.object({ id: z.number().int() });

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

  route(
    app,
    {
      method: "GET",
      url: "/api/finance/appWallet/currencies",
      auth: "public",
      tags,
      summary: "Currencies with networks, minimums, withdrawal fee and USDT rate",
      result: z.array(WalletCurrency),
    },
    () => listCurrencies(db, ctx.rates),
  );

  app.get(
    "/api/finance/appWallet/queryUserBalance",
    {
      onRequest: app.requireUser,
      serializerCompiler: fastSerializerCompiler,
      schema: {
        tags,
        summary: "Per-currency available and frozen balances",
        security,
        response: { 200: envelope(z.array(UserBalance)) },
      },
    },
    async (request) => ok(await queryUserBalance(db, ctx.rates, currentUser(request).id)),
  );

  app.get(
    "/api/finance/appWallet/queryUserAssets",
    {
      onRequest: app.requireUser,
      serializerCompiler: fastSerializerCompiler,
      schema: {
        tags,
        summary: "Asset centre: total, spot, position, contest-frozen and virtual, in USDT",
        security,
        response: { 200: envelope(UserAssets) },
      },
    },
    async (request) => ok(await queryUserAssets(db, ctx.market, currentUser(request).id)),
  );

  // ---------------------------------------------------------------- deposits

  route(
    app,
    {
      method: "GET",
      url: "/api/finance/appRecharge/info",
      auth: "user",
      tags,
      summary: "Deposit screen: my address per network (QR text), minimum, bank details",
      query: RechargeInfoQuery,
      result: RechargeInfo,
    },
    ({ request, query }) => getRechargeInfo(ctx, currentUser(request).id, query.currency),
  );

  route(
    app,
    {
      method: "POST",
      url: "/api/finance/appRecharge/apply",
      auth: "user",
      tags,
      summary: "Apply for a deposit; the sandbox confirms and credits it within seconds",
      body: RechargeApplyBody,
      result: RechargeRecord,
    },
    ({ request, body }) => applyDeposit(ctx, currentUser(request).id, body, requestKey(request, body.clientRequestId)),
  );

  route(
    app,
    {
      method: "GET",
      url: "/api/finance/appRecharge/listMy",
      auth: "user",
      tags,
      summary: "My deposits, newest first",
      query: RechargeListQuery,
      result: page(RechargeRecord),
    },
    ({ request, query }) => listMyDeposits(db, currentUser(request).id, query),
  );

  route(
    app,
    {
      method: "GET",
      url: "/api/finance/appRecharge/detail/:id",
      auth: "user",
      tags,
      summary: "One of my deposits (result screen)",
      params: IdParam,
      result: RechargeRecord,
    },
    ({ request, params }) => getMyDeposit(db, currentUser(request).id, params.id),
  );

  // ---------------------------------------------------------------- withdrawals

  route(
    app,
    {
      method: "GET",
      url: "/api/finance/appWithdrawal/info",
      auth: "user",
      tags,
      summary: "Withdraw screen: available, minimum, fee, daily limit without KYC, review time",
      query: WithdrawalInfoQuery,
      result: WithdrawalInfo,
    },
    ({ request, query }) => getWithdrawalInfo(ctx, currentUser(request).id, query.currency),
  );

  app.post(
    "/api/finance/appWithdrawal/apply",
    {
      onRequest: app.requireUser,
      schema: {
        tags,
        summary: "Withdraw: the amount is held at once; receive = amount − fee",
        description:
          "Wrong withdrawal password → 400; none set → 409; another customer's accountId → 404; " +
          "over the daily limit without basic KYC → 403; not enough available → 409.",
        security,
        body: WithdrawalApplyBody,
        response: { 200: envelope(WithdrawalApplied) },
      },
    },
    async (request) =>
      ok(
        await applyWithdrawal(
          ctx,
          currentUser(request).id,
          request.body,
          requestKey(request, request.body.clientRequestId),
        ),
      ),
  );

  route(
    app,
    {
      method: "GET",
      url: "/api/finance/appWithdrawal/listMy",
      auth: "user",
      tags,
      summary: "My withdrawals, newest first",
      query: WithdrawalListQuery,
      result: page(WithdrawalRecord),
    },
    ({ request, query }) => listMyWithdrawals(db, currentUser(request).id, query),
  );

  route(
    app,
    {
      method: "GET",
      url: "/api/finance/appWithdrawal/tracker/:id",
      auth: "user",
      tags,
      summary: "Withdrawal tracker: state changes with times, review time limit, no-payment notice",
      params: IdParam,
      result: WithdrawalTracker,
    },
    ({ request, params }) => getWithdrawalTracker(db, currentUser(request).id, params.id, request.lang),
  );

  route(
    app,
    {
      method: "POST",
      url: "/api/finance/appWithdrawal/cancel/:id",
      auth: "user",
      tags,
      summary: "Cancel my withdrawal while under review (the held amount is released)",
      params: IdParam,
      result: WithdrawalRecord,
    },
    ({ request, params }) => cancelWithdrawal(db, currentUser(request).id, params.id),
  );

  // ---------------------------------------------------------------- payout accounts

  route(
    app,
    {
      method: "POST",
      url: "/api/user/appUserWithdrawalInfoSet/addAccount",
      auth: "user",
      tags,
      summary: "Bind a blockchain wallet or a bank account for withdrawals",
      body: AddPayoutAccountBody,
      result: Id,
    },
    ({ request, body }) => addPayoutAccount(db, currentUser(request).id, body),
  );

  route(
    app,
    {
      method: "POST",
      url: "/api/user/appUserWithdrawalInfoSet/updateAccount",
      auth: "user",
      tags,
      summary: "Edit one of my payout accounts",
      body: UpdatePayoutAccountBody,
      result: PayoutAccount,
    },
    ({ request, body }) => updatePayoutAccount(db, currentUser(request).id, body),
  );

  route(
    app,
    {
      method: "GET",
      url: "/api/user/appUserWithdrawalInfoSet/list",
      auth: "user",
      tags,
      summary: "My payout accounts",
      query: PayoutAccountListQuery,
      result: z.array(PayoutAccount),
    },
    ({ request, query }) => listPayoutAccounts(db, currentUser(request).id, query),
  );

  route(
    app,
    {
      method: "POST",
      url: "/api/user/appUserWithdrawalInfoSet/deleteAccount/:id",
      auth: "user",
      tags,
      summary: "Remove one of my payout accounts",
      params: IdParam,
      result: Id,
    },
    ({ request, params }) => deletePayoutAccount(db, currentUser(request).id, params.id),
  );

  // ---------------------------------------------------------------- balance log

  route(
    app,
    {
      method: "GET",
      url: "/api/finance/appBalanceLog/list",
      auth: "user",
      tags,
      summary: "Every ledger transfer touching me, newest first; amount = signed change of available",
      query: BalanceLogListQuery,
      result: page(BalanceLogRecord),
    },
    ({ request, query }) => listBalanceLog(db, currentUser(request).id, query),
  );
};
