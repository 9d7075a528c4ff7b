// Operator loan endpoints: settings (admin), applications and loans (support and finance may
// look; finance decides, since approval pays money out), the loan identity check (compliance).
import type { StaffRole } from "@candor/contract";
import {
  IdParam,
  LoanIdentityDecideBody,
  LoanRejectBody,
  LoanSetInput,
  OperatorLoanIdentity,
  OperatorLoanIdentityQuery,
  OperatorLoanOrder,
  OperatorLoanOrderDetail,
  OperatorLoanOrderQuery,
  OperatorLoanSet,
  page,
} from "@candor/contract";
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { route } from "../../lib/route";
import { currentStaff } from "../staff/service";
import type { LoansService } from "./service";

const tags = ["operator"];
const P = "/api/operator/loans";
const UserIdParam = z.object({ userId: z.coerce.number().int().positive() });

export async function loanOperatorRoutes(app: FastifyInstance, { service }: { service: LoansService }) {
  const admin = { roles: [] as StaffRole[] };
  const finance = { roles: ["finance"] as StaffRole[] };
  const compliance = { roles: ["compliance"] as StaffRole[] };
  const viewers = { roles: ["support", "compliance", "finance"] as StaffRole[] };
  const spec = <T>(s: T, auth: { roles: StaffRole[] } = admin) => ({ auth, tags, ...s });

  route(
    app,
    spec({
      method: "GET" as const,
      url: `${P}/settings`,
      summary: "Every loan setting, enabled or not, with its texts in all languages",
      result: z.array(OperatorLoanSet),
    }),
    ({ request }) => service.operatorSets(request.lang),
  );
  route(
    app,
    spec({
      method: "POST" as const,
      url: `${P}/settings`,
      summary: "Create a loan setting",
      body: LoanSetInput,
      result: OperatorLoanSet,
    }),
    ({ body, request }) => service.createSet(body, request.lang),
  );
  route(
    app,
    spec({
      method: "PUT" as const,
      url: `${P}/settings/:id`,
      summary: "Edit a loan setting (running loans keep their terms)",
      params: IdParam,
      body: LoanSetInput,
      result: OperatorLoanSet,
    }),
    ({ params, body, request }) => service.updateSet(params.id, body, request.lang),
  );
  route(
    app,
    spec({
      method: "DELETE" as const,
      url: `${P}/settings/:id`,
      summary: "Stop offering a loan setting (running loans are not affected)",
      params: IdParam,
      result: OperatorLoanSet,
    }),
    ({ params, request }) => service.disableSet(params.id, request.lang),
  );
  route(
    app,
    spec(
      {
        method: "GET" as const,
        url: `${P}/orders`,
        summary: "Loan applications and loans (filter status=under_review for the review queue)",
        query: OperatorLoanOrderQuery,
        result: page(OperatorLoanOrder),
      },
      viewers,
    ),
    ({ query }) => service.operatorOrders(query),
  );
  route(
    app,
    spec(
      {
        method: "GET" as const,
        url: `${P}/orders/:id`,
        summary: "One loan with its history, repayments, evidence and liquidation",
        params: IdParam,
        result: OperatorLoanOrderDetail,
      },
      viewers,
    ),
    ({ params, request }) => service.operatorDetail(params.id, request.lang),
  );
  route(
    app,
    spec(
      {
        method: "POST" as const,
        url: `${P}/orders/:id/approve`,
        summary: "Approve a credit application: the amount is paid into the customer's available balance",
        params: IdParam,
        result: OperatorLoanOrderDetail,
      },
      finance,
    ),
    ({ params, request }) => service.approve(params.id, request.lang),
  );
  route(
    app,
    spec(
      {
        method: "POST" as const,
        url: `${P}/orders/:id/reject`,
        summary: "Reject a credit application with the reason the customer reads",
        params: IdParam,
        body: LoanRejectBody,
        result: OperatorLoanOrderDetail,
      },
      finance,
    ),
    ({ params, body, request }) => service.reject(params.id, body.reason, request.lang),
  );
  route(
    app,
    spec(
      {
        method: "GET" as const,
        url: `${P}/identity-checks`,
        summary: "Loan identity checks (filter state=pending for the queue)",
        query: OperatorLoanIdentityQuery,
        result: page(OperatorLoanIdentity),
      },
      { roles: ["support", "compliance"] as StaffRole[] },
    ),
    ({ query }) => service.identityChecks(query),
  );
  route(
    app,
    spec(
      {
        method: "POST" as const,
        url: `${P}/identity-checks/:userId/decide`,
        summary: "Pass a pending loan identity check, or ask the customer to retry with a reason",
        params: UserIdParam,
        body: LoanIdentityDecideBody,
        result: OperatorLoanIdentity,
      },
      compliance,
    ),
    ({ params, body, request }) => service.decideIdentityCheck(params.userId, body, currentStaff(request).id),
  );
}
