// Futures positions: the pinned endpoints (create, listMy, updateStopLoss, close/{id})
// plus preview, summary and detail. `mode` ("real" default | "demo") picks the money.
import {
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
import { route } from "../../lib/route";
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

const tags = ["contracts"];
const BASE = "/api/trade/appTradePositions";

export const contractRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps: ContractsDeps = { db: app.database.db, market: app.market, bus: app.bus };

  route(
    app,
    {
      method: "POST",
      url: `${BASE}/create`,
      auth: "user",
      tags,
      summary:
        "Open a futures position (isolated margin). Margin + opening fee leave the available balance at once; " +
        "clientRequestId makes a retry return the same position",
      body: PositionCreateBody,
      result: PositionOpened,
    },
    ({ request, body }) => openPosition(deps, currentUser(request).id, body),
  );

  route(
    app,
    {
      method: "GET",
      url: `${BASE}/preview`,
      auth: "user",
      tags,
      summary: "Before opening: open price, quantity, fee, total cost and the expected close-out price",
      query: PositionPreviewQuery,
      result: PositionPreview,
    },
    ({ request, query }) => previewPosition(deps, currentUser(request).id, query),
  );

  route(
    app,
    {
      method: "GET",
      url: `${BASE}/listMy`,
      auth: "user",
      tags,
      summary: "My positions (open: live price, P&L and yield; closed: result and the ticks that decided it)",
      query: PositionListQuery,
      result: page(PositionRecord),
    },
    ({ request, query }) => listMyPositions(deps, currentUser(request).id, query),
  );

  route(
    app,
    {
      method: "GET",
      url: `${BASE}/summary`,
      auth: "user",
      tags,
      summary: "Open positions: count, margin, unrealised P&L, equity, available balance",
      query: TradeModeQuery,
      result: PositionsSummary,
    },
    ({ request, query }) => getPositionsSummary(deps, currentUser(request).id, query.mode, query.contestId),
  );

  route(
    app,
    {
      method: "GET",
      url: `${BASE}/detail/:id`,
      auth: "user",
      tags,
      summary: "One of my positions, with its evidence ticks",
      params: IdParam,
      result: PositionRecord,
    },
    ({ request, params }) => getMyPosition(deps, currentUser(request).id, params.id),
  );

  route(
    app,
    {
      method: "POST",
      url: `${BASE}/updateStopLoss`,
      auth: "user",
      tags,
      summary: "Set or clear take-profit / stop-loss of an open position (omitted = unchanged, null = clear)",
      body: PositionStopLossBody,
      result: PositionRecord,
    },
    ({ request, body }) => updateStopLoss(deps, currentUser(request).id, body),
  );

  route(
    app,
    {
      method: "POST",
      url: `${BASE}/close/:id`,
      auth: "user",
      tags,
      summary: "Close a position at the current price (409 if it is already closed)",
      params: IdParam,
      result: PositionClosed,
    },
    ({ request, params }) => closePosition(deps, currentUser(request).id, params.id),
  );
};
