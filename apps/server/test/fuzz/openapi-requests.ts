// Requests built from the OpenAPI document: one valid-looking request per operation
// (examples derived from each schema), and that request under the mutations of
// ./mutations.ts.
import fs from "node:fs";
import path from "node:path";
import fc from "fast-check";
import { mutation } from "./mutations";

type Schema = {
  type?: string | string[];
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  enum?: unknown[];
  const?: unknown;
  default?: unknown;
  example?: unknown;
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
  pattern?: string;
  format?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: boolean | number;
  minItems?: number;
  nullable?: boolean;
};

type Parameter = { in: "query" | "path" | "header"; name: string; required?: boolean; schema: Schema };

export interface Operation {
  method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  /** OpenAPI path with {name} placeholders. */
  path: string;
  secured: boolean;
  params: Parameter[];
  body: Schema | undefined;
}

export interface FuzzRequest {
  method: Operation["method"];
  url: string;
  headers: Record<string, string>;
  payload?: string;
  /** What was changed, for the failure report. */
  mutations: string[];
}

const DOC = path.resolve(import.meta.dirname, "../../../../packages/contract/openapi.json");

export function readOperations(): Operation[] {
  const doc = JSON.parse(fs.readFileSync(DOC, "utf8")) as {
    paths: Record<string, Record<string, { security?: unknown[]; parameters?: Parameter[]; requestBody?: unknown }>>;
  };
  const ops: Operation[] = [];
  for (const [p, methods] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(methods)) {
      const body = (op.requestBody as { content?: Record<string, { schema?: Schema }> } | undefined)?.content?.[
        "application/json"
      ]?.schema;
      ops.push({
        method: method.toUpperCase() as Operation["method"],
        path: p,
        secured: (op.security?.length ?? 0) > 0,
        params: op.parameters ?? [],
        body,
      });
    }
  }
  return ops;
}

// ------------------------------------------------------------------ valid examples

const PATTERN_CANDIDATES = [
  "BTCUSDT",
  "abc123",
  "2024-01-15",
  "+1 555 0100",
  "0123456789abcdef0123456789abcdef.png",
  "a.b_c",
  "10",
  "1.5",
  "US",
];

function stringExample(s: Schema): string {
  if (s.format === "email") return "fuzz@example.com";
  if (s.format === "date-time") return new Date().toISOString();
  if (s.format === "uuid") return "00000000-0000-4000-8000-000000000000";
  const min = s.minLength ?? 1;
  if (s.pattern) {
    const re = new RegExp(s.pattern);
    const hit = PATTERN_CANDIDATES.find((c) => re.test(c) && c.length >= min && c.length <= (s.maxLength ?? 1e9));
    if (hit) return hit;
  }
  return "a".repeat(Math.max(1, min));
}

export function exampleOf(s: Schema | undefined, depth = 0): unknown {
  if (!s || depth > 8) return null;
  if (s.example !== undefined) return s.example;
  if (s.const !== undefined) return s.const;
  if (s.enum?.length) return s.enum[0];
  if (s.default !== undefined) return s.default;
  const choice = s.anyOf ?? s.oneOf;
  if (choice?.length) {
    const nonNull = choice.find((c) => c.type !== "null" && !(c.enum?.length === 1 && c.enum[0] === null));
    return exampleOf(nonNull ?? choice[0], depth + 1);
  }
  if (s.allOf?.length) return Object.assign({}, ...s.allOf.map((x) => exampleOf(x, depth + 1) as object));
  const type = Array.isArray(s.type) ? s.type.find((t) => t !== "null") : s.type;
  switch (type) {
    case "object": {
      const out: Record<string, unknown> = {};
      for (const [k, v] of Object.entries(s.properties ?? {})) out[k] = exampleOf(v, depth + 1);
      return out;
    }
    case "array":
      return Array.from({ length: Math.max(1, s.minItems ?? 1) }, () => exampleOf(s.items, depth + 1));
    case "integer":
    case "number": {
      const min = s.minimum ?? 1;
      return s.exclusiveMinimum === true ? min + 1 : min;
    }
    case "boolean":
      return true;
    case "string":
      return stringExample(s);
    default:
      return s.properties ? exampleOf({ ...s, type: "object" }, depth) : "a";
  }
}

type Leaf = (string | number)[];

function leaves(value: unknown, at: Leaf = [], out: Leaf[] = []): Leaf[] {
  if (value !== null && typeof value === "object") {
    if (at.length > 0) out.push(at);
    for (const [k, v] of Object.entries(value)) leaves(v, [...at, Array.isArray(value) ? Number(k) : k], out);
  } else if (at.length > 0) out.push(at);
  return out;
}

function setAt(root: unknown, at: Leaf, value: unknown, remove = false): void {
  let node = root as Record<string | number, unknown>;
  for (const key of at.slice(0, -1)) node = node[key] as Record<string | number, unknown>;
  const last = at[at.length - 1] as string | number;
  if (remove) delete node[last];
  else node[last] = value;
}

/** The operation's valid-looking request, before any mutation. */
export function baseRequest(op: Operation) {
  const params: Record<string, string> = {};
  for (const p of op.params) {
    if (p.in === "path" || p.required) params[`${p.in}:${p.name}`] = String(exampleOf(p.schema));
  }
  return { params, body: op.body ? exampleOf(op.body) : undefined };
}

/** encodeURIComponent, except that a lone surrogate goes out as its (invalid) UTF-8 bytes. */
function encode(value: string): string {
  let out = "";
  for (const ch of value) {
    const u = ch.charCodeAt(0);
    if (ch.length === 1 && u >= 0xd800 && u <= 0xdfff) {
      out += [0xe0 | (u >> 12), 0x80 | ((u >> 6) & 0x3f), 0x80 | (u & 0x3f)]
        .map((b) => `%${b.toString(16).toUpperCase()}`)
        .join("");
    } else out += encodeURIComponent(ch);
  }
  return out;
}

export function render(
  op: Operation,
  params: Record<string, string>,
  raw: Record<string, string>,
  body: { value: unknown } | { text: string } | undefined,
  headers: Record<string, string>,
  mutations: string[],
): FuzzRequest {
  const url = op.path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const key = `path:${name}`;
    return raw[key] ?? encode(params[key] ?? "1");
  });
  const query = Object.entries(params)
    .filter(([k]) => k.startsWith("query:"))
    .map(([k, v]) => `${encode(k.slice(6))}=${raw[k] ?? encode(v)}`);
  const req: FuzzRequest = {
    method: op.method,
    url: query.length > 0 ? `${url}?${query.join("&")}` : url,
    headers: { ...headers },
    mutations,
  };
  if (body !== undefined && op.method !== "GET") {
    req.headers["content-type"] = "application/json";
    req.payload = "text" in body ? body.text : JSON.stringify(body.value);
  }
  return req;
}

/** Mutated requests for one operation (1–3 mutations each). */
export function mutatedRequests(op: Operation, count: number, seed: number): FuzzRequest[] {
  const mutationLists = fc.sample(fc.array(mutation, { minLength: 1, maxLength: 3 }), { numRuns: count, seed });
  return mutationLists.map((list) => {
    const base = baseRequest(op);
    const params = { ...base.params };
    const raw: Record<string, string> = {};
    const headers: Record<string, string> = {};
    let body: { value: unknown } | { text: string } | undefined =
      base.body === undefined && op.method === "GET" ? undefined : { value: structuredClone(base.body ?? {}) };
    const notes: string[] = [];
    const paramKeys = () => [
      ...new Set(
        [...Object.keys(params), ...op.params.map((p) => `${p.in}:${p.name}`)].filter((k) => !k.startsWith("header:")),
      ),
    ];
    for (const m of list) {
      const keys = paramKeys();
      switch (m.kind) {
        case "body-field": {
          if (!body || !("value" in body)) break;
          const all = leaves(body.value);
          const at = all[m.pick % Math.max(1, all.length)];
          if (at) setAt(body.value, at, structuredClone(m.value));
          else body = { value: structuredClone(m.value) };
          notes.push(`body ${at?.join(".") ?? "(whole)"} = ${preview(m.value)}`);
          break;
        }
        case "body-drop": {
          if (!body || !("value" in body)) break;
          const all = leaves(body.value);
          const at = all[m.pick % Math.max(1, all.length)];
          if (at) setAt(body.value, at, undefined, true);
          notes.push(`body drop ${at?.join(".")}`);
          break;
        }
        case "body-extra":
          if (body && "value" in body && body.value && typeof body.value === "object") {
            Object.defineProperty(body.value, m.key, {
              value: structuredClone(m.value),
              enumerable: true,
              configurable: true,
              writable: true,
            });
            notes.push(`body extra ${preview(m.key)} = ${preview(m.value)}`);
          }
          break;
        case "body-whole":
          if (op.method !== "GET") body = { value: structuredClone(m.value) };
          notes.push(`body = ${preview(m.value)}`);
          break;
        case "body-raw":
          if (op.method !== "GET") body = { text: m.text };
          notes.push(`raw body ${preview(m.text)}`);
          break;
        case "param": {
          const key = keys[m.pick % Math.max(1, keys.length)];
          if (key) params[key] = m.value;
          notes.push(`${key} = ${preview(m.value)}`);
          break;
        }
        case "param-drop": {
          const key = keys[m.pick % Math.max(1, keys.length)];
          if (key?.startsWith("query:")) delete params[key];
          notes.push(`drop ${key}`);
          break;
        }
        case "param-raw": {
          const key = keys[m.pick % Math.max(1, keys.length)];
          if (key) {
            params[key] = "";
            raw[key] = m.text;
          }
          notes.push(`${key} raw ${m.text}`);
          break;
        }
        case "query-extra":
          params[`query:${m.key}`] = m.value;
          notes.push(`query ${m.key} = ${preview(m.value)}`);
          break;
        case "header":
          headers[m.name] = m.value;
          notes.push(`header ${m.name} = ${preview(m.value)}`);
          break;
      }
    }
    return render(op, params, raw, body, headers, notes);
  });
}

export function preview(value: unknown): string {
  const text = typeof value === "string" ? JSON.stringify(value) : (JSON.stringify(value) ?? String(value));
  return text.length > 80 ? `${text.slice(0, 77)}… (${text.length} chars)` : text;
}
