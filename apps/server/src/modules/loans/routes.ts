// Customer loan endpoints (CONTRACT.md "Loans"): settings (public), my loan info, the quote
// shown before applying, credit and pledge applications, repaying, adding collateral, my
// loans and one loan with its history and evidence, and the loan identity check.
import {
  CreditApplyBody,
  CreditApplyResult,
  LoanAddCollateralBody,
  LoanAddCollateralResult,
  LoanIdentityCheck,
  LoanIdentitySubmitBody,
  LoanOrder,
  LoanOrderDetail,
  LoanOrderIdQuery,
  LoanOrderListQuery,
  LoanQuote,
  LoanQuoteQuery,
  LoanRepayBody,
  LoanRepayResult,
  LoanSet,
  LoanSetListQuery,
  MyLoanInfo,
  PledgeApplyBody,
  PledgeApplyResult,
  page,
} from "@candor/contract";
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { route } from "../../lib/route";
import { currentUser } from "../../plugins/auth";
import type { LoansService } from "./service";

const tags = ["loans"];
const P = "/api/prod";

export async function loanRoutes(app: FastifyInstance, { service }: { service: LoansService }) {
  const user = (request: Parameters<typeof currentUser>[0]) => currentUser(request).id;

  route(
    app,
    {
      method: "GET",
      url: `${P}/appLoanSet/list`,
      auth: "public",
      tags,
      summary: "Loans offered: credit and pledge, with amount range, terms, rates and LTV levels",
      query: LoanSetListQuery,
      result: z.array(LoanSet),
    },
    ({ query, request }) => service.sets(request.lang, query.type),
  );
  route(
    app,
    {
      method: "GET",
      url: `${P}/appLoanOrder/myLoanInfo`,
      auth: "user",
      tags,
      summary: "Credit limit and use, loan identity check state, everything owed now",
      result: MyLoanInfo,
    },
    ({ request }) => service.myLoanInfo(user(request)),
  );
  route(
    app,
    {
      method: "GET",
      url: `${P}/appLoanOrder/quote`,
      auth: "user",
      tags,
      summary: "Total interest, repayment at the end and (pledge) LTV and trigger prices, before applying",
      query: LoanQuoteQuery,
      result: LoanQuote,
    },
    ({ query }) => service.quote(query),
  );
  route(
    app,
    {
      method: "POST",
      url: `${P}/appLoanOrder/creditApply`,
      auth: "user",
      tags,
      summary: "Apply for a credit loan (reviewed by an operator; idempotent with requestId)",
      body: CreditApplyBody,
      result: CreditApplyResult,
    },
    ({ body, request }) => service.creditApply(user(request), body),
  );
  route(
    app,
    {
      method: "POST",
      url: `${P}/appLoanOrder/pledgeApply`,
      auth: "user",
      tags,
      summary: "Take a pledge loan: collateral held at once, amount paid into available (idempotent with requestId)",
      body: PledgeApplyBody,
      result: PledgeApplyResult,
    },
    ({ body, request }) => service.pledgeApply(user(request), body),
  );
  route(
    app,
    {
      method: "POST",
      url: `${P}/appLoanOrder/repay`,
      auth: "user",
      tags,
      summary: "Repay in part or in full (interest up to today first); repaid in full, the collateral returns",
      body: LoanRepayBody,
      result: LoanRepayResult,
    },
    ({ body, request }) => service.repay(user(request), body),
  );
  route(
    app,
    {
      method: "POST",
      url: `${P}/appLoanOrder/addCollateral`,
      auth: "user",
      tags,
      summary: "Add collateral to a pledge loan (lowers the LTV; clears a margin call below its level)",
      body: LoanAddCollateralBody,
      result: LoanAddCollateralResult,
    },
    ({ body, request }) => service.addCollateral(user(request), body),
  );
  route(
    app,
    {
      method: "GET",
      url: `${P}/appLoanOrder/listMy`,
      auth: "user",
      tags,
      summary: "My loans, newest first",
      query: LoanOrderListQuery,
      result: page(LoanOrder),
    },
    ({ query, request }) => service.listMy(user(request), query),
  );
  route(
    app,
    {
      method: "GET",
      url: `${P}/appLoanOrder/detail`,
      auth: "user",
      tags,
      summary: "One of my loans with its status history, repayments, evidence ticks and liquidation",
      query: LoanOrderIdQuery,
      result: LoanOrderDetail,
    },
    ({ query, request }) => service.detail(user(request), query.id, request.lang),
  );
  route(
    app,
    {
      method: "GET",
      url: `${P}/appLoanIdentity/state`,
      auth: "user",
      tags,
      summary: "My loan identity check (start, pending, retry, passed)",
      result: LoanIdentityCheck,
    },
    ({ request }) => service.identityCheck(user(request)),
  );
  route(
    app,
    {
      method: "POST",
      url: `${P}/appLoanIdentity/start`,
      auth: "user",
      tags,
      summary: "Begin the loan identity check (idempotent)",
      result: LoanIdentityCheck,
    },
    ({ request }) => service.startIdentityCheck(user(request)),
  );
  route(
    app,
    {
      method: "POST",
      url: `${P}/appLoanIdentity/submit`,
      auth: "user",
      tags,
      summary: "Submit the loan identity check for review (basic identity verification first)",
      body: LoanIdentitySubmitBody,
      result: LoanIdentityCheck,
    },
    ({ body, request }) => service.submitIdentityCheck(user(request), body),
  );
}
