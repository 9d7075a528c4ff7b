// Parsing of the third-party login settings (config.ts): OIDC_PROVIDERS and wallet login.
import { z } from "zod";

/** An OpenID Connect provider the login screen offers (Google and Apple are issuers like any other). */
export interface OidcProviderConfig {
  /** Path segment and button key: lower-case letters, digits and dashes. */
  id: string;
  /** Button label ("Google"). */
  name: string;
  /** Issuer URL; its /.well-known/openid-configuration is read at the first login. */
  issuer: string;
  clientId: string;
  clientSecret: string;
}

const Provider = z.object({
  id: z.string().regex(/^[a-z0-9-]{1,32}$/, "id: lower-case letters, digits and dashes"),
  name: z.string().min(1).max(40),
  issuer: z.string().regex(/^https?:\/\/[^\s]+$/, "issuer: an http(s) URL"),
  clientId: z.string().min(1),
  clientSecret: z.string().min(1),
});

/**
 * OIDC_PROVIDERS: a JSON array of {id, name, issuer, clientId, clientSecret}, or the compact
 * form `id|name|issuer|clientId|clientSecret`, several separated by `;`. Problems are returned
 * as config problems (a bad value stops the start).
 */
export function parseOidcProviders(raw: string | undefined): { providers: OidcProviderConfig[]; problems: string[] } {
  if (!raw || raw.trim() === "") return { providers: [], problems: [] };
  let items: unknown;
  if (raw.trim().startsWith("[")) {
    try {
      items = JSON.parse(raw);
    } catch {
      return { providers: [], problems: ["OIDC_PROVIDERS: not valid JSON"] };
    }
  } else {
    items = raw
      .split(";")
      .filter((part) => part.trim() !== "")
      .map((part) => {
        const [id, name, issuer, clientId, clientSecret] = part.split("|").map((field) => field.trim());
        return { id, name, issuer, clientId, clientSecret };
      });
  }
  const parsed = z.array(Provider).safeParse(items);
  if (!parsed.success) {
    return {
      providers: [],
      problems: parsed.error.issues.map((i) => `OIDC_PROVIDERS[${i.path.join(".")}]: ${i.message}`),
    };
  }
  const ids = parsed.data.map((p) => p.id);
  const dup = ids.find((id, i) => ids.indexOf(id) !== i);
  if (dup) return { providers: [], problems: [`OIDC_PROVIDERS: the id "${dup}" is used twice`] };
  return { providers: parsed.data.map((p) => ({ ...p, issuer: p.issuer.replace(/\/$/, "") })), problems: [] };
}
