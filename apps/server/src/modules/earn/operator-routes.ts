// Operator earn endpoints: products (create, edit, open / pause / end), orders, debt claims
// (repayments, default with recovery, calling off a raise) and the mining reward input.

import type { StaffRole } from "@candor/contract";
import {
  DebtActionResult,
  DebtDefaultBody,
  DebtRepaymentBody,
  EarnProductInput,
  EarnProductListQuery,
  EarnProductStatusBody,
  IdParam,
  MiningSettings,
  MiningSettingsBody,
  OperatorEarnOrder,
  OperatorEarnOrderQuery,
  OperatorEarnProduct,
  page,
} from "@candor/contract";
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { route } from "../../lib/route";
import { getSetting } from "../settings/service";
import { cancelRaise, recordDefault, recordRepayment } from "./debt";
import { DEFAULT_MINING_REWARD, MINING_REWARD_KEY, setMiningReward } from "./products";
import { type EarnService, operatorOrderFilter } from "./service";

const tags = ["operator"];
const P = "/api/operator/earn";

export async function earnOperatorRoutes(app: FastifyInstance, { service }: { service: EarnService }) {
  const { db, clock } = service.deps;
  // Products and the mining input: admin. Orders: support and finance may look. Debt repayments
  // and defaults move customers' money: finance.
  const admin = { roles: [] as StaffRole[] };
  const finance = { roles: ["finance"] as StaffRole[] };
  const viewers = { roles: ["support", "finance"] as StaffRole[] };
  const spec = <T>(s: T, auth: { roles: StaffRole[] } = admin) => ({ auth, tags, ...s });

  route(
    app,
    spec({
      method: "GET" as const,
      url: `${P}/products`,
      summary: "Every earn product with its texts in all languages and sales state",
      query: EarnProductListQuery,
      result: z.array(OperatorEarnProduct),
    }),
    ({ query, request }) => service.operatorProducts(request.lang, query.type),
  );
  route(
    app,
    spec({
      method: "POST" as const,
      url: `${P}/products`,
      summary: "Create an earn product",
      body: EarnProductInput,
      result: OperatorEarnProduct,
    }),
    ({ body, request }) => service.createProduct(body, request.lang),
  );
  route(
    app,
    spec({
      method: "PUT" as const,
      url: `${P}/products/:id`,
      summary: "Edit an earn product (orders keep the terms they were bought with)",
      params: IdParam,
      body: EarnProductInput,
      result: OperatorEarnProduct,
    }),
    ({ params, body, request }) => service.updateProduct(params.id, body, request.lang),
  );
  route(
    app,
    spec({
      method: "POST" as const,
      url: `${P}/products/:id/status`,
      summary: "Open, pause or end sales of a product (running orders continue)",
      params: IdParam,
      body: EarnProductStatusBody,
      result: OperatorEarnProduct,
    }),
    ({ params, body, request }) => service.setProductStatus(params.id, body.status, request.lang),
  );
  route(
    app,
    spec(
      {
        method: "GET" as const,
        url: `${P}/orders`,
        summary: "Earn orders of every customer, newest first",
        query: OperatorEarnOrderQuery,
        result: page(OperatorEarnOrder),
      },
      viewers,
    ),
    ({ query, request }) => service.operatorOrders(operatorOrderFilter(query), query, request.lang),
  );
  route(
    app,
    spec(
      {
        method: "POST" as const,
        url: `${P}/debt/:id/repayment`,
        summary: "Record a borrower's payment: interest shared pro rata, or the whole principal returned",
        params: IdParam,
        body: DebtRepaymentBody,
        result: DebtActionResult,
      },
      finance,
    ),
    ({ params, body }) => recordRepayment(db, clock, params.id, body),
  );
  route(
    app,
    spec(
      {
        method: "POST" as const,
        url: `${P}/debt/:id/default`,
        summary: "Record a default: investors share what was recovered, the rest is written off",
        params: IdParam,
        body: DebtDefaultBody,
        result: DebtActionResult,
      },
      finance,
    ),
    ({ params, body }) => recordDefault(db, clock, params.id, body),
  );
  route(
    app,
    spec(
      {
        method: "POST" as const,
        url: `${P}/debt/:id/cancel`,
        summary: "Call off a raise before the loan starts: every investor's amount goes back",
        params: IdParam,
        result: DebtActionResult,
      },
      finance,
    ),
    ({ params }) => cancelRaise(db, clock, params.id),
  );
  route(
    app,
    spec({
      method: "GET" as const,
      url: `${P}/mining/settings`,
      summary: "The published network reward per TH/s per day used by the mining formula",
      result: MiningSettings,
    }),
    async () => ({ rewardPerThDay: String(await getSetting<string>(db, MINING_REWARD_KEY, DEFAULT_MINING_REWARD)) }),
  );
  route(
    app,
    spec({
      method: "POST" as const,
      url: `${P}/mining/settings`,
      summary: "Set the network reward per TH/s per day (applies from the next daily payout)",
      body: MiningSettingsBody,
      result: MiningSettings,
    }),
    async ({ body }) => {
      await setMiningReward(db, body.rewardPerThDay);
      return { rewardPerThDay: String(await getSetting<string>(db, MINING_REWARD_KEY, DEFAULT_MINING_REWARD)) };
    },
  );
}
