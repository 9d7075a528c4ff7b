// The seed's wallet calls with no earlier equivalent (docs/seed-api.md): a currency's USDT rate
// and my deposit address on one network. Its currency list and payout-account calls are
// the existing ones under the seed's names (lib/aliases.ts).
import { walletEndpoints as E } from "@candor/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { route } from "../../lib/route";
import type { WalletContext } from "./context";
import { requireCurrency } from "./currencies";
import { getDepositAddress } from "./deposits";

export const walletSeedRoutes: FastifyPluginAsyncZod<{ ctx: WalletContext }> = async (app, { ctx }) => {
  route(app, E.currencyRate, async ({ query }) => {
    const currency = await requireCurrency(ctx.db, query.currency);
    return { currency: currency.code, usdtRate: ctx.rates.usdtRate(currency.code) };
  });

  route(app, E.depositAddress, ({ user, query }) => getDepositAddress(ctx, user.id, query.currency, query.network));
};
