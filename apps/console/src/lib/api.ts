// The console's one API client: sends the staff token and the language, unwraps the
// envelope and throws ApiError with the server's (translated) message. A 401 ends the
// local session, which brings back the login screen.
import type {
  BodyOf,
  Endpoint,
  EndpointAt,
  Envelope,
  HttpMethod,
  ParamsOf,
  PathsOf,
  QueryOf,
  ResultOf,
} from "@candor/contract";
import { staffPaths } from "@candor/contract/paths";
import { fieldWords } from "./field-words";
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
    if (code === 401 && getSession() && !path.startsWith(staffPaths.login)) setSession(null);
    // A 400 names the field by its request path: say it in words (lib/field-words.ts).
    const message = envelope?.message
      ? fieldWords(
          envelope.message,
          (k, o) => i18n.t(k, o),
          (k) => i18n.exists(k),
        )
      : i18n.t("common.error");
    throw new ApiError(code, message, response.headers);
  }
  return envelope.result;
}

type At<M extends HttpMethod, P extends string> = EndpointAt<M, P>;
/** The body of the POST endpoint at `P` (a form's values typed to what the endpoint takes). */
export type PostBody<P extends PathsOf<"POST">> = BodyOf<At<"POST", P>>;
/** The arguments after the path: the query or body, then the path's parameters when it has any. */
type GetArgs<E extends Endpoint> =
  ParamsOf<E> extends undefined ? [query?: QueryOf<E>] : [query: QueryOf<E> | undefined, params: ParamsOf<E>];
type BodyArgs<E extends Endpoint> =
  ParamsOf<E> extends undefined
    ? undefined extends BodyOf<E>
      ? [body?: BodyOf<E>]
      : [body: BodyOf<E>]
    : [body: BodyOf<E>, params: ParamsOf<E>];

/** `/items/:id/close` with `{ id: 7 }` → `/items/7/close`. */
export function fillPath(path: string, params?: Record<string, unknown>) {
  if (!params) return path;
  return path.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(String(params[name])));
}

/** GET an endpoint of the contract's table (packages/contract/src/endpoints): query and result typed. */
export function get<P extends PathsOf<"GET">>(path: P, ...args: GetArgs<At<"GET", P>>): Promise<ResultOf<At<"GET", P>>>;
export function get(path: string, query?: unknown, params?: Record<string, unknown>) {
  return api("GET", fillPath(path, params), { query: query as Query });
}

/** POST to an endpoint of the contract's table: body and result typed. */
export function post<P extends PathsOf<"POST">>(
  path: P,
  ...args: BodyArgs<At<"POST", P>>
): Promise<ResultOf<At<"POST", P>>>;
export function post(path: string, body: unknown = {}, params?: Record<string, unknown>) {
  return api("POST", fillPath(path, params), { body: body ?? {} });
}

/** PUT to an endpoint of the contract's table: body and result typed. */
export function put<P extends PathsOf<"PUT">>(
  path: P,
  ...args: BodyArgs<At<"PUT", P>>
): Promise<ResultOf<At<"PUT", P>>>;
export function put(path: string, body: unknown = {}, params?: Record<string, unknown>) {
  return api("PUT", fillPath(path, params), { body: body ?? {} });
}

/** Where the server keeps uploaded files: the staff session is sent there and nowhere else. */
const FILES_PATH = /^\/api\/sys\/common\/files\/[a-f0-9]{32}\.[a-z0-9]{2,4}$/;

/**
 * A private file (identity documents) as an object URL: images cannot send the token
 * themselves. Only a file path of this server is fetched (the staff token must never go to
 * a URL a customer wrote).
 */
export async function fetchFileUrl(url: string): Promise<string> {
  if (!FILES_PATH.test(url)) throw new ApiError(400, i18n.t("common.error"));
  const response = await fetch(url, { headers: headers(false) });
  if (!response.ok) throw new ApiError(response.status, i18n.t("common.error"));
  return URL.createObjectURL(await response.blob());
}

/** A key that makes a money-moving request idempotent (a retried click does not apply twice). */
export const requestId = () => crypto.randomUUID();
