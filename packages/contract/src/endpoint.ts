// One declaration per endpoint: method, path, who may call it, and the zod shapes of its
// input and result. The server registers and documents routes from these declarations
// (apps/server/src/lib/route.ts); the web and console clients are typed from them, so a
// call to a path that does not exist, or with the wrong query or body, fails the type check.
//
// Paths live in `./paths/<area>.ts` (plain strings, no zod: the front ends import them at
// run time without pulling the schemas); the endpoint tables in `./endpoints/<area>.ts`
// pair each path with its shapes. Front ends import the tables with `import type` only.
import type { z } from "zod";
import type { StaffRole } from "./staff";

export type HttpMethod = "GET" | "POST" | "PUT" | "DELETE";

/**
 * Who may call: anyone, a logged-in customer, a support-chat token (a guest's or a customer's;
 * the chat module checks it), or staff with one of the roles (admin always).
 */
export type EndpointAuth = "public" | "user" | "chat" | { readonly roles: readonly StaffRole[] };

/** Error statuses an endpoint can answer with besides the ones every endpoint of its kind can give. */
export type ErrorStatus = 400 | 401 | 403 | 404 | 409 | 413 | 415 | 429 | 503;

export interface Endpoint {
  readonly method: HttpMethod;
  readonly path: string;
  readonly auth: EndpointAuth;
  readonly tags: readonly string[];
  readonly summary: string;
  /** Longer text for the OpenAPI document (errors and rules). */
  readonly description?: string;
  readonly query?: z.ZodType;
  readonly body?: z.ZodType;
  readonly params?: z.ZodType;
  /** The envelope's `result`. */
  readonly result: z.ZodType;
  /** The body is multipart/form-data (uploads): `body` describes its text fields. */
  readonly multipart?: boolean;
  /** Statuses this endpoint answers with beyond the defaults of its auth and input (documented). */
  readonly errors?: readonly ErrorStatus[];
  /**
   * An error status whose envelope carries a `result` (what still blocks, what would be
   * accepted now) instead of null: its shape, documented for that status (null in the other
   * cases of the same status).
   */
  readonly errorResults?: Partial<Record<ErrorStatus, z.ZodType>>;
  /** The 200 answer is this file type, not the JSON envelope (errors still are the envelope). */
  readonly produces?: "application/pdf" | "text/csv";
}

/** Declares an endpoint; keeps its literal types so clients can look it up by method and path. */
export function endpoint<const E extends Endpoint>(e: E): E {
  return e;
}

/** Declares an area's table of endpoints. */
export function endpoints<const T extends Record<string, Endpoint>>(table: T): T {
  return table;
}

type Out<S> = S extends z.ZodType ? z.output<S> : never;
type In<S> = S extends z.ZodType ? z.input<S> : never;

/** What the client receives in the envelope's `result`. */
export type ResultOf<E extends Endpoint> = Out<E["result"]>;
/** What the client may send as the query string (before defaults). */
export type QueryOf<E extends Endpoint> = E["query"] extends z.ZodType ? In<E["query"]> : undefined;
/** What the client sends as the JSON body (before defaults); FormData for multipart endpoints. */
export type BodyOf<E extends Endpoint> = E["multipart"] extends true
  ? FormData
  : E["body"] extends z.ZodType
    ? In<E["body"]>
    : undefined;
/** The path parameters. */
export type ParamsOf<E extends Endpoint> = E["params"] extends z.ZodType ? In<E["params"]> : undefined;
