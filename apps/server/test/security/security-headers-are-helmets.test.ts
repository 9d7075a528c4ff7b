// Security headers are set from constants (the speed work of issue 9): they are exactly the
// headers @fastify/helmet sent with the app's former configuration, on every kind of response
// (API answers, errors, unknown API paths, the app's pages).
import helmet from "@fastify/helmet";
import Fastify from "fastify";
import { describe, expect, it } from "vitest";
import { SECURITY_HEADERS } from "../../src/plugins/security";
import { registerCustomer } from "../factory";
import { setupApp } from "../helper";

const { app } = await setupApp();

/** What @fastify/helmet sent with the configuration the app used before the constants. */
async function helmetHeaders(): Promise<Record<string, string>> {
  const bare = Fastify();
  await bare.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", "data:", "blob:"],
        mediaSrc: ["'self'", "blob:"],
        connectSrc: ["'self'", "ws:", "wss:"],
        frameSrc: ["'self'", "https:"],
        frameAncestors: ["'self'"],
        objectSrc: ["'none'"],
        upgradeInsecureRequests: null,
      },
    },
    frameguard: { action: "sameorigin" },
    crossOriginEmbedderPolicy: false,
  });
  bare.get("/x", async () => ({}));
  const res = await bare.inject("/x");
  await bare.close();
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(res.headers)) {
    if (!["content-type", "content-length", "date", "connection"].includes(name)) out[name] = String(value);
  }
  return out;
}

const securityPart = (headers: Record<string, unknown>) =>
  Object.fromEntries(Object.keys(SECURITY_HEADERS).map((name) => [name, headers[name]]));

describe("security headers", () => {
  it("are exactly the headers helmet sent with the same configuration", async () => {
    expect(SECURITY_HEADERS).toEqual(await helmetHeaders());
  });

  it("are on API answers, errors, unknown API paths and the app's pages alike", async () => {
    const token = (await registerCustomer(app)).token;
    const cases = [
      { url: "/api/health" },
      { url: "/api/finance/appWallet/queryUserBalance", headers: { "x-access-token": token } },
      { url: "/api/finance/appWallet/queryUserBalance" }, // 401
      { url: "/api/no/such/endpoint" }, // 404 envelope
      { url: "/" }, // the web app (or its not-built page)
    ];
    const statuses: number[] = [];
    for (const c of cases) {
      const res = await app.inject({ method: "GET", ...c });
      statuses.push(res.statusCode);
      expect(securityPart(res.headers), c.url).toEqual(SECURITY_HEADERS);
    }
    expect(statuses.slice(0, 4)).toEqual([200, 200, 401, 404]);
  });
});
