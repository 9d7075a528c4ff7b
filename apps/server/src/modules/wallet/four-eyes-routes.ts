// Console endpoints of four-eyes approvals (four-eyes.ts): request, list, approve, reject.
// Finance and admin only; the approver is never the requester.
import { walletOperatorEndpoints as E } from "@candor/contract";
import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { route } from "../../lib/route";
import type { WalletContext } from "./context";
import {
  approveMoneyRequest,
  getMoneyApproval,
  listMoneyApprovals,
  rejectMoneyRequest,
  requestAdjustment,
  requestWithdrawalApproval,
} from "./four-eyes";
import { requestKey } from "./routes";

const before = (db: WalletContext["db"]) => (request: FastifyRequest) =>
  getMoneyApproval(db, (request.body as { id: number }).id);

export const fourEyesRoutes: FastifyPluginAsyncZod<{ ctx: WalletContext }> = async (app, { ctx }) => {
  const db = ctx.db;

  route(app, E.approvalList, ({ query }) => listMoneyApprovals(db, query));

  route(
    app,
    E.approvalAdjustment,
    ({ staff, body, request }) =>
      requestAdjustment(ctx, staff.id, { ...body, clientRequestId: requestKey(request, body.clientRequestId) }),
    { config: { auditTarget: "customer" } },
  );

  route(app, E.approvalWithdrawal, ({ staff, body }) => requestWithdrawalApproval(ctx, staff.id, body.withdrawalId), {
    config: {
      auditTarget: "withdrawal",
      auditTargetId: (request) => (request.body as { withdrawalId: number }).withdrawalId,
    },
  });

  route(app, E.approvalApprove, ({ staff, body }) => approveMoneyRequest(ctx, staff.id, body.id), {
    config: { auditTarget: "money_approval", auditBefore: before(db) },
  });

  route(app, E.approvalReject, ({ staff, body }) => rejectMoneyRequest(db, staff.id, body.id, body.note), {
    config: { auditTarget: "money_approval", auditBefore: before(db) },
  });
};
