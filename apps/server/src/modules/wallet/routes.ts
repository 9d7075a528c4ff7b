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

  app.get(
    "/api/finance/appWallet/currencies",
    {
      schema: {
        tags,
        summary: "Currencies with networks, minimums, withdrawal fee and USDT rate",
        response: { 200: envelope(z.array(WalletCurrency)) },
      },
    },
    async () => ok(await listCurrencies(db, ctx.rates)),
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

  app.get(
    "/api/finance/appRecharge/info",
    {
      onRequest: app.requireUser,
      schema: {
        tags,
        summary: "Deposit screen: my address per network (QR text), minimum, bank details",
        security,
        querystring: RechargeInfoQuery,
        response: { 200: envelope(RechargeInfo) },
      },
    },
    async (request) => ok(await getRechargeInfo(ctx, currentUser(request).id, request.query.currency)),
  );

  app.post(
    "/api/finance/appRecharge/apply",
    {
      onRequest: app.requireUser,
      schema: {
        tags,
        summary: "Apply for a deposit; the sandbox confirms and credits it within seconds",
        security,
        body: RechargeApplyBody,
        response: { 200: envelope(RechargeRecord) },
      },
    },
    async (request) =>
      ok(
        await applyDeposit(
          ctx,
          currentUser(request).id,
          request.body,
          requestKey(request, request.body.clientRequestId),
        ),
      ),
  );

  app.get(
    "/api/finance/appRecharge/listMy",
    {
      onRequest: app.requireUser,
      schema: {
        tags,
        summary: "My deposits, newest first",
        security,
        querystring: RechargeListQuery,
        response: { 200: envelope(page(RechargeRecord)) },
      },
    },
    async (request) => ok(await listMyDeposits(db, currentUser(request).id, request.query)),
  );

  app.get(
    "/api/finance/appRecharge/detail/:id",
    {
      onRequest: app.requireUser,
      schema: {
        tags,
        summary: "One of my deposits (result screen)",
        security,
        params: IdParam,
        response: { 200: envelope(RechargeRecord) },
      },
    },
    async (request) => ok(await getMyDeposit(db, currentUser(request).id, request.params.id)),
  );

  // ---------------------------------------------------------------- withdrawals

  app.get(
    "/api/finance/appWithdrawal/info",
    {
      onRequest: app.requireUser,
      schema: {
        tags,
        summary: "Withdraw screen: available, minimum, fee, daily limit without KYC, review time",
        security,
        querystring: WithdrawalInfoQuery,
        response: { 200: envelope(WithdrawalInfo) },
      },
    },
    async (request) => ok(await getWithdrawalInfo(ctx, currentUser(request).id, request.query.currency)),
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

  app.get(
    "/api/finance/appWithdrawal/listMy",
    {
      onRequest: app.requireUser,
      schema: {
        tags,
        summary: "My withdrawals, newest first",
        security,
        querystring: WithdrawalListQuery,
        response: { 200: envelope(page(WithdrawalRecord)) },
      },
    },
    async (request) => ok(await listMyWithdrawals(db, currentUser(request).id, request.query)),
  );

  app.get(
    "/api/finance/appWithdrawal/tracker/:id",
    {
      onRequest: app.requireUser,
      schema: {
        tags,
        summary: "Withdrawal tracker: state changes with times, review time limit, no-payment notice",
        security,
        params: IdParam,
        response: { 200: envelope(WithdrawalTracker) },
      },
    },
    async (request) => ok(await getWithdrawalTracker(db, currentUser(request).id, request.params.id, request.lang)),
  );

  app.post(
    "/api/finance/appWithdrawal/cancel/:id",
    {
      onRequest: app.requireUser,
      schema: {
        tags,
        summary: "Cancel my withdrawal while under review (the held amount is released)",
        security,
        params: IdParam,
        response: { 200: envelope(WithdrawalRecord) },
      },
    },
    async (request) => ok(await cancelWithdrawal(db, currentUser(request).id, request.params.id)),
  );

  // ---------------------------------------------------------------- payout accounts

  app.post(
    "/api/user/appUserWithdrawalInfoSet/addAccount",
    {
      onRequest: app.requireUser,
      schema: {
        tags,
        summary: "Bind a blockchain wallet or a bank account for withdrawals",
        security,
        body: AddPayoutAccountBody,
        response: { 200: envelope(Id) },
      },
    },
    async (request) => ok(await addPayoutAccount(db, currentUser(request).id, request.body)),
  );

  app.post(
    "/api/user/appUserWithdrawalInfoSet/updateAccount",
    {
      onRequest: app.requireUser,
      schema: {
        tags,
        summary: "Edit one of my payout accounts",
        security,
        body: UpdatePayoutAccountBody,
        response: { 200: envelope(PayoutAccount) },
      },
    },
    async (request) => ok(await updatePayoutAccount(db, currentUser(request).id, request.body)),
  );

  app.get(
    "/api/user/appUserWithdrawalInfoSet/list",
    {
      onRequest: app.requireUser,
      schema: {
        tags,
        summary: "My payout accounts",
        security,
        querystring: PayoutAccountListQuery,
        response: { 200: envelope(z.array(PayoutAccount)) },
      },
    },
    async (request) => ok(await listPayoutAccounts(db, currentUser(request).id, request.query)),
  );

  app.post(
    "/api/user/appUserWithdrawalInfoSet/deleteAccount/:id",
    {
      onRequest: app.requireUser,
      schema: {
        tags,
        summary: "Remove one of my payout accounts",
        security,
        params: IdParam,
        response: { 200: envelope(Id) },
      },
    },
    async (request) => ok(await deletePayoutAccount(db, currentUser(request).id, request.params.id)),
  );

  // ---------------------------------------------------------------- balance log

  app.get(
    "/api/finance/appBalanceLog/list",
    {
      onRequest: app.requireUser,
      schema: {
        tags,
        summary: "Every ledger transfer touching me, newest first; amount = signed change of available",
        security,
        querystring: BalanceLogListQuery,
        response: { 200: envelope(page(BalanceLogRecord)) },
      },
    },
    async (request) => ok(await listBalanceLog(db, currentUser(request).id, request.query)),
  );
};
