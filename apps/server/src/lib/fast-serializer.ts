// A response serializer for hot routes: the route's zod schema is turned into JSON Schema
// and compiled by fast-json-stringify (Fastify's own serializer) once, when the route is
// registered. Fields not in the schema are dropped and a missing required field fails the
// request (500) as before; unlike the zod serializer it does not re-validate each value
// (formats, patterns), which is what made it cost ~6 % of a request. Use it on routes whose
// output comes from our own code and tests, not on anything echoing stored free-form data.
import fastJson, { type Schema } from "fast-json-stringify";
import { z } from "zod";

type Json = Record<string, unknown>;

/** `anyOf: [{type: "string", …}, {type: "null"}]` → `type: ["string", "null"]` (fast-json-stringify's fast path). */
function simplify(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(simplify);
  if (!node || typeof node !== "object") return node;
  const out: Json = {};
  for (const [key, value] of Object.entries(node as Json)) {
    if (key === "$schema" || key === "description") continue;
    out[key] = simplify(value);
  }
  const anyOf = out.anyOf as Json[] | undefined;
  if (anyOf?.length === 2) {
    const other = anyOf.find((s) => s.type !== "null");
    const isNull = anyOf.some((s) => s.type === "null" && Object.keys(s).length === 1);
    if (isNull && other && typeof other.type === "string" && other.type !== "object" && other.type !== "array") {
      delete out.anyOf;
      Object.assign(out, other, { type: [other.type, "null"] });
    }
  }
  return out;
}

/** The JSON Schema fast-json-stringify compiles for a zod response schema. */
export function responseJsonSchema(schema: z.ZodType): Schema {
  return simplify(z.toJSONSchema(schema, { io: "output", target: "draft-7", unrepresentable: "any" })) as Schema;
}

/** Route option `serializerCompiler`: the schema is the route's zod response schema for a status. */
export function fastSerializerCompiler<S>({ schema }: { schema: S }): (data: unknown) => string {
  const stringify = fastJson(responseJsonSchema(schema as z.ZodType));
  return (data) => stringify(data);
}

/**
 * For public data that is the same for every caller (market data — never anything of a
 * customer's money): `value`'s JSON is made once per value, by identity, and kept as UTF-8
 * bytes while the service keeps returning the same (frozen) object. Pair it with okJson.
 */
export function sharedValueSerializer<T extends object>(schema: z.ZodType): (value: T) => Buffer {
  const stringify = fastJson(responseJsonSchema(schema));
  const made = new WeakMap<T, Buffer>();
  return (value) => {
    let json = made.get(value);
    if (json === undefined) {
      json = Buffer.from(stringify(value));
      made.set(value, json);
    }
    return json;
  };
}
