// The console's one API client: sends the staff token and the language, unwraps the
// envelope and throws ApiError with the server's (translated) message. A 401 ends the
// local session, which brings back the login screen.
import type { Envelope } from "@candor/contract";
import { currentLang, i18n } from "./i18n";
import { getSession, setSession } from "./session";

export class ApiError extends Error {
  constructor(
    readonly code: number,
    message: string,
    /** Response headers (the login's X-Captcha-Required travels here). */
    readonly headers?: Headers,
  ) {
    super(message);
    this.name = "ApiError";
  }
}

type Query = Record<string, string | number | boolean | undefined | null>;

function buildUrl(path: string, query?: Query) {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) if (v !== undefined && v !== null && v !== "") params.set(k, String(v));
  const qs = params.toString();
  return qs ? `${path}?${qs}` : path;
}

function headers(json: boolean): Record<string, string> {
  const h: Record<string, string> = { "X-Lang": currentLang(), Accept: "application/json" };
  const token = getSession()?.token;
  if (token) h["X-Access-Token"] = token;
  if (json) h["Content-Type"] = "application/json";
  return h;
}

export async function api<T>(
  method: "GET" | "POST" | "PUT",
  path: string,
  options: { query?: Query; body?: unknown } = {},
) {
  let response: Response;
  try {
    response = await fetch(buildUrl(path, options.query), {
      method,
      headers: headers(options.body !== undefined),
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
    });
  } catch {
    throw new ApiError(0, i18n.t("common.networkError"));
  }
  let envelope: Envelope<T> | null = null;
  try {
    envelope = (await response.json()) as Envelope<T>;
  } catch {
    envelope = null;
  }
  if (!response.ok || !envelope?.success) {
    const code = envelope?.code ?? response.status;
    if (code === 401 && getSession() && !path.startsWith("/api/staff/login")) setSession(null);
    throw new ApiError(code, envelope?.message || i18n.t("common.error"), response.headers);
  }
  return envelope.result;
}

export const get = <T>(path: string, query?: Query) => api<T>("GET", path, { query });
export const post = <T>(path: string, body: unknown = {}) => api<T>("POST", path, { body });
export const put = <T>(path: string, body: unknown = {}) => api<T>("PUT", path, { body });

/** A private file (identity documents) as an object URL: images cannot send the token themselves. */
export async function fetchFileUrl(url: string): Promise<string> {
  const response = await fetch(url, { headers: headers(false) });
  if (!response.ok) throw new ApiError(response.status, i18n.t("common.error"));
  return URL.createObjectURL(await response.blob());
}

/** A key that makes a money-moving request idempotent (a retried click does not apply twice). */
export const requestId = () => crypto.randomUUID();
