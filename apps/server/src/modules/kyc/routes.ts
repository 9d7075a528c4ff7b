// Identity verification for customers, and the operator's review queue.
import {
  envelope,
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
import { ok } from "../../lib/envelope";
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

const security = [{ accessToken: [] }];

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

  app.get(
    "/api/user/kyc/status",
    {
      onRequest: app.requireUser,
      schema: { tags: ["kyc"], summary: "My verification state", security, response: { 200: envelope(KycState) } },
    },
    async (request) => ok(await getKycState(db, currentUser(request).id)),
  );

  // The seed's verification checks (SEED-API.md /api/auth/appAuth/*); submitting is the same
  // call as /api/user/kyc/basic and /advanced (aliases in lib/aliases.ts).
  app.get(
    "/api/auth/appAuth/isHaveAuth",
    {
      onRequest: app.requireUser,
      schema: {
        tags: ["kyc"],
        summary:
          "Whether basic verification is submitted: true while it is pending or once passed (false: none, or rejected and to be sent again)",
        security,
        response: { 200: envelope(z.boolean()) },
      },
    },
    async (request) => {
      const status = await getKycStatus(db, currentUser(request).id);
      return ok(status === "pending" || status === "passed");
    },
  );

  app.get(
    "/api/auth/appAuth/isHaveAuthDone",
    {
      onRequest: app.requireUser,
      schema: {
        tags: ["kyc"],
        summary: "Whether basic verification is passed (what withdrawals need)",
        security,
        response: { 200: envelope(z.boolean()) },
      },
    },
    async (request) => ok((await getKycStatus(db, currentUser(request).id)) === "passed"),
  );

  app.get(
    "/api/auth/appAuth/listMy",
    {
      onRequest: app.requireUser,
      schema: {
        tags: ["kyc"],
        summary: "My verification records (basic and advanced), newest first, with the reason of a rejection",
        security,
        response: { 200: envelope(z.array(KycRecord)) },
      },
    },
    async (request) => ok(await listMySubmissions(db, currentUser(request).id)),
  );

  app.post(
    "/api/user/kyc/basic",
    {
      onRequest: app.requireUser,
      schema: {
        tags: ["kyc"],
        summary: "Submit basic verification: ID card front + back, or passport portrait page",
        security,
        body: KycBasicBody,
        response: { 200: envelope(KycSubmitted) },
      },
    },
    async (request) => ok(await submitBasic(db, currentUser(request).id, request.body)),
  );

  app.post(
    "/api/user/kyc/advanced",
    {
      onRequest: app.requireUser,
      schema: {
        tags: ["kyc"],
        summary: "Submit advanced verification (after basic passed)",
        security,
        body: KycAdvancedBody,
        response: { 200: envelope(KycSubmitted) },
      },
    },
    async (request) => ok(await submitAdvanced(db, currentUser(request).id, request.body)),
  );

  app.get(
    "/api/operator/kyc/list",
    {
      onRequest: app.requireRole("compliance", "support"),
      schema: {
        tags: ["operator"],
        summary: "Verifications by status (pending first-in first-out)",
        security,
        querystring: OperatorKycQuery,
        response: { 200: envelope(page(OperatorKycRecord)) },
      },
    },
    async (request) => ok(await listSubmissions(db, request.query)),
  );

  app.post(
    "/api/operator/kyc/approve",
    {
      onRequest: app.requireRole("compliance"),
      config: {
        auditTarget: "kyc",
        auditBefore: (request) => getSubmissionReview(db, (request.body as { id: number }).id),
      },
      schema: {
        tags: ["operator"],
        summary: "Approve a pending verification",
        security,
        body: IdBody,
        response: { 200: envelope(KycReviewed) },
      },
    },
    async (request) => {
      const reviewed = await approveSubmission(db, currentStaff(request).id, request.body.id);
      // Rewards (welfare tasks) learn of a passed identity verification.
      if (reviewed.level === "basic")
        app.bus.publish("customer.activity", { userId: reviewed.userId, kind: "kyc_verified" });
      await announceReview(request.body.id, true, null);
      return ok({ id: reviewed.id, status: reviewed.status });
    },
  );

  app.post(
    "/api/operator/kyc/reject",
    {
      onRequest: app.requireRole("compliance"),
      config: {
        auditTarget: "kyc",
        auditBefore: (request) => getSubmissionReview(db, (request.body as { id: number }).id),
      },
      schema: {
        tags: ["operator"],
        summary: "Reject a pending verification with a reason the customer sees",
        security,
        body: KycRejectBody,
        response: { 200: envelope(KycReviewed) },
      },
    },
    async (request) => {
      const result = await rejectSubmission(db, currentStaff(request).id, request.body.id, request.body.reason);
      await announceReview(request.body.id, false, request.body.reason);
      return ok(result);
    },
  );
};
