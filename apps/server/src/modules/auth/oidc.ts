// Third-party login with OpenID Connect (authorization code flow, PKCE S256, state and
// nonce; docs/contract.md "Accounts"): the issuer's discovery document and keys (jose), the
// request kept server-side (10 minutes, single use), the ID token checked (signature, iss,
// aud, exp, nonce), the account found by the provider identity, else by a VERIFIED e-mail,
// else created; the session handed to the app with a one-time code, never in a URL.
import { createHash, randomBytes, randomInt } from "node:crypto";
import { type AuthResult, authPaths } from "@candor/contract";
import { and, eq, gt, isNull, lt } from "drizzle-orm";
import { createRemoteJWKSet, type JWTPayload, jwtVerify } from "jose";
import type { Db } from "../../db";
import { isUniqueViolation } from "../../db/errors";
import { AppError, unauthorized } from "../../lib/errors";
import { codeHash, openSecret, sealSecret } from "../../lib/secrets";
import { createSession } from "../../lib/sessions";
import type { OidcProviderConfig } from "../../login-config";
import {
  createUser,
  findUserByEmail,
  getUserById,
  normaliseEmail,
  type UserRow,
  usernameTaken,
} from "../users/service";
import { oidcHandoffs, oidcIdentities, oidcRequests } from "./schema";

export const OIDC_REQUEST_TTL_MS = 10 * 60 * 1000;
export const OIDC_HANDOFF_TTL_MS = 60 * 1000;
const FETCH_TIMEOUT_MS = 10_000;

interface Discovery {
  issuer: string;
  authorization_endpoint: string;
  token_endpoint: string;
  jwks_uri: string;
}

const random = () => randomBytes(32).toString("base64url");
const key = (kind: string, value: string) => codeHash(`oidc-${kind}:${value}`).toString("hex");

/** A provider's discovery document and key set, read once per issuer (again after a failure). */
const discovered = new Map<string, Promise<{ meta: Discovery; jwks: ReturnType<typeof createRemoteJWKSet> }>>();

async function discover(provider: OidcProviderConfig) {
  let entry = discovered.get(provider.issuer);
  if (!entry) {
    entry = (async () => {
      const res = await fetch(`${provider.issuer}/.well-known/openid-configuration`, {
        signal: AbortSignal.timeout(FETCH_TIMEOUT_MS),
      });
      if (!res.ok) throw new Error(`discovery ${res.status}`);
      const meta = (await res.json()) as Discovery;
      // The document must be the configured issuer's own (OpenID Connect Discovery §4.3).
      if (meta.issuer.replace(/\/$/, "") !== provider.issuer) throw new Error("discovery issuer mismatch");
      return { meta, jwks: createRemoteJWKSet(new URL(meta.jwks_uri)) };
    })();
    discovered.set(provider.issuer, entry);
    entry.catch(() => discovered.delete(provider.issuer));
  }
  try {
    return await entry;
  } catch {
    throw new AppError(503, "oidcProviderDown");
  }
}

export const redirectUri = (origin: string, provider: OidcProviderConfig) =>
  `${origin}${authPaths.oidcCallback.replace(":provider", provider.id)}`;

/** The provider's authorization URL for a new login; state, verifier and nonce stay here. */
export async function startOidc(db: Db, provider: OidcProviderConfig, origin: string): Promise<{ url: string }> {
  const { meta } = await discover(provider);
  const state = random();
  const verifier = random();
  const nonce = random();
  await db.delete(oidcRequests).where(lt(oidcRequests.expiresAt, new Date()));
  await db.insert(oidcRequests).values({
    stateHash: key("state", state),
    provider: provider.id,
    codeVerifier: sealSecret(verifier),
    nonce: sealSecret(nonce),
    expiresAt: new Date(Date.now() + OIDC_REQUEST_TTL_MS),
  });
  const url = new URL(meta.authorization_endpoint);
  url.search = new URLSearchParams({
    response_type: "code",
    client_id: provider.clientId,
    redirect_uri: redirectUri(origin, provider),
    scope: "openid email profile",
    state,
    nonce,
    code_challenge: createHash("sha256").update(verifier).digest("base64url"),
    code_challenge_method: "S256",
  }).toString();
  return { url: url.toString() };
}

/** Use up the request a state names (exactly one of concurrent callbacks gets it). */
async function claimRequest(db: Db, providerId: string, state: string) {
  const [row] = await db
    .update(oidcRequests)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(oidcRequests.stateHash, key("state", state)),
        eq(oidcRequests.provider, providerId),
        isNull(oidcRequests.usedAt),
        gt(oidcRequests.expiresAt, new Date()),
      ),
    )
    .returning();
  return row ? { verifier: openSecret(row.codeVerifier).plain, nonce: openSecret(row.nonce).plain } : null;
}

/** Exchange the code (client_secret_basic + PKCE verifier) and check the ID token. */
async function verifiedClaims(
  provider: OidcProviderConfig,
  origin: string,
  code: string,
  request: { verifier: string; nonce: string },
): Promise<JWTPayload | null> {
  const { meta, jwks } = await discover(provider);
  const basic = Buffer.from(
    `${encodeURIComponent(provider.clientId)}:${encodeURIComponent(provider.clientSecret)}`,
  ).toString("base64");
  const res = await fetch(meta.token_endpoint, {
    method: "POST",
    headers: { authorization: `Basic ${basic}`, "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({
      grant_type: "authorization_code",
      code,
      redirect_uri: redirectUri(origin, provider),
      code_verifier: request.verifier,
    }),
    signal: AbortSignal.timeout(FETCH_TIMEOUT_MS),
  });
  if (!res.ok) return null;
  const tokens = (await res.json()) as { id_token?: unknown };
  if (typeof tokens.id_token !== "string") return null;
  try {
    const { payload } = await jwtVerify(tokens.id_token, jwks, { issuer: meta.issuer, audience: provider.clientId });
    return payload.nonce === request.nonce && typeof payload.sub === "string" ? payload : null;
  } catch {
    return null;
  }
}

async function newUsername(db: Db): Promise<string> {
  for (let i = 0; i < 5; i++) {
    const candidate = `user${String(randomInt(100_000_000)).padStart(8, "0")}`;
    if (!(await usernameTaken(db, candidate))) return candidate;
  }
  throw new AppError(503, "unavailable");
}

/**
 * The account of a provider identity: already linked; else the account with the same
 * e-mail when the provider says it is verified; else a new one (with that e-mail only when
 * verified and unused). An unverified e-mail never links to an existing account.
 */
async function accountFor(db: Db, providerId: string, claims: JWTPayload): Promise<UserRow | null> {
  const subject = String(claims.sub);
  const linked = async () => {
    const [row] = await db
      .select()
      .from(oidcIdentities)
      .where(and(eq(oidcIdentities.provider, providerId), eq(oidcIdentities.subject, subject)));
    return row ? getUserById(db, row.userId) : null;
  };
  const known = await linked();
  if (known) return known;
  let email: string | null = null;
  if (claims.email_verified === true && typeof claims.email === "string") {
    try {
      email = normaliseEmail(claims.email);
    } catch {
      email = null;
    }
  }
  const byEmail = email ? await findUserByEmail(db, email) : null;
  // An account that never proved this e-mail may belong to whoever typed it (pre-account
  // hijacking): the provider's word does not hand it over. Its owner proves the address
  // first (forgot password or a code), then the provider links.
  if (byEmail && !byEmail.contactVerified) return null;
  try {
    return await db.transaction(async (tx) => {
      const user =
        byEmail ??
        (await createUser(tx, {
          username: email ?? (await newUsername(tx)),
          password: null,
          email,
          // The provider vouched for the e-mail (email_verified).
          contactVerified: email !== null,
        }));
      await tx.insert(oidcIdentities).values({ provider: providerId, subject, userId: user.id, email });
      return user;
    });
  } catch (err) {
    // The same identity's first login twice at once: the other one linked it.
    const other = isUniqueViolation(err) ? await linked() : null;
    if (other) return other;
    throw err;
  }
}

/**
 * The provider's callback: the one-time code for the app (oidcLogin), or null when the
 * state, the code or the ID token does not hold.
 */
export async function finishOidc(
  db: Db,
  provider: OidcProviderConfig,
  origin: string,
  input: { code?: string | undefined; state?: string | undefined },
): Promise<string | null> {
  if (!input.code || !input.state) return null;
  const request = await claimRequest(db, provider.id, input.state);
  if (!request) return null;
  const claims = await verifiedClaims(provider, origin, input.code, request);
  if (!claims) return null;
  const user = await accountFor(db, provider.id, claims);
  if (!user) return null;
  const handoff = random();
  await db.delete(oidcHandoffs).where(lt(oidcHandoffs.expiresAt, new Date()));
  await db.insert(oidcHandoffs).values({
    codeHash: key("handoff", handoff),
    userId: user.id,
    expiresAt: new Date(Date.now() + OIDC_HANDOFF_TTL_MS),
  });
  return handoff;
}

/** The app's half: the handoff code for a session, once (401 when wrong, used or expired). */
export async function redeemOidcHandoff(db: Db, code: string, device: string): Promise<AuthResult> {
  const [row] = await db
    .update(oidcHandoffs)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(oidcHandoffs.codeHash, key("handoff", code)),
        isNull(oidcHandoffs.usedAt),
        gt(oidcHandoffs.expiresAt, new Date()),
      ),
    )
    .returning();
  const user = row ? await getUserById(db, row.userId) : null;
  if (!user) throw unauthorized("oidcLoginFailed");
  const token = await createSession(db, user.id, device);
  return { token, userInfo: { id: user.id, username: user.username } };
}
