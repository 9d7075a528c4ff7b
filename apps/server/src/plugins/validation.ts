// Input rules in front of every route's schema: no control characters in strings, and no
// page deeper than MAX_PAGE_OFFSET records (after the schema).
// PostgreSQL refuses NUL in text (a 500 before this rule) and nothing a customer types
// needs the others. Query strings and path parameters may hold none of C0 (U+0000–U+001F)
// or DEL (U+007F); JSON bodies may keep TAB, LF and CR inside strings (multi-line chat
// messages, addresses) but nothing else from that range — in values and in object keys.
// C1 controls (U+0080–U+009F) and other Unicode pass: they store and display harmlessly.
// Also: the schema compilers Fastify would load by default (Ajv, fast-json-stringify)
// load only if a route ever needs them — the app validates and serialises with zod, and
// loading them cost a few hundred ms of every start.
import { createRequire } from "node:module";
import { MAX_PAGE_OFFSET } from "@candor/contract";
import type { FastifyInstance, FastifyRequest, FastifyServerOptions } from "fastify";
import fp from "fastify-plugin";
import { badRequest } from "../lib/errors";

// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point
const IN_URL = /[\u0000-\u001F\u007F]/;
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point
const IN_BODY = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;

/** The first string (value or key) holding a forbidden character: its dotted path, else null. */
export function findControlChars(
  value: unknown,
  forbidden: RegExp,
  path: string,
  root: string,
  depth = 0,
): string | null {
  if (typeof value === "string") return forbidden.test(value) ? path || root : null;
  if (value === null || typeof value !== "object" || depth > 64) return null;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = findControlChars(value[i], forbidden, path ? `${path}.${i}` : String(i), root, depth + 1);
      if (found !== null) return found;
    }
    return null;
  }
  // Only parsed JSON / query objects (plain, or null-prototype like the query parser's):
  // leave buffers, streams and multipart parts alone.
  const proto = Object.getPrototypeOf(value);
  if (proto !== Object.prototype && proto !== null && Object.getPrototypeOf(proto) !== null) return null;
  for (const key of Object.keys(value)) {
    const child = path ? `${path}.${key}` : key;
    if (forbidden.test(key)) return path || root;
    const found = findControlChars((value as Record<string, unknown>)[key], forbidden, child, root, depth + 1);
    if (found !== null) return found;
  }
  return null;
}

function checkRequest(request: FastifyRequest): void {
  const field =
    findControlChars(request.params, IN_URL, "", "params") ??
    findControlChars(request.query, IN_URL, "", "querystring") ??
    findControlChars(request.body, IN_BODY, "", "body");
  if (field !== null) throw badRequest("controlCharField", { field });
}

/** A validated page query past MAX_PAGE_OFFSET records (any route's pageNo × pageSize). */
export function pageTooDeep(query: unknown): boolean {
  if (query === null || typeof query !== "object") return false;
  const { pageNo, pageSize } = query as { pageNo?: unknown; pageSize?: unknown };
  return typeof pageNo === "number" && typeof pageSize === "number" && (pageNo - 1) * pageSize > MAX_PAGE_OFFSET;
}

async function validationPlugin(app: FastifyInstance) {
  app.addHook("preValidation", (request, _reply, done) => {
    try {
      checkRequest(request);
    } catch (err) {
      return done(err as Error);
    }
    done();
  });
  // After the schema: every list's pageNo and pageSize are numbers by now.
  app.addHook("preHandler", (request, _reply, done) => {
    if (pageTooDeep(request.query)) return done(badRequest("pageTooDeep", { max: MAX_PAGE_OFFSET }));
    done();
  });
}

export default fp(validationPlugin, { name: "validation" });

// Resolved from fastify's own folder: they are its dependencies, wherever npm put them.
const require = createRequire(createRequire(import.meta.url).resolve("fastify"));
type Factory = (...args: unknown[]) => unknown;
const lazyFactory = (pkg: string): Factory => {
  let factory: Factory | undefined;
  return (...args) => {
    factory ??= (require(pkg) as () => Factory)();
    return factory(...args);
  };
};

/** Fastify's `schemaController` option: the default compilers, loaded on first use only. */
export const lazySchemaController = {
  compilersFactory: {
    buildValidator: lazyFactory("@fastify/ajv-compiler"),
    buildSerializer: lazyFactory("@fastify/fast-json-stringify-compiler"),
  },
} as unknown as NonNullable<FastifyServerOptions["schemaController"]>;
