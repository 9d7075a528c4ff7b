// The error responses an operation can give, for the OpenAPI document. Generated from the
// route's declaration (lib/route.ts: method, path, auth, input shapes and the endpoint's
// `errors` list) by the same rules the server answers by:
//   400  every operation: a control character in the query string or path (plugins/validation.ts);
//        and a query, path or body that does not match its schema, an unparseable JSON body,
//        a page past MAX_PAGE_OFFSET records, a broken multipart body, as the route has them
//   401  "user" and staff routes: no session, or one that ended (plugins/auth.ts, staff/plugin.ts)
//   403  staff routes: a customer's session, or a role that may not (staff/plugin.ts)
//   413  POST / PUT / DELETE (Fastify reads a body on each): past the body limit (1 MiB,
//        app.ts), or a file's size limit
//   415  POST / PUT / DELETE: a Content-Type the route does not parse (JSON, or multipart)
//   429  every rate-limited route (/api and /dev, plugins/security.ts)
//   404  routes with a path parameter (the record it names)
//   and every status in the endpoint's `errors` (404, 409, 403, 429, 503 …) or named in its
//   summary or description ("409 while another entry is live"), with its reasons.
// Each is the error envelope {success: false, code, message, result: null, timestamp}, except
// a status the endpoint's `errorResults` gives a shape: its result is that shape or null. They
// are documentation only: the route's serializer never sees them (the error handler in
// plugins/envelope.ts answers every error with that envelope).
import { ErrorEnvelope, type ErrorStatus, envelope, MAX_PAGE_OFFSET } from "@candor/contract";
import { z } from "zod";

/** The error envelope as a named OpenAPI component (#/components/schemas/ErrorEnvelope). */
export const DocumentedErrorEnvelope = ErrorEnvelope.meta({
  id: "ErrorEnvelope",
  description:
    "Every error: success false, code = the HTTP status, message translated by X-Lang, result null (unless the " +
    "operation documents a result for that status)",
});

/** The error envelope of a status whose result has a shape (the endpoint's `errorResults`). */
const errorEnvelopeWith = (result: z.ZodType) => envelope(z.union([result, z.null()]));

/** What decides an operation's error responses. */
export interface ErrorResponseFacts {
  method: string;
  path: string;
  /** "public", "user", or staff roles. */
  auth: "public" | "user" | "staff";
  query?: z.ZodType | undefined;
  body?: z.ZodType | undefined;
  params?: z.ZodType | undefined;
  multipart?: boolean | undefined;
  /** Statuses the endpoint declares beyond the defaults (its table's `errors`). */
  errors?: readonly ErrorStatus[] | undefined;
  /** Statuses whose envelope carries a result of this shape (else null). */
  errorResults?: Partial<Record<ErrorStatus, z.ZodType>> | undefined;
  /** The summary and description: a status they name ("409 while …", "others 404") is declared too. */
  text?: string | undefined;
  /** Counted by the global rate limit (an /api or /dev route without `rateLimit: false`). */
  rateLimited: boolean;
}

/** One documented error response: its reasons and the envelope. */
export interface ErrorResponse {
  description: string;
  content: { "application/json": { schema: z.ZodType } };
}

const BODY_METHODS = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/** Whether a zod object shape has an `id` or `…Id` field (it names a record). */
function namesRecord(shape: z.ZodType | undefined): boolean {
  const keys = Object.keys((shape as { shape?: Record<string, unknown> } | undefined)?.shape ?? {});
  return keys.some((key) => key === "id" || key === "ids" || /[a-z]Id$/.test(key));
}

/**
 * Statuses that routes not yet moved onto the route table answer (found by
 * `npm run check:openapi`) and declare nowhere else. When a route moves to
 * packages/contract/src/endpoints, its entry goes into the endpoint's `errors` and leaves here.
 */
const NOT_YET_IN_TABLE: Record<string, readonly ErrorStatus[]> = {
  "GET /api/staff/me": [403],
  "GET /api/operator/ieo/entries": [404],
  "GET /api/prod/appProductOrder/fills": [404],
  "GET /api/prod/appProductOrder/incomeList": [404],
  "POST /api/app/googleSecretLogin": [401],
  "POST /api/app/guestLogin": [409],
  "POST /api/auth/appAuth/applyAdvanced": [409],
  "POST /api/operator/earn/debt/{id}/cancel": [409],
  "POST /api/operator/jobs/rerun": [409],
  "POST /api/operator/loans/identity-checks/{userId}/decide": [409],
  "POST /api/prod/appLoanIdentity/submit": [409],
  "POST /api/staff/login": [401],
  "POST /api/staff/logout": [403],
  "POST /api/user/appLevels/claimGift": [404],
  "POST /api/user/appLevels/openEnvelope": [404],
  "POST /api/user/appUser/revokeSession": [404],
  "POST /api/user/appUser/unbindGoogleAuth": [409],
  "POST /api/user/kyc/advanced": [409],
  "POST /api/user/appUserWithdrawalInfoSet/editAccount": [404],
  "POST /api/user/appUserWithdrawalInfoSet/updateAccount": [404],
  "POST /dev/market/dailyClose": [404],
};

/** Whether a zod object shape has a `pageNo` (a paged list). */
function isPaged(query: z.ZodType | undefined): boolean {
  const shape = (query as { shape?: Record<string, unknown> } | undefined)?.shape;
  return Boolean(shape && "pageNo" in shape);
}

/** Generic reasons for the statuses an endpoint declares (its description says which ones). */
const DECLARED_REASONS: Record<ErrorStatus, string> = {
  400: "the request breaks a rule of this operation (the message says which)",
  401: "not logged in, or the session ended",
  403: "the caller may not do this (the message says why: a product closed to the caller, a role that may not, a rule against this account)",
  404: "what the request names does not exist (or is not the caller's)",
  409: "the request does not fit the current state (the message says why: already done, not enough balance, closed, changed meanwhile)",
  413: "the body or file is too large",
  415: "the body's or file's type is not accepted",
  429: "too many attempts: wait (the message says how long)",
  503: "not available right now (no market price yet, the database busy, a provider down): try again",
};

const NAMED_STATUS = /(?<![\d.,])(400|401|403|404|409|413|415|429|503)(?![\d.,])/g;

/** The error statuses an operation's own text names ("409 while another entry is live"). */
export function namedStatuses(text: string | undefined): ErrorStatus[] {
  return [...(text ?? "").matchAll(NAMED_STATUS)].map((m) => Number(m[1]) as ErrorStatus);
}

/** The error statuses and their reasons, in status order. */
export function errorReasons(facts: ErrorResponseFacts): Map<ErrorStatus, string[]> {
  const reasons = new Map<ErrorStatus, string[]>();
  const add = (status: ErrorStatus, reason: string) => {
    const list = reasons.get(status) ?? [];
    if (!list.includes(reason)) list.push(reason);
    reasons.set(status, list);
  };
  // Fastify reads a body on every POST, PUT and DELETE, whether the route declares one or not.
  const takesBody = BODY_METHODS.has(facts.method);

  // 400: the input rules.
  if (facts.query) add(400, "a query parameter is missing or invalid (the message names it)");
  if (facts.params) add(400, "a path parameter is invalid (the message names it)");
  if (facts.body && !facts.multipart) add(400, "a body field is missing or invalid (the message names it)");
  if (facts.multipart) add(400, "a broken multipart body (no boundary, cut short) or a missing file");
  if (takesBody && !facts.multipart) add(400, "the body is not valid JSON");
  if (isPaged(facts.query)) add(400, `a page past ${MAX_PAGE_OFFSET} records (pageNo × pageSize)`);
  add(400, "a control character in the query string, path or body");

  // 401 / 403: who may call.
  if (facts.auth === "user") add(401, "no X-Access-Token, or its session ended or was revoked");
  if (facts.auth === "staff") {
    add(401, "no staff session (log in to the console)");
    add(403, "a customer's session, or a staff role that may not do this");
  }

  // 413 / 415: the body.
  if (takesBody) {
    if (facts.multipart) {
      add(413, "the file is larger than its kind allows (images 5 MB, videos 50 MB)");
      add(415, "not multipart/form-data, or a file whose content is not an accepted image or video");
    } else {
      add(413, "the body is larger than 1 MiB");
      add(415, "a body whose Content-Type is not application/json");
    }
  }

  if (facts.rateLimited) add(429, "more requests from this address in a minute than the limit (RATE_LIMIT_PER_MINUTE)");

  // A path parameter or an id in the query or body names a record: one that does not exist
  // (or is not the caller's) is 404.
  if (facts.params || namesRecord(facts.query) || namesRecord(facts.body))
    add(404, "no record with that id (or not the caller's)");
  const declared = [
    ...(facts.errors ?? []),
    ...namedStatuses(facts.text),
    ...(NOT_YET_IN_TABLE[`${facts.method} ${facts.path.replace(/:(\w+)/g, "{$1}")}`] ?? []),
  ];
  for (const status of declared) add(status, DECLARED_REASONS[status]);
  return new Map([...reasons.entries()].sort(([a], [b]) => a - b));
}

/** The operation's error responses, keyed by status, for the route schema's `response`. */
export function errorResponses(facts: ErrorResponseFacts): Record<string, ErrorResponse> {
  const out: Record<string, ErrorResponse> = {};
  for (const [status, reasons] of errorReasons(facts)) {
    out[String(status)] = {
      description: `${reasons.join("; ").replace(/^./, (c) => c.toUpperCase())}.`,
      content: {
        "application/json": {
          schema: facts.errorResults?.[status]
            ? errorEnvelopeWith(facts.errorResults[status])
            : DocumentedErrorEnvelope,
        },
      },
    };
  }
  return out;
}
