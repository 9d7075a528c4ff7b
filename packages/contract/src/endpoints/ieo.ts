// IEO endpoints (docs/contract.md "IEO"): projects (public, with the caller's own summary
// when logged in), the published draw (public), apply (nothing charged), pay (winners,
// before payEnd) and my orders; the operator's projects (admin creates and edits; finance
// may look) and the entries of a project.
import { z } from "zod";
import { page } from "../common";
import { endpoints } from "../endpoint";
import {
  IeoApplyBody,
  IeoApplyResult,
  IeoDraw,
  IeoIdQuery,
  IeoOrder,
  IeoOrderListQuery,
  IeoPayBody,
  IeoPayResult,
  IeoProject,
  IeoProjectInput,
  IeoProjectListQuery,
  IeoProjectUpdateBody,
  OperatorIeoEntriesQuery,
  OperatorIeoEntry,
  OperatorIeoListQuery,
  OperatorIeoProject,
} from "../ieo";
import { ieoPaths as P } from "../paths/ieo";

const tags = ["ieo"];
const operatorTags = ["operator"];
const admin = { roles: [] } as const;
const finance = { roles: ["finance"] } as const;

export const ieoEndpoints = endpoints({
  projectList: {
    method: "GET",
    path: P.projectList,
    auth: "public",
    tags,
    summary: "IEO projects, newest first, with status from the business clock and seedHash (seed after the draw)",
    query: IeoProjectListQuery,
    result: z.array(IeoProject),
  },
  projectDetail: {
    method: "GET",
    path: P.projectDetail,
    auth: "public",
    tags,
    summary: "One IEO project with description, risk text and (logged in) my applied/won units",
    query: IeoIdQuery,
    result: IeoProject,
  },
  draw: {
    method: "GET",
    path: P.draw,
    auth: "public",
    tags,
    summary:
      "The published draw: seed, seedHash, algorithm, entries and winners, enough to recompute the result (409 before the draw)",
    query: IeoIdQuery,
    result: IeoDraw,
  },
  apply: {
    method: "POST",
    path: P.apply,
    auth: "user",
    tags,
    summary:
      "Apply for units during the apply window. Nothing is charged at apply time: winners pay after the draw. " +
      "Above maxPerCustomer (all my applications together) → 400; outside the window → 409; idempotent with requestId",
    body: IeoApplyBody,
    result: IeoApplyResult,
    errors: [403, 409],
  },
  pay: {
    method: "POST",
    path: P.pay,
    auth: "user",
    tags,
    summary:
      "Pay a won order (wonQuantity × drawPrice USDT from available) before payEnd; paying again charges nothing; " +
      "not won or past payEnd → 409, another's order → 404",
    body: IeoPayBody,
    result: IeoPayResult,
  },
  orderList: {
    method: "GET",
    path: P.orderList,
    auth: "user",
    tags,
    summary: "My IEO orders, newest first",
    query: IeoOrderListQuery,
    result: page(IeoOrder),
  },
  // Operator
  operatorList: {
    method: "GET",
    path: P.operatorList,
    auth: finance,
    tags: operatorTags,
    summary: "IEO projects with their texts in every language, applied and paid units",
    query: OperatorIeoListQuery,
    result: page(OperatorIeoProject),
  },
  operatorCreate: {
    method: "POST",
    path: P.operatorCreate,
    auth: admin,
    tags: operatorTags,
    summary: "Create an IEO project (a secret seed is made; its SHA-256 is published at once)",
    body: IeoProjectInput,
    result: OperatorIeoProject,
  },
  operatorUpdate: {
    method: "POST",
    path: P.operatorUpdate,
    auth: admin,
    tags: operatorTags,
    summary: "Edit an IEO project (only before applications open)",
    body: IeoProjectUpdateBody,
    result: OperatorIeoProject,
  },
  operatorEntries: {
    method: "GET",
    path: P.operatorEntries,
    auth: finance,
    tags: operatorTags,
    summary: "The applications (orders) of a project with their customers and outcomes",
    query: OperatorIeoEntriesQuery,
    result: page(OperatorIeoEntry),
  },
});
