// Fuzzes every operation of the OpenAPI document (packages/contract/openapi.json) on a
// real database: for each one, a NUL byte in every string it takes must give 400 naming
// the field, and mutated requests (control characters, huge strings, Unicode, wrong
// types, missing/extra fields, out-of-range numbers, garbage path parameters and
// headers) must never give a 5xx. Customers call the customer API, operators the
// operator API. FUZZ_RUNS (per operation, default 30) and FUZZ_SEED change the run.
import { describe, expect, it } from "vitest";
import { auth, createOperator, newIp, registerCustomer } from "../factory";
import { setupApp } from "../helper";
import {
  baseRequest,
  exampleOf,
  type FuzzRequest,
  mutatedRequests,
  type Operation,
  preview,
  readOperations,
  render,
} from "./openapi-requests";

const RUNS = Number(process.env.FUZZ_RUNS ?? 30);
const SEED = Number(process.env.FUZZ_SEED ?? 20261123);

const { app, database } = await setupApp();
const operations = readOperations();
const tokens = { customer: "", operator: "" };
const identity = (op: Operation) => (op.path.startsWith("/api/operator/") ? "operator" : "customer");

async function login(who: "customer" | "operator") {
  tokens[who] = who === "customer" ? (await registerCustomer(app)).token : (await createOperator(app, database)).token;
}
await login("customer");
await login("operator");

/** A fresh price for every symbol, so trading requests reach the code behind the price check. */
function tickEverySymbol() {
  for (const s of app.market.knownSymbols())
    app.market.ingest({ symbol: s.symbol, price: s.referencePrice, ts: Date.now() });
}

let sent = 0;

async function send(op: Operation, req: FuzzRequest) {
  const who = identity(op);
  const headers = { ...(op.secured ? auth(tokens[who]) : {}), ...req.headers };
  sent++;
  const res = await app.inject({
    method: req.method,
    url: req.url,
    headers,
    remoteAddress: newIp(),
    ...(req.payload !== undefined ? { payload: req.payload } : {}),
  });
  // Some requests end the session (log out, change password): carry on as a new caller.
  if (res.statusCode === 401 && op.secured && !("x-access-token" in req.headers)) await login(who);
  return res;
}

function describeFailure(req: FuzzRequest, status: number, body: string) {
  return [
    `${req.method} ${preview(req.url)} → ${status}`,
    `  mutations: ${req.mutations.join("; ")}`,
    `  headers: ${preview(req.headers)}`,
    `  payload: ${req.payload === undefined ? "(none)" : preview(req.payload)}`,
    `  response: ${preview(body)}`,
  ].join("\n");
}

/** One request per string the operation takes, with a NUL byte in it. */
function nulRequests(op: Operation): { field: string; req: FuzzRequest }[] {
  const base = baseRequest(op);
  const out: { field: string; req: FuzzRequest }[] = [];
  for (const p of op.params.filter((x) => x.in === "query" || x.in === "path")) {
    const params = { ...base.params, [`${p.in}:${p.name}`]: "a\u0000" };
    const body = base.body === undefined ? undefined : { value: base.body };
    out.push({ field: p.name, req: render(op, params, {}, body, {}, [`${p.name} = "a\\u0000"`]) });
  }
  const value = base.body;
  if (value && typeof value === "object" && !Array.isArray(value)) {
    for (const [key, v] of Object.entries(value)) {
      if (typeof v !== "string") continue;
      const body = { value: { ...value, [key]: `${v}\u0000` } };
      out.push({ field: key, req: render(op, base.params, {}, body, {}, [`body ${key} += "\\u0000"`]) });
    }
  }
  return out;
}

describe("fuzzing the OpenAPI document", () => {
  it("covers every operation of the document", () => {
    expect(operations.length).toBeGreaterThan(50);
    for (const op of operations) expect(exampleOf(op.body)).toBeDefined();
  });

  for (const [index, op] of operations.entries()) {
    it(`${op.method} ${op.path}: NUL in any string is a 400 naming the field; ${RUNS} mutated requests, no 5xx`, async () => {
      tickEverySymbol();
      const failures: string[] = [];
      for (const { field, req } of nulRequests(op)) {
        const res = await send(op, req);
        // 401/403/429 come first for some callers; every other answer must be the rule's 400.
        if (res.statusCode >= 500) failures.push(describeFailure(req, res.statusCode, res.body));
        else if (![401, 403, 429].includes(res.statusCode)) {
          expect(res.statusCode, describeFailure(req, res.statusCode, res.body)).toBe(400);
          expect(res.json().message).toBe(`${field} contains characters that are not allowed`);
        }
      }
      for (const req of mutatedRequests(op, RUNS, SEED + index)) {
        const res = await send(op, req);
        if (res.statusCode >= 500) failures.push(describeFailure(req, res.statusCode, res.body));
      }
      if (failures.length > 0)
        console.error(`${failures.length} requests got a 5xx:\n${failures.slice(0, 5).join("\n")}`);
      expect(failures.slice(0, 5), `${failures.length} requests got a 5xx`).toEqual([]);
    });
  }

  it("sent thousands of requests in all", () => {
    console.log(`openapi fuzz: ${sent} requests over ${operations.length} operations, none answered 5xx`);
    expect(sent).toBeGreaterThanOrEqual(operations.length * RUNS);
  });
});
