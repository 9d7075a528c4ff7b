// Identity verification for customers (with the seed's /api/auth/appAuth/* checks), and the
// operator's review queue.
import { z } from "zod";
import {
  IdBody,
  KycAdvancedBody,
  KycBasicBody,
  KycRejectBody,
  KycReviewed,
  KycState,
  KycSubmitted,
  OperatorKycQuery,
  OperatorKycRecord,
} from "../accounts";
import { page } from "../common";
import { endpoints } from "../endpoint";
import { kycPaths as P } from "../paths/kyc";
import { KycRecord } from "../seed-api";

const tags = ["kyc"];
const operatorTags = ["operator"];

export const kycEndpoints = endpoints({
  status: {
    method: "GET",
    path: P.status,
    auth: "user",
    tags,
    summary: "My verification state",
    result: KycState,
  },
  isHaveAuth: {
    method: "GET",
    path: P.isHaveAuth,
    auth: "user",
    tags,
    summary:
      "Whether basic verification is submitted: true while it is pending or once passed (false: none, or rejected and to be sent again)",
    result: z.boolean(),
  },
  isHaveAuthDone: {
    method: "GET",
    path: P.isHaveAuthDone,
    auth: "user",
    tags,
    summary: "Whether basic verification is passed (what withdrawals need)",
    result: z.boolean(),
  },
  listMy: {
    method: "GET",
    path: P.listMy,
    auth: "user",
    tags,
    summary: "My verification records (basic and advanced), newest first, with the reason of a rejection",
    result: z.array(KycRecord),
  },
  basic: {
    method: "POST",
    path: P.basic,
    auth: "user",
    tags,
    summary: "Submit basic verification: ID card front + back, or passport portrait page",
    body: KycBasicBody,
    result: KycSubmitted,
    errors: [409],
  },
  advanced: {
    method: "POST",
    path: P.advanced,
    auth: "user",
    tags,
    summary: "Submit advanced verification (after basic passed)",
    body: KycAdvancedBody,
    result: KycSubmitted,
    errors: [409],
  },
  operatorList: {
    method: "GET",
    path: P.operatorList,
    auth: { roles: ["compliance", "support"] },
    tags: operatorTags,
    summary: "Verifications by status (pending first-in first-out)",
    query: OperatorKycQuery,
    result: page(OperatorKycRecord),
  },
  operatorApprove: {
    method: "POST",
    path: P.operatorApprove,
    auth: { roles: ["compliance"] },
    tags: operatorTags,
    summary: "Approve a pending verification",
    body: IdBody,
    result: KycReviewed,
    errors: [404, 409],
  },
  operatorReject: {
    method: "POST",
    path: P.operatorReject,
    auth: { roles: ["compliance"] },
    tags: operatorTags,
    summary: "Reject a pending verification with a reason the customer sees",
    body: KycRejectBody,
    result: KycReviewed,
    errors: [404, 409],
  },
});
