// Wallet login (Sign-In with Ethereum) and third-party login (OpenID Connect) routes; the
// rules are in wallet-login.ts, siwe.ts and oidc.ts.
import { externalLoginEndpoints as E } from "@candor/contract";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { publicOrigin } from "../../config";
import { badRequest, notFound } from "../../lib/errors";
import { route } from "../../lib/route";
import { clientContext } from "./client-context";
import { oidcRoutes } from "./oidc-routes";
import { withChallenge } from "./routes";
import type { SiweSite } from "./siwe";
import { linkWallet, listWallets, loginWithWallet, unlinkWallet, walletNonce } from "./wallet-login";

const HOST_RE = /^([A-Za-z0-9.-]+|\[[0-9A-Fa-f:.]+\])(:\d{1,5})?$/;

/**
 * The site a SIWE message names: PUBLIC_URL's host; in sandbox without PUBLIC_URL, the host
 * the request came to (a message asked for through another host does not log in here).
 */
function siweSite(app: FastifyInstance, request: FastifyRequest): SiweSite {
  const chainId = app.config.siweChainId ?? 1;
  if (app.config.publicUrlGiven || !app.config.sandbox) {
    const url = new URL(publicOrigin(app.config));
    return { domain: url.host, uri: url.origin, chainId };
  }
  const host = request.host;
  if (!HOST_RE.test(host)) throw badRequest();
  return { domain: host, uri: `${request.protocol}://${host}`, chainId };
}

export const externalLoginRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;
  const walletOn = () => {
    if (!app.config.walletLogin) throw notFound();
  };

  route(app, E.loginMethods, async () => ({
    wallet: app.config.walletLogin === true,
    oidc: (app.config.oidcProviders ?? []).map((p) => ({ id: p.id, name: p.name })),
  }));
  route(app, E.walletNonce, ({ query, request }) => {
    walletOn();
    return walletNonce(
      db,
      { address: query.address, userId: null, site: siweSite(app, request) },
      clientContext(request),
    );
  });
  route(app, E.walletLogin, ({ body, request, reply }) => {
    walletOn();
    return withChallenge(reply, () =>
      loginWithWallet(db, { ...body, site: siweSite(app, request) }, clientContext(request)),
    );
  });
  route(app, E.wallets, ({ user }) => listWallets(db, user.id));
  route(app, E.linkWalletNonce, ({ query, request, user }) => {
    walletOn();
    return walletNonce(
      db,
      { address: query.address, userId: user.id, site: siweSite(app, request) },
      clientContext(request),
    );
  });
  route(app, E.linkWallet, ({ body, request, user }) => {
    walletOn();
    return linkWallet(db, user.id, { ...body, site: siweSite(app, request) });
  });
  route(app, E.unlinkWallet, ({ body, user }) => unlinkWallet(db, user.id, body));
  await app.register(oidcRoutes);
};
