// Identity verification for customers, and the operator's review queue.
import { kycEndpoints as E } from "@candor/contract";
import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { route } from "../../lib/route";
import {
  approveSubmission,
  getKycState,
  getKycStatus,
  getSubmissionReview,
  listMySubmissions,
  listSubmissions,
  rejectSubmission,
  submissionOwner,
  submitAdvanced,
  submitBasic,
} from "./service";

export const kycRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;
  /** After a review committed: "kyc.result" on the bus (the inbox tells the customer). */
  const announceReview = async (id: number, approved: boolean, reason: string | null) => {
    try {
      const owner = await submissionOwner(db, id);
      if (owner) app.bus.publish("kyc.result", { ...owner, submissionId: id, approved, reason });
    } catch (err) {
      app.log.error({ err, submissionId: id }, "kyc: review announcement failed");
    }
  };

  const auditReview = {
    config: {
      auditTarget: "kyc",
      auditBefore: (request: FastifyRequest) => getSubmissionReview(db, (request.body as { id: number }).id),
    },
  };

  route(app, E.status, ({ user }) => getKycState(db, user.id));

  // The seed's verification checks (docs/seed-api.md /api/auth/appAuth/*); submitting is the same
  // call as /api/user/kyc/basic and /advanced (aliases in lib/aliases.ts).
  route(app, E.isHaveAuth, async ({ user }) => {
    const status = await getKycStatus(db, user.id);
    return status === "pending" || status === "passed";
  });
  route(app, E.isHaveAuthDone, async ({ user }) => (await getKycStatus(db, user.id)) === "passed");
  route(app, E.listMy, ({ user }) => listMySubmissions(db, user.id));
  route(app, E.basic, ({ user, body }) => submitBasic(db, user.id, body));
  route(app, E.advanced, ({ user, body }) => submitAdvanced(db, user.id, body));

  route(app, E.operatorList, ({ query }) => listSubmissions(db, query));
  route(
    app,
    E.operatorApprove,
    async ({ staff, body }) => {
      const reviewed = await approveSubmission(db, staff.id, body.id);
      // Rewards (welfare tasks) learn of a passed identity verification.
      if (reviewed.level === "basic")
        app.bus.publish("customer.activity", { userId: reviewed.userId, kind: "kyc_verified" });
      await announceReview(body.id, true, null);
      return { id: reviewed.id, status: reviewed.status };
    },
    auditReview,
  );
  route(
    app,
    E.operatorReject,
    async ({ staff, body }) => {
      const result = await rejectSubmission(db, staff.id, body.id, body.reason);
      await announceReview(body.id, false, body.reason);
      return result;
    },
    auditReview,
  );
};
