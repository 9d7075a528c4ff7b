// IEO test helpers: API shorthands, a project created by an operator with times relative
// to the business clock, and an independent recomputation of the draw with node:crypto.
import { createHash, createHmac } from "node:crypto";
import { expect } from "vitest";
import type { App } from "../../src/app";
import { auth } from "../factory";

// biome-ignore lint/suspicious/noExplicitAny: response bodies are checked field by field
export type Json = any;

export const HOUR = 3600;

export function ieoApi(app: App) {
  const call = async (method: "GET" | "POST", url: string, token?: string, payload?: object) => {
    const res = await app.inject({
      method,
      url,
      headers: token ? auth(token) : {},
      payload: payload as Record<string, unknown> | undefined,
    });
    const body = res.json();
    return { status: res.statusCode, result: body.result as Json, message: body.message as string };
  };
  const P = "/api/prod";
  return {
    call,
    projects: (token?: string, q = "") => call("GET", `${P}/appProdIoe/listMy${q}`, token),
    detail: (id: number, token?: string) => call("GET", `${P}/appProdIoe/detail?id=${id}`, token),
    draw: (id: number) => call("GET", `${P}/appProdIoe/draw?id=${id}`),
    apply: (token: string, body: object) => call("POST", `${P}/appOrderIoe/apply`, token, body),
    pay: (token: string, id: number) => call("POST", `${P}/appOrderIoe/pay`, token, { id }),
    orders: (token: string, q = "") => call("GET", `${P}/appOrderIoe/listMy${q}`, token),
    advance: (seconds: number) => call("POST", "/dev/clock/advance", undefined, { seconds }),
    now: async () => Date.parse((await call("GET", "/dev/clock")).result.now),
  };
}

/**
 * A BTCUSDT tick now: after applications closed, the first such tick is the draw's beacon (the
 * draw waits for it; tests have no live feed).
 */
export function beaconTick(app: App, price = "90000.5") {
  app.market.ingest({ symbol: "BTCUSDT", price, ts: Date.now() + 5 });
}

/** A fresh token symbol (2–10 capitals/digits). */
export const newSymbol = () => `Q${Math.random().toString(36).slice(2, 8).toUpperCase()}`;

const texts = (en: string) => ({
  "en-us": en,
  ko: `${en} (ko)`,
  jp: `${en} (jp)`,
  tai: `${en} (tai)`,
  mlxy: `${en} (mlxy)`,
  vl: `${en} (vl)`,
  xi: `${en} (xi)`,
  "zh-cn": `${en} (zh-cn)`,
});

/**
 * Project input with times from business now (hours): apply window [1, 2), draw 3,
 * pay until 5, listing 7 unless overridden.
 */
export function projectInput(nowMs: number, overrides: Record<string, unknown> = {}) {
  const at = (h: number) => new Date(nowMs + h * HOUR * 1000).toISOString();
  return {
    name: texts("Candor Token"),
    symbol: newSymbol(),
    estimatedPrice: "0.5",
    totalQuantity: 6,
    maxPerCustomer: 5,
    applyStart: at(1),
    applyEnd: at(2),
    drawAt: at(3),
    payEnd: at(5),
    listAt: at(7),
    description: texts("A token for the tests"),
    riskText: texts("A new token can lose most of its value"),
    ...overrides,
  };
}

export async function createProject(app: App, operatorToken: string, input: object): Promise<Json> {
  const res = await ieoApi(app).call("POST", "/api/operator/ieo/create", operatorToken, input);
  expect(res.status, res.message).toBe(200);
  return res.result;
}

/**
 * The published algorithm, recomputed here independently of the server and the domain
 * package: a ticket's score is HMAC-SHA-256(key = seed, message =
 * "<entriesDigest>:<beacon>:<orderId>:<i>") as lowercase hex.
 */
export function recomputeWinners(
  draw: { seed: string; entries: { orderId: number; quantity: number }[]; entriesDigest: string; beacon: string },
  total: number,
) {
  const { seed, entries } = draw;
  const applied = entries.reduce((s, e) => s + e.quantity, 0);
  if (applied <= total) return entries.map((e) => ({ orderId: e.orderId, wonQuantity: e.quantity }));
  const tickets = entries.flatMap((e) =>
    Array.from({ length: e.quantity }, (_, i) => ({
      orderId: e.orderId,
      score: createHmac("sha256", Buffer.from(seed, "utf8"))
        .update(`${draw.entriesDigest}:${draw.beacon}:${e.orderId}:${i}`)
        .digest("hex"),
    })),
  );
  tickets.sort((a, b) => (a.score < b.score ? -1 : 1));
  const won = new Map<number, number>();
  for (const t of tickets.slice(0, total)) won.set(t.orderId, (won.get(t.orderId) ?? 0) + 1);
  return entries.map((e) => ({ orderId: e.orderId, wonQuantity: won.get(e.orderId) ?? 0 }));
}

export const sha256 = (text: string) => createHash("sha256").update(text, "utf8").digest("hex");
