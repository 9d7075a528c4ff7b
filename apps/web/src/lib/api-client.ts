// The one API client. Sends X-Access-Token and X-Lang, unwraps the envelope, and
// applies the app's error rules: 401 → login screen; other failures show the server's
// message (or "Error"); network failures show a clear message. It never touches form
// state, so what the user typed survives any failure.
import type { ApiEndpoint, BodyOf, EndpointAt, Envelope, ParamsOf, PathsOf, QueryOf, ResultOf } from "@candor/contract";
import { routes } from "../app/routes";
import { useUserStore } from "../stores/user";
import { currentLang, i18n } from "./i18n";
import { showToast } from "./toast";

export const REQUEST_TIMEOUT_MS = 60_000;

export class ApiError extends Error {
  constructor(
    /** Envelope code (HTTP status); 0 for network failures and timeouts. */
    readonly code: number,
    message: string,
    readonly kind: "api" | "network" | "timeout" = "api",
    /** Response headers (login challenges such as X-Captcha-Required travel here). */
    readonly headers?: Headers,
    /** The error envelope's `result`: what the server adds to a refusal (e.g. a pledge loan's new minimum); null when absent. */
    readonly details: unknown = null,
  ) {
    super(message);
    this.name = "ApiError";
  }
}

export interface RequestOptions {
  query?: Record<string, string | number | boolean | undefined | null>;
  /** Path parameters: `:name` in the path is replaced by `params.name`. */
  params?: Record<string, unknown>;
  body?: unknown;
  /** Don't toast or redirect on failure (background checks such as the navigation guard). */
  silent?: boolean;
  timeoutMs?: number;
  signal?: AbortSignal;
}

function buildUrl(template: string, query?: RequestOptions["query"], pathParams?: RequestOptions["params"]) {
  const path = pathParams
    ? template.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(String(pathParams[name])))
    : template;
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) if (v !== undefined && v !== null && v !== "") params.set(k, String(v));
  const qs = params.toString();
  return qs ? `${path}?${qs}` : path;
}

/** Where the app goes on 401; replaced in tests. */
export const authRedirect = {
  toLogin: () => {
    const current = window.location.hash.replace(/^#/, "") || routes.home;
    // Already on the login screen (e.g. a wrong password): keep the remembered target.
    if (current.startsWith(routes.login)) return;
    useUserStore.getState().setRedirect(current);
    window.location.hash = `#${routes.login}`;
  },
};

export async function apiRequest<T>(method: string, path: string, options: RequestOptions = {}): Promise<T> {
  const controller = new AbortController();
  const timeout = setTimeout(() => controller.abort("timeout"), options.timeoutMs ?? REQUEST_TIMEOUT_MS);
  options.signal?.addEventListener("abort", () => controller.abort("cancelled"));
  const headers: Record<string, string> = { "X-Lang": currentLang(), Accept: "application/json" };
  const token = useUserStore.getState().token;
  if (token) headers["X-Access-Token"] = token;
  let body: BodyInit | undefined;
  if (options.body instanceof FormData) body = options.body;
  else if (options.body !== undefined) {
    headers["Content-Type"] = "application/json";
    body = JSON.stringify(options.body);
  }
  let response: Response;
  try {
    response = await fetch(buildUrl(path, options.query, options.params), {
      method,
      headers,
      body,
      signal: controller.signal,
    });
  } catch {
    const timedOut = controller.signal.reason === "timeout";
    const message = i18n.t(timedOut ? "common:timeout" : "common:networkError");
    if (!options.silent) showToast(message, "fail");
    throw new ApiError(0, message, timedOut ? "timeout" : "network");
  } finally {
    clearTimeout(timeout);
  }
  let envelope: Envelope<T> | null = null;
  try {
    envelope = (await response.json()) as Envelope<T>;
  } catch {
    envelope = null;
  }
  if (envelope?.success) return envelope.result;
  const code = envelope?.code ?? response.status;
  const message = envelope?.message || i18n.t("common:error");
  if (code === 401) {
    useUserStore.getState().clearSession();
    if (!options.silent) authRedirect.toLogin();
  } else if (!options.silent) {
    showToast(message, "fail");
  }
  throw new ApiError(code, message, "api", response.headers, envelope?.result ?? null);
}

type Get<P extends string> = EndpointAt<"GET", P>;
type Post<P extends string> = EndpointAt<"POST", P>;
/** The typed options: query and path parameters of the endpoint. */
type Typed<E extends ApiEndpoint> = Omit<RequestOptions, "query" | "body" | "params"> & {
  query?: QueryOf<E>;
  params?: ParamsOf<E>;
};

interface ApiClient {
  /** GET an endpoint of the contract's table (packages/contract/src/endpoints): query and result typed. */
  get<P extends PathsOf<"GET">>(path: P, options?: Typed<Get<P>>): Promise<ResultOf<Get<P>>>;
  /** POST to an endpoint of the contract's table: body and result typed. */
  post<P extends PathsOf<"POST">>(
    path: P,
    ...args: undefined extends BodyOf<Post<P>>
      ? [body?: BodyOf<Post<P>>, options?: Typed<Post<P>>]
      : [body: BodyOf<Post<P>>, options?: Typed<Post<P>>]
  ): Promise<ResultOf<Post<P>>>;
}

export const api: ApiClient = {
  get: (path: string, options?: RequestOptions) => apiRequest("GET", path, options as RequestOptions),
  post: (path: string, body?: unknown, options?: RequestOptions) =>
    apiRequest("POST", path, { ...(options as RequestOptions), body }),
} as ApiClient;

/**
 * GET an endpoint that answers with a file (a statement PDF, a CSV export) and hand it to the
 * browser as a download named as the server names it. A 401 goes to the login screen like
 * apiRequest; other failures throw an ApiError with the server's message (from the envelope)
 * for the caller to show next to the control, without a toast.
 */
export async function apiDownload<P extends PathsOf<"GET">>(path: P, query: QueryOf<Get<P>>): Promise<string> {
  const headers: Record<string, string> = { "X-Lang": currentLang() };
  const token = useUserStore.getState().token;
  if (token) headers["X-Access-Token"] = token;
  let response: Response;
  try {
    response = await fetch(buildUrl(path, query as RequestOptions["query"]), { headers });
  } catch {
    throw new ApiError(0, i18n.t("common:networkError"), "network");
  }
  if (!response.ok) {
    const envelope = (await response.json().catch(() => null)) as Envelope<unknown> | null;
    const message = envelope?.message || i18n.t("common:error");
    if (response.status === 401) {
      useUserStore.getState().clearSession();
      authRedirect.toLogin();
    }
    throw new ApiError(response.status, message, "api", response.headers);
  }
  const name = /filename="([^"]+)"/.exec(response.headers.get("content-disposition") ?? "")?.[1] ?? "download";
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement("a");
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
  return name;
}
