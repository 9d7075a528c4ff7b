// Gates every request that opens new business (a position, an option, a spot order, a
// conversion, an earn order, a loan, an IEO application, a contest entry) on the
// product's availability for the customer; the routes of the products themselves stay
// as they are. Also the public availability list and the admin's switches.
import { ProductAvailability, ProductGate, ProductGateBody, type ProductKey } from "@candor/contract";
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { z } from "zod";
import { t } from "../../i18n";
import { route } from "../../lib/route";
import { ProductGates } from "./service";

declare module "fastify" {
  interface FastifyInstance {
    productGates: ProductGates;
  }
}

type Body = { mode?: string } | undefined;
const byMode = (real: ProductKey) => (body: Body) =>
  body?.mode === "demo" ? "demo" : body?.mode === "contest" ? "contests" : real;

/** Route (as declared) → the product a POST to it opens. */
export const GATED_ROUTES: Record<string, (body: Body) => ProductKey> = {
  "/api/trade/appTradePositions/create": byMode("futures"),
  "/api/trade/appSecondContractOrder/buy": byMode("options"),
  "/api/trade/appSpotOrder/create": byMode("spot"),
  "/api/trade/appFlashExchangeLog/flashExchange": () => "exchange",
  "/api/prod/appProductOrder/debitBuy": () => "earn",
  "/api/prod/appProductOrder/minerBuy": () => "earn",
  "/api/prod/appLoanOrder/creditApply": () => "loans",
  "/api/prod/appLoanOrder/pledgeApply": () => "loans",
  "/api/prod/appOrderIoe/apply": () => "ieo",
  "/api/contest/join": () => "contests",
};

async function productsPlugin(app: FastifyInstance) {
  const gates = new ProductGates(app.database.db, { options: app.config.optionsBlockedCountries });
  app.decorate("productGates", gates);

  // A callback hook: requests that open nothing (every GET) cost no promise.
  app.addHook("preHandler", (request, _reply, done) => {
    const pick = request.method === "POST" ? GATED_ROUTES[request.routeOptions.url ?? ""] : undefined;
    if (!pick || request.user?.role !== "customer") return done();
    const product = pick(request.body as Body);
    gates.assertOpen(product, request.user.id, t(request.lang, `product.${product}`)).then(() => done(), done);
  });

  route(
    app,
    {
      method: "GET",
      url: "/api/set/products",
      auth: "public",
      tags: ["system"],
      summary: "Which products take new orders from the caller (by the admin's switches and the caller's country)",
      result: z.array(ProductAvailability),
    },
    ({ request }) => gates.forUser(request.user?.role === "customer" ? request.user.id : null),
  );
  route(
    app,
    {
      method: "GET",
      url: "/api/operator/products/list",
      auth: { roles: ["finance"] },
      tags: ["operator"],
      summary: "Every product's switch and country list, with the deployment's own list (not editable)",
      result: z.array(ProductGate),
    },
    () => gates.list(),
  );
  route(
    app,
    {
      method: "POST",
      url: "/api/operator/products/update",
      auth: { roles: [] },
      config: { auditTarget: "product_gate", auditBefore: async () => gates.list() },
      tags: ["operator"],
      summary: "Pause or open a product for new orders, and withhold it from more countries (admin)",
      body: ProductGateBody,
      result: ProductGate,
    },
    ({ body }) => gates.update(body),
  );
}

export default fp(productsPlugin, { name: "products", dependencies: ["auth"] });
