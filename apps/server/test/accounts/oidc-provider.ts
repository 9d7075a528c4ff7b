// A local OpenID provider for tests (oidc-provider from npm, on a free port; never the
// network): one client, accounts the test defines, login finished without a form for the
// account the test names next, consent granted for openid / email / profile.
import http from "node:http";
import type { AddressInfo } from "node:net";
import Provider, { type Interaction, type KoaContextWithOIDC } from "oidc-provider";

export interface TestOidcAccount {
  email: string;
  emailVerified: boolean;
}

export interface TestOidcProvider {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** Who logs in at the provider next (the key of `accounts`). */
  loginAs(sub: string, account: TestOidcAccount): void;
  close(): Promise<void>;
}

export async function startOidcProvider(redirectUri: string): Promise<TestOidcProvider> {
  const accounts = new Map<string, TestOidcAccount>();
  let next = "";
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const clientId = "candor-test";
  const clientSecret = "candor-test-client-secret-0123456789";
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: [redirectUri],
        grant_types: ["authorization_code"],
        response_types: ["code"],
        token_endpoint_auth_method: "client_secret_basic",
      },
    ],
    claims: { openid: ["sub"], email: ["email", "email_verified"] },
    // The e-mail claims in the ID token itself (as Google's are).
    conformIdTokenClaims: false,
    features: { devInteractions: { enabled: false } },
    cookies: { keys: ["candor-test-cookie-key"] },
    interactions: { url: (_ctx: KoaContextWithOIDC, interaction: Interaction) => `/interaction/${interaction.uid}` },
    findAccount: async (_ctx: KoaContextWithOIDC, sub: string) => {
      const account = accounts.get(sub);
      if (!account) return undefined;
      return {
        accountId: sub,
        claims: async () => ({ sub, email: account.email, email_verified: account.emailVerified }),
      };
    },
    loadExistingGrant: async (ctx: KoaContextWithOIDC) => {
      const grant = new ctx.oidc.provider.Grant({
        clientId: ctx.oidc.client?.clientId,
        accountId: ctx.oidc.session?.accountId,
      });
      grant.addOIDCScope("openid email profile");
      await grant.save();
      return grant;
    },
  });
  const handle = provider.callback();
  server.on("request", (req, res) => {
    if (req.url?.startsWith("/interaction/")) {
      void provider.interactionFinished(req, res, { login: { accountId: next } }, { mergeWithLastSubmission: false });
      return;
    }
    handle(req, res);
  });
  return {
    issuer,
    clientId,
    clientSecret,
    loginAs(sub, account) {
      accounts.set(sub, account);
      next = sub;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/**
 * Follow the provider's redirects like a browser (keeping its cookies) until it sends the
 * browser to `stopAt`; returns that URL.
 */
export async function followToCallback(start: string, stopAt: string): Promise<URL> {
  const jar = new Map<string, string>();
  let url = start;
  for (let hop = 0; hop < 10; hop++) {
    if (url.startsWith(stopAt)) return new URL(url);
    const cookie = [...jar].map(([k, v]) => `${k}=${v}`).join("; ");
    const res = await fetch(url, { redirect: "manual", headers: cookie ? { cookie } : {} });
    for (const line of res.headers.getSetCookie()) {
      const [pair = ""] = line.split(";");
      const eq = pair.indexOf("=");
      jar.set(pair.slice(0, eq).trim(), pair.slice(eq + 1));
    }
    const location = res.headers.get("location");
    if (!location) throw new Error(`provider stopped at ${url}: ${res.status} ${await res.text()}`);
    url = new URL(location, url).toString();
  }
  throw new Error("too many redirects");
}
