// Customer earn endpoints (CONTRACT.md "Earn"): products (public), buying, my orders,
// totals, one order with its incomes, incomes, early redemption.
import {
  EarnBuyBody,
  EarnIncome,
  EarnIncomeQuery,
  EarnOrder,
  EarnOrderDetail,
  EarnOrderIdBody,
  EarnOrderListQuery,
  EarnOrderStat,
  EarnProduct,
  EarnProductIdQuery,
  EarnProductListQuery,
  page,
} from "@candor/contract";
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { route } from "../../lib/route";
import { currentUser } from "../../plugins/auth";
import type { EarnService } from "./service";

const tags = ["earn"];
const P = "/api/prod";

export async function earnRoutes(app: FastifyInstance, { service }: { service: EarnService }) {
  const user = (request: Parameters<typeof currentUser>[0]) => currentUser(request).id;

  route(
    app,
    {
      method: "GET",
      url: `${P}/appProductInfo/list`,
      auth: "public",
      tags,
      summary: "Earn products by type (fixed-term = arbitrage, quant, mining, debt)",
      query: EarnProductListQuery,
      result: z.array(EarnProduct),
    },
    ({ query, request }) => service.products(request.lang, query.type),
  );
  route(
    app,
    {
      method: "GET",
      url: `${P}/appProductInfo/queryById`,
      auth: "public",
      tags,
      summary: "One earn product with everything shown before buying",
      query: EarnProductIdQuery,
      result: EarnProduct,
    },
    ({ query, request }) => service.product(request.lang, query.id),
  );
  route(
    app,
    {
      method: "POST",
      url: `${P}/appProductOrder/debitBuy`,
      auth: "user",
      tags,
      summary: "Buy a fixed-term, strategy or debt product from available balance (idempotent with clientRequestId)",
      body: EarnBuyBody,
      result: EarnOrder,
    },
    ({ body, request }) => service.buy(user(request), body, "debit", request.lang),
  );
  route(
    app,
    {
      method: "POST",
      url: `${P}/appProductOrder/minerBuy`,
      auth: "user",
      tags,
      summary: "Buy mining hashrate for the product's term (the price is not returned; daily output may be 0)",
      body: EarnBuyBody,
      result: EarnOrder,
    },
    ({ body, request }) => service.buy(user(request), body, "miner", request.lang),
  );
  route(
    app,
    {
      method: "GET",
      url: `${P}/appProductOrder/listMy`,
      auth: "user",
      tags,
      summary: "My earn orders, newest first",
      query: EarnOrderListQuery,
      result: page(EarnOrder),
    },
    ({ query, request }) => service.listMy(user(request), query, request.lang),
  );
  route(
    app,
    {
      method: "GET",
      url: `${P}/appProductOrder/orderStat`,
      auth: "user",
      tags,
      summary: "My earn totals in USDT",
      result: EarnOrderStat,
    },
    ({ request }) => service.orderStat(user(request)),
  );
  route(
    app,
    {
      method: "GET",
      url: `${P}/appProductOrder/queryById`,
      auth: "user",
      tags,
      summary: "One of my earn orders with its product and latest incomes",
      query: EarnProductIdQuery,
      result: EarnOrderDetail,
    },
    ({ query, request }) => service.detail(user(request), query.id, request.lang),
  );
  route(
    app,
    {
      method: "GET",
      url: `${P}/appProductOrder/incomeList`,
      auth: "user",
      tags,
      summary: "Incomes of one of my orders with their inputs, newest first",
      query: EarnIncomeQuery,
      result: page(EarnIncome),
    },
    ({ query, request }) => service.incomes(user(request), query),
  );
  route(
    app,
    {
      method: "POST",
      url: `${P}/appProductOrder/redeem`,
      auth: "user",
      tags,
      summary:
        "Redeem a fixed-term order early where the product allows it: principal back minus the interest paid so far",
      body: EarnOrderIdBody,
      result: EarnOrder,
    },
    ({ body, request }) => service.redeem(user(request), body.id, request.lang),
  );
}
