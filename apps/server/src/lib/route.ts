// Registers an endpoint of the contract's route table (packages/contract/src/endpoints):
// its method, path, who may call it, the zod shapes of its input and result, and the
// OpenAPI text all come from the table; here only the handler is written.
//
//   route(app, contestEndpoints.join, ({ body, user }) => service.join(user.id, body.id));
//
// The handler receives the parsed query, body and params, the request, and the caller:
// `user` (the customer, non-null on "user" endpoints) and `staff` (non-null on role endpoints).
import { type Endpoint, type EndpointAuth, envelope } from "@candor/contract";
import type {
  FastifyContextConfig,
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  onRequestHookHandler,
} from "fastify";
import type { z } from "zod";
import { isLimitedRoute } from "../plugins/security";
import { ok } from "./envelope";
import { type ErrorResponse, errorResponses } from "./error-responses";
import { unauthorized } from "./errors";
import type { fastSerializerCompiler } from "./fast-serializer";
import type { SessionUser } from "./sessions";

declare module "fastify" {
  interface FastifyContextConfig {
    /** The route's documented error responses (OpenAPI only; set by route() from its endpoint). */
    errorResponses?: Record<string, ErrorResponse>;
  }
}

type Parsed<S> = S extends z.ZodType ? z.output<S> : undefined;
type UserOf<A extends EndpointAuth> = A extends "user" ? SessionUser : SessionUser | null;
type StaffOf<A extends EndpointAuth> = A extends { roles: readonly unknown[] }
  ? NonNullable<FastifyRequest["staff"]>
  : FastifyRequest["staff"];

export interface RouteInput<E extends Endpoint> {
  query: Parsed<E["query"]>;
  body: Parsed<E["body"]>;
  params: Parsed<E["params"]>;
  request: FastifyRequest;
  /** The reply, for headers only (login challenges such as X-Captcha-Required); the envelope is route()'s. */
  reply: FastifyReply;
  /** The logged-in customer (always set on "user" endpoints). */
  user: UserOf<E["auth"]>;
  /** The logged-in staff member (always set on role endpoints). */
  staff: StaffOf<E["auth"]>;
}

export interface RouteOptions {
  /** Route config, e.g. `{ auditTarget, auditBefore }` for staff actions (see staff/plugin.ts). */
  config?: FastifyContextConfig;
  /** The caller check of a "chat" endpoint (a guest's or a customer's chat token); on others, run after the built-in one. */
  onRequest?: onRequestHookHandler;
  /** A larger body limit (multipart uploads). */
  bodyLimit?: number;
  /** The response serializer, e.g. `fastSerializerCompiler` for hot, large results. */
  serializerCompiler?: typeof fastSerializerCompiler;
}

/** A file answer of an endpoint that `produces` a file type (not the envelope). */
export interface FileAnswer {
  body: Buffer | string;
  /** The download's file name (Content-Disposition: attachment). */
  filename: string;
}

/**
 * Registers an endpoint whose 200 answer is a file (`produces`: a PDF, a CSV) instead of the
 * envelope; its errors are still the envelope.
 */
export function fileRoute<E extends Endpoint & { produces: string }>(
  app: FastifyInstance,
  spec: E,
  handler: (input: RouteInput<E>) => Promise<FileAnswer>,
  options: RouteOptions = {},
): void {
  register(app, spec, handler, options, async (answer, reply) => {
    const file = answer as FileAnswer;
    const ascii = file.filename.replace(/[^\w.-]/g, "_");
    reply
      .header("content-type", spec.produces === "text/csv" ? "text/csv; charset=utf-8" : spec.produces)
      .header("content-disposition", `attachment; filename="${ascii}"`)
      .header("cache-control", "private, no-store");
    return reply.send(file.body);
  });
}

export function route<E extends Endpoint>(
  app: FastifyInstance,
  spec: E,
  handler: (input: RouteInput<E>) => Promise<z.input<E["result"]>>,
  options: RouteOptions = {},
): void {
  if (spec.produces) throw new Error(`${spec.path}: an endpoint that produces a file is registered with fileRoute`);
  register(app, spec, handler, options, async (answer) => ok(answer));
}

function register<E extends Endpoint>(
  app: FastifyInstance,
  spec: E,
  handler: (input: RouteInput<E>) => Promise<unknown>,
  options: RouteOptions,
  answer: (value: unknown, reply: FastifyReply) => Promise<unknown>,
): void {
  const auth = spec.auth;
  const guard =
    auth === "user" ? app.requireUser : typeof auth === "object" ? app.requireRole(...auth.roles) : undefined;
  if (auth === "chat" && !options.onRequest)
    throw new Error(`${spec.path}: a "chat" endpoint needs its onRequest check`);
  const hooks = [guard, options.onRequest].filter((hook) => hook !== undefined);
  const onRequest = hooks.length > 1 ? hooks : hooks[0];
  const needsUser = auth === "user";
  const needsStaff = typeof auth === "object";
  app.route({
    method: spec.method,
    url: spec.path,
    ...(onRequest ? { onRequest } : {}),
    ...(options.bodyLimit ? { bodyLimit: options.bodyLimit } : {}),
    ...(options.serializerCompiler ? { serializerCompiler: options.serializerCompiler } : {}),
    config: {
      ...options.config,
      errorResponses: errorResponses({
        method: spec.method,
        path: spec.path,
        auth: typeof auth === "object" ? "staff" : auth === "chat" ? "user" : auth,
        query: spec.query,
        body: spec.body,
        params: spec.params,
        multipart: spec.multipart,
        errors: spec.errors,
        errorResults: spec.errorResults,
        text: `${spec.summary} ${spec.description ?? ""}`,
        rateLimited: isLimitedRoute(spec.path) && options.config?.rateLimit !== false,
      }),
    },
    schema: {
      tags: [...spec.tags],
      summary: spec.summary,
      ...(spec.description ? { description: spec.description } : {}),
      ...(auth === "public" ? {} : { security: [{ accessToken: [] }] }),
      ...(spec.multipart ? { consumes: ["multipart/form-data"] } : {}),
      ...(spec.query ? { querystring: spec.query } : {}),
      ...(spec.body && !spec.multipart ? { body: spec.body } : {}),
      ...(spec.params ? { params: spec.params } : {}),
      ...(spec.produces ? { "x-produces": spec.produces } : { response: { 200: envelope(spec.result) } }),
    },
    handler: async (request, reply) => {
      if (needsUser && !request.user) throw unauthorized();
      if (needsStaff && !request.staff) throw unauthorized("staffLoginRequired");
      return answer(
        await handler({
          query: request.query as Parsed<E["query"]>,
          body: request.body as Parsed<E["body"]>,
          params: request.params as Parsed<E["params"]>,
          request,
          reply,
          user: request.user as UserOf<E["auth"]>,
          staff: request.staff as StaffOf<E["auth"]>,
        }),
        reply,
      );
    },
  });
}
