// Identity verification for customers, and the operator's review queue.
import {
  envelope,
  IdBody,
  KycAdvancedBody,
  KycBasicBody,
  KycRejectBody,
  KycReviewed,
  KycState,
  KycSubmitted,
  OperatorKycQuery,
  OperatorKycRecord,
  page,
} from "@candor/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { ok } from "../../lib/envelope";
import { currentUser } from "../../plugins/auth";
import { currentStaff } from "../staff/service";
import {
  approveSubmission,
  getKycState,
  getSubmissionReview,
  listSubmissions,
  rejectSubmission,
  submitAdvanced,
  submitBasic,
} from "./service";

const security = [{ accessToken: [] }];

export const kycRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;

  app.get(
    "/api/user/kyc/status",
    {
      onRequest: app.requireUser,
      schema: { tags: ["kyc"], summary: "My verification state", security, response: { 200: envelope(KycState) } },
    },
    async (request) => ok(await getKycState(db, currentUser(request).id)),
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
    async (request) => ok(await approveSubmission(db, currentStaff(request).id, request.body.id)),
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
    async (request) => ok(await rejectSubmission(db, currentStaff(request).id, request.body.id, request.body.reason)),
  );
};
