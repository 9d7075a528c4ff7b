// Gates every request that opens new business (a position, an option, a spot order, a
// conversion, an earn order, a loan, an IEO application, a contest entry) on the
// product's availability for the customer; the routes of the products themselves stay
// as they are. Also the public availability list and the admin's switches.
import {
  contestPaths,
  contractPaths,
  productEndpoints as E,
  earnPaths,
  exchangePaths,
  ieoPaths,
  loanPaths,
  optionPaths,
  type ProductKey,
  spotPaths,
} from "@candor/contract";
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
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
  [contractPaths.create]: byMode("futures"),
  [optionPaths.buy]: byMode("options"),
  [spotPaths.create]: byMode("spot"),
  [exchangePaths.flashExchange]: () => "exchange",
  [earnPaths.debitBuy]: () => "earn",
  [earnPaths.minerBuy]: () => "earn",
  [loanPaths.creditApply]: () => "loans",
  [loanPaths.pledgeApply]: () => "loans",
  [ieoPaths.apply]: () => "ieo",
  [contestPaths.join]: () => "contests",
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

  route(app, E.available, ({ request }) => gates.forUser(request.user?.role === "customer" ? request.user.id : null));
  route(app, E.operatorList, () => gates.list());
  route(app, E.operatorUpdate, ({ body }) => gates.update(body), {
    config: { auditTarget: "product_gate", auditBefore: async () => gates.list() },
  });
}

export default fp(productsPlugin, { name: "products", dependencies: ["auth"] });
