// Futures positions: the pinned endpoints (create, listMy, updateStopLoss, close/{id})
// plus preview, summary and detail. `mode` ("real" default | "demo") picks the money.
import {
  envelope,
  IdParam,
  PositionClosed,
  PositionCreateBody,
  PositionListQuery,
  PositionOpened,
  PositionPreview,
  PositionPreviewQuery,
  PositionRecord,
  PositionStopLossBody,
  PositionsSummary,
  page,
  TradeModeQuery,
} from "@candor/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { ok } from "../../lib/envelope";
import { currentUser } from "../../plugins/auth";
import {
  type ContractsDeps,
  closePosition,
  getMyPosition,
  getPositionsSummary,
  listMyPositions,
  openPosition,
  previewPosition,
  updateStopLoss,
} from "./service";

const security = [{ accessToken: [] }];
const tags = ["contracts"];
const BASE = "/api/trade/appTradePositions";

export const contractRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps: ContractsDeps = { db: app.database.db, market: app.market, bus: app.bus };

  app.post(
    `${BASE}/create`,
    {
      onRequest: app.requireUser,
      schema: {
        tags,
        summary:
          "Open a futures position (isolated margin). Margin + opening fee leave the available balance at once; " +
          "clientRequestId makes a retry return the same position",
        security,
        body: PositionCreateBody,
        response: { 200: envelope(PositionOpened) },
      },
    },
    async (request) => ok(await openPosition(deps, currentUser(request).id, request.body)),
  );

  app.get(
    `${BASE}/preview`,
    {
      onRequest: app.requireUser,
      schema: {
        tags,
        summary: "Before opening: open price, quantity, fee, total cost and the expected close-out price",
        security,
        querystring: PositionPreviewQuery,
        response: { 200: envelope(PositionPreview) },
      },
    },
    async (request) => ok(await previewPosition(deps, currentUser(request).id, request.query)),
  );

  app.get(
    `${BASE}/listMy`,
    {
      onRequest: app.requireUser,
      schema: {
        tags,
        summary: "My positions (open: live price, P&L and yield; closed: result and the ticks that decided it)",
        security,
        querystring: PositionListQuery,
        response: { 200: envelope(page(PositionRecord)) },
      },
    },
    async (request) => ok(await listMyPositions(deps, currentUser(request).id, request.query)),
  );

  app.get(
    `${BASE}/summary`,
    {
      onRequest: app.requireUser,
      schema: {
        tags,
        summary: "Open positions: count, margin, unrealised P&L, equity, available balance",
        security,
        querystring: TradeModeQuery,
        response: { 200: envelope(PositionsSummary) },
      },
    },
    async (request) =>
      ok(await getPositionsSummary(deps, currentUser(request).id, request.query.mode, request.query.contestId)),
  );

  app.get(
    `${BASE}/detail/:id`,
    {
      onRequest: app.requireUser,
      schema: {
        tags,
        summary: "One of my positions, with its evidence ticks",
        security,
        params: IdParam,
        response: { 200: envelope(PositionRecord) },
      },
    },
    async (request) => ok(await getMyPosition(deps, currentUser(request).id, request.params.id)),
  );

  app.post(
    `${BASE}/updateStopLoss`,
    {
      onRequest: app.requireUser,
      schema: {
        tags,
        summary: "Set or clear take-profit / stop-loss of an open position (omitted = unchanged, null = clear)",
        security,
        body: PositionStopLossBody,
        response: { 200: envelope(PositionRecord) },
      },
    },
    async (request) => ok(await updateStopLoss(deps, currentUser(request).id, request.body)),
  );

  app.post(
    `${BASE}/close/:id`,
    {
      onRequest: app.requireUser,
      schema: {
        tags,
        summary: "Close a position at the current price (409 if it is already closed)",
        security,
        params: IdParam,
        response: { 200: envelope(PositionClosed) },
      },
    },
    async (request) => ok(await closePosition(deps, currentUser(request).id, request.params.id)),
  );
};
