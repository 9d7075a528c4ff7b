// OpenAPI 3 document generated from the route schemas (/api/docs/json) and a docs page.

import { staffPaths, systemPaths } from "@candor/contract";
import swagger from "@fastify/swagger";
import swaggerUi from "@fastify/swagger-ui";
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { jsonSchemaTransform, jsonSchemaTransformObject } from "fastify-type-provider-zod";
import { type ErrorResponseFacts, errorResponses } from "../lib/error-responses";
import { isLimitedRoute } from "./security";

const NO_SUCCESS_SCHEMA = "x-no-success-schema";
type Operation = Record<string, unknown> & { responses?: Record<string, unknown> };
type TransformInput = Parameters<typeof jsonSchemaTransform>[0];
type RouteSchema = NonNullable<TransformInput["schema"]> & Record<string, unknown>;

/**
 * The error responses of a route not registered through lib/route.ts (which works them out
 * from the endpoint's declaration): from its schema, security and declared statuses.
 */
function rawRouteFacts(route: TransformInput["route"], schema: RouteSchema): ErrorResponseFacts {
  const methods = ([] as string[]).concat(route.method);
  const url = route.url;
  const declared = Object.keys((schema.response as Record<string, unknown> | undefined) ?? {})
    .map(Number)
    .filter((status) => status >= 400) as ErrorResponseFacts["errors"];
  const consumes = schema.consumes as string[] | undefined;
  return {
    method: methods.find((m) => m !== "GET" && m !== "HEAD") ?? methods[0] ?? "GET",
    path: url,
    auth: !schema.security ? "public" : url.startsWith(staffPaths.operatorPrefix) ? "staff" : "user",
    query: schema.querystring as ErrorResponseFacts["query"],
    body: schema.body as ErrorResponseFacts["body"],
    params: schema.params as ErrorResponseFacts["params"],
    multipart: consumes?.includes("multipart/form-data") ?? false,
    errors: declared,
    text: `${schema.summary ?? ""} ${schema.description ?? ""}`,
    rateLimited: isLimitedRoute(url) && route.config?.rateLimit !== false,
  };
}

/**
 * Adds each operation's error responses (lib/error-responses.ts) to its schema, then turns
 * the zod shapes into JSON Schema; the envelope is one component, ErrorEnvelope.
 */
function transform(input: TransformInput) {
  const schema = input.schema as RouteSchema | undefined;
  if (!schema || schema.hide || !isLimitedRoute(input.route.url)) return jsonSchemaTransform(input);
  const documented = input.route.config?.errorResponses ?? errorResponses(rawRouteFacts(input.route, schema));
  const success = Object.fromEntries(
    Object.entries((schema.response as Record<string, unknown> | undefined) ?? {}).filter(
      ([status]) => Number(status) < 400,
    ),
  );
  const result = jsonSchemaTransform({ ...input, schema: { ...schema, response: { ...success, ...documented } } });
  // No success schema (a file, a websocket): swagger's plain 200 is put back in transformObject.
  // A file endpoint (lib/route.ts fileRoute) names its media type: documented as a binary 200.
  if (!schema.response)
    return { ...result, schema: { ...result.schema, [NO_SUCCESS_SCHEMA]: schema["x-produces"] ?? true } };
  return result;
}

/**
 * The zod components (the ErrorEnvelope), without the input twin nothing refers to; an
 * operation without a success schema (a file, a websocket) keeps swagger's plain 200, first.
 */
function transformObject(input: Parameters<typeof jsonSchemaTransformObject>[0]) {
  const document = jsonSchemaTransformObject(input);
  const schemas = (document as { components?: { schemas?: Record<string, unknown> } }).components?.schemas;
  delete schemas?.ErrorEnvelopeInput;
  const paths = (document as { paths?: Record<string, Record<string, Operation>> }).paths ?? {};
  for (const operations of Object.values(paths)) {
    for (const operation of Object.values(operations)) {
      const produces = operation[NO_SUCCESS_SCHEMA];
      if (!produces) continue;
      delete operation[NO_SUCCESS_SCHEMA];
      delete operation["x-produces"];
      const file =
        typeof produces === "string"
          ? { description: "The file", content: { [produces]: { schema: { type: "string", format: "binary" } } } }
          : { description: "Default Response" };
      operation.responses = { 200: file, ...operation.responses };
    }
  }
  return document;
}

async function docsPlugin(app: FastifyInstance) {
  await app.register(swagger, {
    openapi: {
      openapi: "3.0.3",
      info: {
        title: "Candor API",
        description:
          "Every response is the envelope {success, code, message, result, timestamp}. " +
          "Authenticate with the X-Access-Token header; choose the message language with X-Lang. " +
          "The original mobile client's paths (docs/seed-api.md) are served too: where one names an existing call it is " +
          "an alias of it (one implementation, the alias's description names the original); " +
          `${systemPaths.declined} is declined and always answers 404.`,
        version: "0.1.0",
      },
      components: {
        securitySchemes: { accessToken: { type: "apiKey", in: "header", name: "X-Access-Token" } },
      },
    },
    transform,
    transformObject,
  });
  await app.register(swaggerUi, { routePrefix: systemPaths.docs, staticCSP: true });
}

export default fp(docsPlugin, { name: "docs" });
