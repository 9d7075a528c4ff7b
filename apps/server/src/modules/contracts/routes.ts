// Futures positions: the pinned endpoints (create, listMy, updateStopLoss, close/{id})
// plus preview, summary and detail. `mode` ("real" default | "demo") picks the money.
import { contractEndpoints as E } from "@candor/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { route } from "../../lib/route";
import {
  type ContractsRequestDeps,
  closePosition,
  getMyPosition,
  getPositionsSummary,
  listMyPositions,
  openPosition,
  previewPosition,
  updateStopLoss,
} from "./service";

export const contractRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps: ContractsRequestDeps = {
    db: app.database.db,
    market: app.market,
    bus: app.bus,
    tradeModes: app.tradeModes,
  };

  route(app, E.create, ({ user, body }) => openPosition(deps, user.id, body));
  route(app, E.preview, ({ user, query }) => previewPosition(deps, user.id, query));
  route(app, E.listMy, ({ user, query }) => listMyPositions(deps, user.id, query));
  route(app, E.summary, ({ user, query }) => getPositionsSummary(deps, user.id, query.mode, query.contestId));
  route(app, E.detail, ({ user, params }) => getMyPosition(deps, user.id, params.id));
  route(app, E.updateStopLoss, ({ user, body }) => updateStopLoss(deps, user.id, body));
  route(app, E.close, ({ user, params }) => closePosition(deps, user.id, params.id));
};
