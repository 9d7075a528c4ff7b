// Futures positions: the pinned endpoints (create, listMy, updateStopLoss, close/{id})
// plus preview, summary and detail. `mode` ("real" default | "demo" | "contest") picks the money.
import { IdParam, page } from "../common";
import { endpoints } from "../endpoint";
import { contractPaths as P } from "../paths/contracts";
import {
  PositionClosed,
  PositionCreateBody,
  PositionListQuery,
  PositionOpened,
  PositionPreview,
  PositionPreviewQuery,
  PositionRecord,
  PositionStopLossBody,
  PositionsSummary,
  TradeModeQuery,
} from "../trading";

const tags = ["contracts"];

export const contractEndpoints = endpoints({
  create: {
    method: "POST",
    path: P.create,
    auth: "user",
    tags,
    summary:
      "Open a futures position (isolated margin). Margin + opening fee leave the available balance at once; " +
      "clientRequestId makes a retry return the same position",
    body: PositionCreateBody,
    result: PositionOpened,
    errors: [403, 409],
  },
  preview: {
    method: "GET",
    path: P.preview,
    auth: "user",
    tags,
    summary: "Before opening: open price, quantity, fee, total cost and the expected close-out price",
    query: PositionPreviewQuery,
    result: PositionPreview,
  },
  listMy: {
    method: "GET",
    path: P.listMy,
    auth: "user",
    tags,
    summary: "My positions (open: live price, P&L and yield; closed: result and the ticks that decided it)",
    query: PositionListQuery,
    result: page(PositionRecord),
  },
  summary: {
    method: "GET",
    path: P.summary,
    auth: "user",
    tags,
    summary: "Open positions: count, margin, unrealised P&L, equity, available balance",
    query: TradeModeQuery,
    result: PositionsSummary,
  },
  detail: {
    method: "GET",
    path: P.detail,
    auth: "user",
    tags,
    summary: "One of my positions, with its evidence ticks",
    params: IdParam,
    result: PositionRecord,
  },
  updateStopLoss: {
    method: "POST",
    path: P.updateStopLoss,
    auth: "user",
    tags,
    summary: "Set or clear take-profit / stop-loss of an open position (omitted = unchanged, null = clear)",
    body: PositionStopLossBody,
    result: PositionRecord,
  },
  close: {
    method: "POST",
    path: P.close,
    auth: "user",
    tags,
    summary: "Close a position at the current price (409 if it is already closed)",
    params: IdParam,
    result: PositionClosed,
  },
});
