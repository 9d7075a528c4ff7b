// Identity verification for customers, and the operator's review queue.
import {
  IdBody,
  KycAdvancedBody,
  KycBasicBody,
  KycRecord,
  KycRejectBody,
  KycReviewed,
  KycState,
  KycSubmitted,
  OperatorKycQuery,
  OperatorKycRecord,
  page,
} from "@candor/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { route } from "../../lib/route";
import { currentUser } from "../../plugins/auth";
import { currentStaff } from "../staff/service";
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

  route(
    app,
    {
      method: "GET",
      url: "/api/user/kyc/status",
      auth: "user",
      tags: ["kyc"],
      summary: "My verification state",
      result: KycState,
    },
    ({ request }) => getKycState(db, currentUser(request).id),
  );

  // The seed's verification checks (SEED-API.md /api/auth/appAuth/*); submitting is the same
  // call as /api/user/kyc/basic and /advanced (aliases in lib/aliases.ts).
  route(
    app,
    {
      method: "GET",
      url: "/api/auth/appAuth/isHaveAuth",
      auth: "user",
      tags: ["kyc"],
      summary:
        "Whether basic verification is submitted: true while it is pending or once passed (false: none, or rejected and to be sent again)",
      result: z.boolean(),
    },
    async ({ request }) => {
      const status = await getKycStatus(db, currentUser(request).id);
      return status === "pending" || status === "passed";
    },
  );

  route(
    app,
    {
      method: "GET",
      url: "/api/auth/appAuth/isHaveAuthDone",
      auth: "user",
      tags: ["kyc"],
      summary: "Whether basic verification is passed (what withdrawals need)",
      result: z.boolean(),
    },
    async ({ request }) => (await getKycStatus(db, currentUser(request).id)) === "passed",
  );

  route(
    app,
    {
      method: "GET",
      url: "/api/auth/appAuth/listMy",
      auth: "user",
      tags: ["kyc"],
      summary: "My verification records (basic and advanced), newest first, with the reason of a rejection",
      result: z.array(KycRecord),
    },
    ({ request }) => listMySubmissions(db, currentUser(request).id),
  );

  route(
    app,
    {
      method: "POST",
      url: "/api/user/kyc/basic",
      auth: "user",
      tags: ["kyc"],
      summary: "Submit basic verification: ID card front + back, or passport portrait page",
      body: KycBasicBody,
      result: KycSubmitted,
    },
    ({ request, body }) => submitBasic(db, currentUser(request).id, body),
  );

  route(
    app,
    {
      method: "POST",
      url: "/api/user/kyc/advanced",
      auth: "user",
      tags: ["kyc"],
      summary: "Submit advanced verification (after basic passed)",
      body: KycAdvancedBody,
      result: KycSubmitted,
    },
    ({ request, body }) => submitAdvanced(db, currentUser(request).id, body),
  );

  route(
    app,
    {
      method: "GET",
      url: "/api/operator/kyc/list",
      auth: { roles: ["compliance", "support"] },
      tags: ["operator"],
      summary: "Verifications by status (pending first-in first-out)",
      query: OperatorKycQuery,
      result: page(OperatorKycRecord),
    },
    ({ query }) => listSubmissions(db, query),
  );

  route(
    app,
    {
      method: "POST",
      url: "/api/operator/kyc/approve",
      auth: { roles: ["compliance"] },
      config: {
        auditTarget: "kyc",
        auditBefore: (request) => getSubmissionReview(db, (request.body as { id: number }).id),
      },
      tags: ["operator"],
      summary: "Approve a pending verification",
      body: IdBody,
      result: KycReviewed,
    },
    async ({ request, body }) => {
      const reviewed = await approveSubmission(db, currentStaff(request).id, body.id);
      // Rewards (welfare tasks) learn of a passed identity verification.
      if (reviewed.level === "basic")
        app.bus.publish("customer.activity", { userId: reviewed.userId, kind: "kyc_verified" });
      await announceReview(body.id, true, null);
      return { id: reviewed.id, status: reviewed.status };
    },
  );

  route(
    app,
    {
      method: "POST",
      url: "/api/operator/kyc/reject",
      auth: { roles: ["compliance"] },
      config: {
        auditTarget: "kyc",
        auditBefore: (request) => getSubmissionReview(db, (request.body as { id: number }).id),
      },
      tags: ["operator"],
      summary: "Reject a pending verification with a reason the customer sees",
      body: KycRejectBody,
      result: KycReviewed,
    },
    async ({ request, body }) => {
      const result = await rejectSubmission(db, currentStaff(request).id, body.id, body.reason);
      await announceReview(body.id, false, body.reason);
      return result;
    },
  );
};
