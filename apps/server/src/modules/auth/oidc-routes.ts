// OpenID Connect login routes. The callback is where the provider sends the browser: it
// answers with a redirect to the app (/#/login?oidc=<one-time code>, or ?oidcError=1), so it
// is registered raw (not JSON) and hidden from the API document.
import { authPaths, externalLoginEndpoints as E } from "@candor/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { publicOrigin } from "../../config";
import { notFound } from "../../lib/errors";
import { route } from "../../lib/route";
import type { OidcProviderConfig } from "../../login-config";
import { clientContext } from "./client-context";
import { finishOidc, redeemOidcHandoff, startOidc } from "./oidc";

const CallbackQuery = z.object({
  code: z.string().max(2048).optional(),
  state: z.string().max(256).optional(),
  error: z.string().max(256).optional(),
});

export const oidcRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;
  const origin = publicOrigin(app.config);
  const providerOf = (id: string): OidcProviderConfig => {
    const provider = app.config.oidcProviders?.find((p) => p.id === id);
    if (!provider) throw notFound();
    return provider;
  };

  route(app, E.oidcStart, ({ params }) => startOidc(db, providerOf(params.provider), origin));
  route(app, E.oidcLogin, ({ body, request }) => redeemOidcHandoff(db, body.code, clientContext(request).device));

  app.get(
    authPaths.oidcCallback,
    { schema: { hide: true, params: z.object({ provider: z.string() }), querystring: CallbackQuery } },
    async (request, reply) => {
      const provider = providerOf(request.params.provider);
      let handoff: string | null = null;
      try {
        handoff = await finishOidc(db, provider, origin, request.query);
      } catch (err) {
        request.log.warn({ err, provider: provider.id }, "oidc callback failed");
      }
      reply.header("cache-control", "no-store").header("referrer-policy", "no-referrer");
      // Relative: back to the app on the origin the browser is on.
      return reply.redirect(handoff ? `/#/login?oidc=${handoff}` : "/#/login?oidcError=1", 302);
    },
  );
};
