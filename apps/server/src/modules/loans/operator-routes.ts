// Operator loan endpoints: settings (admin), applications and loans (support and finance may
// look; finance decides, since approval pays money out), the loan identity check (compliance).
import { loanEndpoints as E } from "@candor/contract";
import type { FastifyInstance } from "fastify";
import { route } from "../../lib/route";
import type { LoansService } from "./service";

export async function loanOperatorRoutes(app: FastifyInstance, { service }: { service: LoansService }) {
  route(app, E.operatorSettings, ({ request }) => service.operatorSets(request.lang));
  route(app, E.operatorCreateSetting, ({ body, request }) => service.createSet(body, request.lang));
  route(app, E.operatorUpdateSetting, ({ params, body, request }) => service.updateSet(params.id, body, request.lang));
  route(app, E.operatorDisableSetting, ({ params, request }) => service.disableSet(params.id, request.lang));
  route(app, E.operatorOrders, ({ query }) => service.operatorOrders(query));
  route(app, E.operatorOrder, ({ params, request }) => service.operatorDetail(params.id, request.lang));
  route(app, E.operatorApprove, ({ params, request }) => service.approve(params.id, request.lang));
  route(app, E.operatorReject, ({ params, body, request }) => service.reject(params.id, body.reason, request.lang));
  route(app, E.operatorIdentityChecks, ({ query }) => service.identityChecks(query));
  route(app, E.operatorIdentityDecide, ({ params, body, staff }) =>
    service.decideIdentityCheck(params.userId, body, staff.id),
  );
}
