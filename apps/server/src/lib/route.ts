// One declaration per endpoint: method, path, who may call it, the zod shapes of its input
// and result, and a one-line handler. The OpenAPI document comes from the same shapes.
//
//   route(app, { method: "GET", url: "/api/prod/appProductInfo/list", auth: "public", tags,   // or "user", or { roles: ["finance"] }
//     summary: "Earn products", query: EarnProductListQuery, result: z.array(EarnProduct) },
//     ({ query, request }) => service.products(request.lang, query.type));
import { envelope, type StaffRole } from "@candor/contract";
import type { FastifyContextConfig, FastifyInstance, FastifyRequest } from "fastify";
import type { z } from "zod";
import { ok } from "./envelope";

/** Who may call: anyone, a logged-in customer, or staff with one of the roles (admin always). */
type Auth = "public" | "user" | { roles: StaffRole[] };

export interface RouteSpec<Q extends z.ZodType, B extends z.ZodType, P extends z.ZodType, R extends z.ZodType> {
  method: "GET" | "POST" | "PUT" | "DELETE";
  url: string;
  auth: Auth;
  tags: string[];
  summary: string;
  query?: Q;
  body?: B;
  params?: P;
  result: R;
  /** Route config, e.g. `{ auditTarget, auditBefore }` for staff actions (see staff/plugin.ts). */
  config?: FastifyContextConfig;
}

export interface RouteInput<Q, B, P> {
  query: Q;
  body: B;
  params: P;
  request: FastifyRequest;
}

export function route<
  Q extends z.ZodType = z.ZodUnknown,
  B extends z.ZodType = z.ZodUnknown,
  P extends z.ZodType = z.ZodUnknown,
  R extends z.ZodType = z.ZodUnknown,
>(
  app: FastifyInstance,
  spec: RouteSpec<Q, B, P, R>,
  handler: (input: RouteInput<z.output<Q>, z.output<B>, z.output<P>>) => Promise<z.input<R>>,
): void {
  const auth = spec.auth;
  const onRequest = auth === "user" ? app.requireUser : auth === "public" ? undefined : app.requireRole(...auth.roles);
  app.route({
    method: spec.method,
    url: spec.url,
    ...(onRequest ? { onRequest } : {}),
    ...(spec.config ? { config: spec.config } : {}),
    schema: {
      tags: spec.tags,
      summary: spec.summary,
      ...(spec.auth === "public" ? {} : { security: [{ accessToken: [] }] }),
      ...(spec.query ? { querystring: spec.query } : {}),
      ...(spec.body ? { body: spec.body } : {}),
      ...(spec.params ? { params: spec.params } : {}),
      response: { 200: envelope(spec.result) },
    },
    handler: async (request) =>
      ok(
        await handler({
          query: request.query as z.output<Q>,
          body: request.body as z.output<B>,
          params: request.params as z.output<P>,
          request,
        }),
      ),
  });
}
