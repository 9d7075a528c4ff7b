// Request language, the one error handler, and the 404 envelope for unknown /api paths.
// 4xx messages are translated by X-Lang; 5xx details are logged and never sent.
import { type Lang, parseLang } from "@candor/contract";
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { hasZodFastifySchemaValidationErrors } from "fastify-type-provider-zod";
import { type MessageKey, type MessageParams, t } from "../i18n";
import { failure } from "../lib/envelope";
import { AppError } from "../lib/errors";

declare module "fastify" {
  interface FastifyRequest {
    lang: Lang;
  }
}

type Issue = { keyword: string; instancePath: string; params: Record<string, unknown> };

/** Turn the first validation issue into a translated message naming the field. */
function validationMessage(lang: Lang, issues: Issue[], context: string | undefined): string {
  const issue = issues[0];
  const path = issue?.instancePath.replace(/^\//, "").replace(/\//g, ".") ?? "";
  const field = path || context || "body";
  let key: MessageKey = "invalidField";
  if (issue?.keyword === "invalid_type" && issue.params.input === undefined) key = "requiredField";
  else if (issue?.keyword === "too_small") key = "tooShortField";
  else if (issue?.keyword === "too_big") key = "tooLongField";
  return t(lang, key, { field });
}

const statusKeys: Record<number, MessageKey> = {
  400: "badRequest",
  401: "notLoggedIn",
  403: "forbidden",
  404: "notFound",
  409: "conflict",
  413: "payloadTooLarge",
  415: "unsupportedMediaType",
  429: "tooManyRequests",
  503: "unavailable",
};

export function sendError(reply: FastifyReply, status: number, key: MessageKey, params?: MessageParams) {
  return reply.code(status).send(failure(status, t(reply.request.lang, key, params)));
}

async function envelopePlugin(app: FastifyInstance) {
  app.decorateRequest("lang", "en-us");
  // The request-wide hooks are synchronous callbacks (no promise and microtask per request).
  app.addHook("onRequest", (request, _reply, done) => {
    request.lang = parseLang(request.headers["x-lang"]);
    done();
  });

  // Successful envelopes say "Success" in the caller's language.
  app.addHook("preSerialization", (request, _reply, payload, done) => {
    if (payload && typeof payload === "object" && (payload as { success?: unknown }).success === true) {
      const p = payload as { message: string };
      if (p.message === "Success") p.message = t(request.lang, "ok");
    }
    done(null, payload);
  });

  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    const lang = request.lang ?? "en-us";
    if (error instanceof AppError) {
      const body = failure(error.status, t(lang, error.key, error.params));
      return reply.code(error.status).send(error.result === null ? body : { ...body, result: error.result });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      return reply
        .code(400)
        .send(failure(400, validationMessage(lang, error.validation as Issue[], error.validationContext)));
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const key: MessageKey =
        error.code === "FST_ERR_CTP_INVALID_JSON_BODY" || error instanceof SyntaxError
          ? "invalidBody"
          : (statusKeys[status] ?? "badRequest");
      return reply.code(status).send(failure(status, t(lang, key)));
    }
    request.log.error({ err: error }, "request failed");
    const code = status === 503 ? 503 : 500;
    return reply.code(code).send(failure(code, t(lang, code === 503 ? "unavailable" : "internalError")));
  });
}

export default fp(envelopePlugin, { name: "envelope" });

/** Not-found handling: envelope 404 for /api, the app entry for everything else. */
export function apiNotFound(request: FastifyRequest, reply: FastifyReply) {
  const path = request.url.split("?")[0] ?? request.url;
  return sendError(reply, 404, "apiNotFound", { method: request.method, path });
}
