// Customer loan endpoints (docs/contract.md "Loans"): settings (public), my loan info, the quote
// shown before applying, credit and pledge applications, repaying, adding collateral, my
// loans and one loan with its history and evidence, and the loan identity check.
import { loanEndpoints as E } from "@candor/contract";
import type { FastifyInstance } from "fastify";
import { route } from "../../lib/route";
import type { LoansService } from "./service";

export async function loanRoutes(app: FastifyInstance, { service }: { service: LoansService }) {
  route(app, E.setList, ({ query, request }) => service.sets(request.lang, query.type));
  route(app, E.myLoanInfo, ({ user }) => service.myLoanInfo(user.id));
  route(app, E.quote, ({ query }) => service.quote(query));
  route(app, E.creditApply, ({ body, user }) => service.creditApply(user.id, body));
  route(app, E.pledgeApply, ({ body, user }) => service.pledgeApply(user.id, body));
  route(app, E.repay, ({ body, user }) => service.repay(user.id, body));
  route(app, E.addCollateral, ({ body, user }) => service.addCollateral(user.id, body));
  route(app, E.listMy, ({ query, user }) => service.listMy(user.id, query));
  route(app, E.detail, ({ query, user, request }) => service.detail(user.id, query.id, request.lang));
  route(app, E.identityCheck, ({ user }) => service.identityCheck(user.id));
  route(app, E.identityStart, ({ user }) => service.startIdentityCheck(user.id));
  route(app, E.identitySubmit, ({ body, user }) => service.submitIdentityCheck(user.id, body));
}
