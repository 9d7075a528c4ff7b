// The seed's wallet calls with no earlier equivalent (SEED-API.md): a currency's USDT rate
// and my deposit address on one network. Its currency list and payout-account calls are
// the existing ones under the seed's names (lib/aliases.ts).
import { CurrencyRate, DepositAddr, DepositAddrQuery, envelope, RateQuery } from "@candor/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { ok } from "../../lib/envelope";
import { currentUser } from "../../plugins/auth";
import type { WalletContext } from "./context";
import { requireCurrency } from "./currencies";
import { getDepositAddress } from "./deposits";

const tags = ["wallet"];

export const walletSeedRoutes: FastifyPluginAsyncZod<{ ctx: WalletContext }> = async (app, { ctx }) => {
  app.get(
    "/api/set/appCurrencySet/getRateByCurrency",
    {
      schema: {
        tags,
        summary:
          "USDT value of 1 unit of a currency from the market feed (null before a price); unknown currency → 400",
        querystring: RateQuery,
        response: { 200: envelope(CurrencyRate) },
      },
    },
    async (request) => {
      const currency = await requireCurrency(ctx.db, request.query.currency);
      return ok({ currency: currency.code, usdtRate: ctx.rates.usdtRate(currency.code) });
    },
  );

  app.get(
    "/api/finance/rechargeAddr/getAddr",
    {
      onRequest: app.requireUser,
      schema: {
        tags,
        summary:
          "My deposit address for a currency on a network (default: its first), created on first use; every network is at /api/finance/appRecharge/info",
        security: [{ accessToken: [] }],
        querystring: DepositAddrQuery,
        response: { 200: envelope(DepositAddr) },
      },
    },
    async (request) =>
      ok(await getDepositAddress(ctx, currentUser(request).id, request.query.currency, request.query.network)),
  );
};
