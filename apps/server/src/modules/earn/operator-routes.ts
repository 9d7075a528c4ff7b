// Operator earn endpoints: products (create, edit, open / pause / end), orders, debt claims
// (repayments, default with recovery, calling off a raise) and the mining reward input.
import { earnEndpoints as E } from "@candor/contract";
import type { FastifyInstance } from "fastify";
import { route } from "../../lib/route";
import { getSetting } from "../settings/service";
import { cancelRaise, recordDefault, recordRepayment } from "./debt/claims";
import { DEFAULT_MINING_REWARD, MINING_REWARD_KEY, setMiningReward } from "./products";
import { type EarnService, operatorOrderFilter } from "./service";

export async function earnOperatorRoutes(app: FastifyInstance, { service }: { service: EarnService }) {
  const { db, clock } = service.deps;
  const miningSettings = async () => ({
    rewardPerThDay: String(await getSetting<string>(db, MINING_REWARD_KEY, DEFAULT_MINING_REWARD)),
  });

  route(app, E.operatorProducts, ({ query, request }) => service.operatorProducts(request.lang, query.type));
  route(app, E.operatorCreateProduct, ({ body, request }) => service.createProduct(body, request.lang));
  route(app, E.operatorUpdateProduct, ({ params, body, request }) =>
    service.updateProduct(params.id, body, request.lang),
  );
  route(app, E.operatorProductStatus, ({ params, body, request }) =>
    service.setProductStatus(params.id, body.status, request.lang),
  );
  route(app, E.operatorOrders, ({ query, request }) =>
    service.operatorOrders(operatorOrderFilter(query), query, request.lang),
  );
  route(app, E.operatorDebtRepayment, ({ params, body }) => recordRepayment(db, clock, params.id, body));
  route(app, E.operatorDebtDefault, ({ params, body }) => recordDefault(db, clock, params.id, body));
  route(app, E.operatorDebtCancel, ({ params }) => cancelRaise(db, clock, params.id));
  route(app, E.operatorMiningSettings, miningSettings);
  route(app, E.operatorSetMiningSettings, async ({ body }) => {
    await setMiningReward(db, body.rewardPerThDay);
    return miningSettings();
  });
}
