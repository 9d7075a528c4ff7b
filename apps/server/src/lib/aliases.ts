// Seed paths served by an existing call. The seed's mobile client (docs/seed-api.md)
// names some calls the product already has under another path. Policy: ONE
// implementation; the same handler, hooks (auth), schemas and config are registered a
// second time under the seed's path (and method, where the seed uses another one), and
// both appear in the OpenAPI document, the alias with a description naming its original.
// Calls whose meaning differs from every existing one get their own route in their module.
//
// Mechanism: an `onRoute` hook on the root instance, added before the modules register
// their routes; when the original is registered, its alias is registered beside it in
// the same encapsulation context. `ready` fails if an alias's original never appeared, so
// a renamed original cannot silently drop a seed path.
import { authPaths, kycPaths, marketPaths, seedAliasPaths as S, walletPaths } from "@candor/contract";
import type { FastifyInstance, HTTPMethods, RouteOptions } from "fastify";

type Method = "GET" | "POST";

export interface RouteAlias {
  /** The seed's method and path. */
  method: Method;
  url: string;
  /** The existing call it serves. */
  of: { method: Method; url: string };
}

export const SEED_ALIASES: RouteAlias[] = [
  // Accounts: the seed's authenticator key is a GET (it creates a pending secret, like the original POST).
  {
    method: "GET",
    url: S.generateGoogleKey,
    of: { method: "POST", url: authPaths.generateGoogleKey },
  },
  // The seed reports activity with GET or POST.
  {
    method: "GET",
    url: S.activeReport,
    of: { method: "POST", url: authPaths.activeReport },
  },
  // Identity verification (KYC): the seed's /api/auth/appAuth/* names.
  { method: "POST", url: S.applyKyc, of: { method: "POST", url: kycPaths.basic } },
  { method: "POST", url: S.applyAdvanced, of: { method: "POST", url: kycPaths.advanced } },
  // updateKYC: resubmitting basic verification (allowed when none was sent or the last was rejected).
  { method: "POST", url: S.updateKyc, of: { method: "POST", url: kycPaths.basic } },
  // Wallet settings and payout accounts.
  {
    method: "GET",
    url: S.currencyList,
    of: { method: "GET", url: walletPaths.currencies },
  },
  {
    method: "GET",
    url: S.payoutAccountList,
    of: { method: "GET", url: walletPaths.accountList },
  },
  {
    method: "POST",
    url: S.payoutAccountEdit,
    of: { method: "POST", url: walletPaths.accountUpdate },
  },
  // Home marquee: the public symbol list carries symbol, price and 24 h change.
  { method: "GET", url: S.tickerList, of: { method: "GET", url: marketPaths.symbols } },
];

const ALIAS_OF = Symbol("aliasOf");
const keyOf = (method: string, url: string) => `${method} ${url}`;

/** Registers every alias beside its original as the modules declare their routes. */
export function serveAliases(app: FastifyInstance, aliases: RouteAlias[] = SEED_ALIASES): void {
  const byOriginal = new Map<string, RouteAlias[]>();
  for (const alias of aliases) {
    const key = keyOf(alias.of.method, alias.of.url);
    byOriginal.set(key, [...(byOriginal.get(key) ?? []), alias]);
  }
  const served = new Set<RouteAlias>();

  app.addHook("onRoute", function (this: FastifyInstance, route: RouteOptions) {
    const custom = (route as { custom?: Record<symbol, unknown> }).custom;
    if (custom?.[ALIAS_OF]) return;
    for (const method of [route.method].flat()) {
      for (const alias of byOriginal.get(keyOf(method, route.url)) ?? []) {
        if (alias.method !== method && route.schema?.body) {
          throw new Error(`alias ${alias.method} ${alias.url}: a route with a body cannot change method`);
        }
        const {
          path: _path,
          routePath: _routePath,
          prefix: _prefix,
          ...rest
        } = route as RouteOptions & {
          path?: string;
          routePath?: string;
          prefix?: string;
        };
        const original = `${method} ${route.url}`;
        this.route({
          ...rest,
          method: alias.method as HTTPMethods,
          url: alias.url,
          schema: {
            ...route.schema,
            description: `Seed path (docs/seed-api.md): the same call as \`${original}\`, one implementation served under both paths.`,
          },
          custom: { [ALIAS_OF]: original },
        } as RouteOptions);
        served.add(alias);
      }
    }
  });

  app.addHook("onReady", async () => {
    const missing = aliases.filter((a) => !served.has(a));
    if (missing.length > 0) {
      throw new Error(
        `aliases of routes that do not exist: ${missing.map((a) => keyOf(a.of.method, a.of.url)).join(", ")}`,
      );
    }
  });
}
