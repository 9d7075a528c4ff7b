// Seed paths that are another name of an existing call (src/lib/aliases.ts) answer exactly
// like their original, with the same auth and rules, because they are the same handler.
import Fastify from "fastify";
import { generate } from "otplib";
import { describe, expect, it } from "vitest";
import { serveAliases } from "../../src/lib/aliases";
import { multipart, samples } from "../accounts/factory";
import { auth, type Customer, createOperator, PASSWORD, registerCustomer } from "../factory";
import { setupApp } from "../helper";
import { ADDRESSES } from "../wallet/factory";

const { app, database } = await setupApp();
const operator = await createOperator(app, database);

async function call(method: "GET" | "POST", url: string, token?: string, payload?: unknown) {
  const res = await app.inject({ method, url, headers: token ? auth(token) : {}, ...(payload ? { payload } : {}) });
  return { status: res.statusCode, body: res.json() };
}

async function uploadImage(token: string): Promise<string> {
  const body = multipart(samples.jpeg);
  const res = await app.inject({
    method: "POST",
    url: "/api/sys/common/upload",
    headers: { ...auth(token), ...body.headers },
    payload: body.payload,
  });
  expect(res.statusCode).toBe(200);
  return res.json().result.url;
}

const passport = async (c: Customer) => ({
  documentType: "passport",
  countryCode: "FR",
  realName: "Marie Curie",
  frontImage: await uploadImage(c.token),
});

const kycState = async (c: Customer) => (await call("GET", "/api/user/kyc/status", c.token)).body.result;

describe("public aliases", () => {
  it("getCurrencyList is the wallet's currency list", async () => {
    const alias = await call("GET", "/api/set/appCurrencySet/getCurrencyList");
    const original = await call("GET", "/api/finance/appWallet/currencies");
    expect(alias.status).toBe(200);
    expect(alias.body.result).toEqual(original.body.result);
    const usdt = alias.body.result.find((c: { currency: string }) => c.currency === "USDT");
    expect(usdt).toMatchObject({ minWithdrawal: expect.any(String), withdrawalFee: expect.any(String) });
    expect(usdt.networks.length).toBeGreaterThan(0);
  });

  it("getTicketList is the public symbol list (symbol, price, 24 h change)", async () => {
    app.market.ingest({ symbol: "BTCUSDT", price: "65000", ts: Date.now() });
    const alias = await call("GET", "/api/public/getTicketList");
    const original = await call("GET", "/api/trade/appSymbol/list");
    expect(alias.status).toBe(200);
    expect(alias.body.result).toEqual(original.body.result);
    expect(alias.body.result.find((s: { symbol: string }) => s.symbol === "BTCUSDT")).toMatchObject({
      price: "65000.00",
      change24h: expect.any(String),
    });
  });
});

describe("customer aliases keep the original's login rule and meaning", () => {
  it("need a login like their originals", async () => {
    for (const [method, url] of [
      ["GET", "/api/app/generateGoogleKey"],
      ["GET", "/api/user/appUser/activeReport"],
      ["GET", "/api/user/appUserWithdrawalInfoSet/listMy"],
      ["POST", "/api/user/appUserWithdrawalInfoSet/editAccount"],
      ["POST", "/api/auth/appAuth/applyKYC"],
      ["POST", "/api/auth/appAuth/applyAdvanced"],
      ["POST", "/api/user/appUser/updateKYC"],
    ] as const) {
      expect((await call(method, url, undefined, method === "POST" ? {} : undefined)).status, url).toBe(401);
    }
  });

  it("activeReport answers GET like POST (last-seen only)", async () => {
    const c = await registerCustomer(app);
    const viaGet = await call("GET", "/api/user/appUser/activeReport", c.token);
    expect(viaGet.status).toBe(200);
    expect(Date.parse(viaGet.body.result.lastSeenAt)).toBeGreaterThan(Date.now() - 60_000);
    expect((await call("POST", "/api/user/appUser/activeReport", c.token)).body.result).toHaveProperty("lastSeenAt");
  });

  it("GET /api/app/generateGoogleKey creates the pending secret that bindGoogleAuth binds", async () => {
    const c = await registerCustomer(app);
    const key = await call("GET", "/api/app/generateGoogleKey", c.token);
    expect(key.status).toBe(200);
    const { secret, otpauthUrl } = key.body.result;
    expect(otpauthUrl).toContain(`secret=${secret}`);
    const bind = await call("POST", "/api/user/appUser/bindGoogleAuth", c.token, {
      googleCode: await generate({ secret }),
      password: PASSWORD,
    });
    expect(bind.status).toBe(200);
    // Bound now: a new key is refused, by either name.
    expect((await call("GET", "/api/app/generateGoogleKey", c.token)).status).toBe(409);
    expect((await call("POST", "/api/user/appUser/generateGoogleKey", c.token)).status).toBe(409);
  });

  it("listMy and editAccount are the payout-account list and edit; another customer's account is 404", async () => {
    const c = await registerCustomer(app);
    const other = await registerCustomer(app);
    const added = await call("POST", "/api/user/appUserWithdrawalInfoSet/addAccount", c.token, {
      type: "wallet",
      currency: "USDT",
      network: "TRC20",
      address: ADDRESSES.TRC20,
    });
    expect(added.status).toBe(200);
    const id = added.body.result.id;
    const listMy = await call("GET", "/api/user/appUserWithdrawalInfoSet/listMy", c.token);
    expect(listMy.body.result).toEqual(
      (await call("GET", "/api/user/appUserWithdrawalInfoSet/list", c.token)).body.result,
    );
    expect(listMy.body.result.map((a: { id: number }) => a.id)).toEqual([id]);
    expect((await call("GET", "/api/user/appUserWithdrawalInfoSet/listMy?type=bank", c.token)).body.result).toEqual([]);

    const edit = { id, type: "wallet", currency: "USDT", network: "ERC20", address: ADDRESSES.ERC20 };
    const edited = await call("POST", "/api/user/appUserWithdrawalInfoSet/editAccount", c.token, edit);
    expect(edited.status).toBe(200);
    expect(edited.body.result).toMatchObject({ id, network: "ERC20", address: ADDRESSES.ERC20 });

    const foreign = await call("POST", "/api/user/appUserWithdrawalInfoSet/editAccount", other.token, edit);
    expect(foreign.status).toBe(404);
    const unknown = await call("POST", "/api/user/appUserWithdrawalInfoSet/editAccount", c.token, {
      ...edit,
      id: 999_999_999,
    });
    expect(unknown.status).toBe(404);
    const bad = await call("POST", "/api/user/appUserWithdrawalInfoSet/editAccount", c.token, {
      ...edit,
      address: "x",
    });
    expect(bad.status).toBe(400);
    expect((await call("GET", "/api/user/appUserWithdrawalInfoSet/listMy", other.token)).body.result).toEqual([]);
  });

  it("applyKYC, updateKYC and applyAdvanced are the verification submissions", async () => {
    const c = await registerCustomer(app);
    const first = await call("POST", "/api/auth/appAuth/applyKYC", c.token, await passport(c));
    expect(first.status).toBe(200);
    expect(first.body.result).toEqual({ id: expect.any(Number), status: "pending" });
    expect((await kycState(c)).basic.status).toBe("pending");
    // Pending: neither name accepts another one.
    expect((await call("POST", "/api/user/appUser/updateKYC", c.token, await passport(c))).status).toBe(409);
    expect((await call("POST", "/api/user/kyc/basic", c.token, await passport(c))).status).toBe(409);

    const rejected = await app.inject({
      method: "POST",
      url: "/api/operator/kyc/reject",
      headers: auth(operator.token),
      payload: { id: first.body.result.id, reason: "The photo is blurred" },
    });
    expect(rejected.statusCode).toBe(200);
    // Advanced needs basic passed, as on the original path.
    const advanced = {
      surname: "Curie",
      givenName: "Marie",
      phone: "+33 1 23 45 67 89",
      address: "1 rue Pierre et Marie Curie, Paris",
      emergencyContact: {
        surname: "Curie",
        name: "Pierre",
        relationship: "spouse",
        phone: "+33 1 98",
        address: "Paris",
      },
    };
    expect((await call("POST", "/api/auth/appAuth/applyAdvanced", c.token, advanced)).status).toBe(409);

    const again = await call("POST", "/api/user/appUser/updateKYC", c.token, await passport(c));
    expect(again.status).toBe(200);
    expect((await kycState(c)).basic).toMatchObject({ id: again.body.result.id, status: "pending" });
    const approved = await app.inject({
      method: "POST",
      url: "/api/operator/kyc/approve",
      headers: auth(operator.token),
      payload: { id: again.body.result.id },
    });
    expect(approved.statusCode).toBe(200);

    const adv = await call("POST", "/api/auth/appAuth/applyAdvanced", c.token, advanced);
    expect(adv.status).toBe(200);
    expect((await kycState(c)).advanced.status).toBe("pending");
    // Bad input is 400 naming the field, never 5xx.
    const bad = await call("POST", "/api/auth/appAuth/applyKYC", c.token, { documentType: "selfie" });
    expect(bad.status).toBe(400);
    // Another customer's upload is not mine to submit.
    const other = await registerCustomer(app);
    const stolen = await call("POST", "/api/auth/appAuth/applyKYC", other.token, await passport(c));
    expect(stolen.status).toBeGreaterThanOrEqual(400);
    expect(stolen.status).toBeLessThan(500);
  });
});

describe("the alias helper", () => {
  it("refuses to start when an alias's original does not exist", async () => {
    const bare = Fastify();
    serveAliases(bare, [{ method: "GET", url: "/seed/x", of: { method: "GET", url: "/nowhere" } }]);
    bare.get("/somewhere", async () => "ok");
    await expect(bare.ready()).rejects.toThrow(/GET \/nowhere/);
  });

  it("registers the alias beside its original with the same handler and hooks", async () => {
    const bare = Fastify();
    serveAliases(bare, [{ method: "GET", url: "/seed/y", of: { method: "POST", url: "/orig" } }]);
    await bare.register(async (child) => {
      child.addHook("onRequest", async (request, reply) => {
        if (request.headers["x-ok"] !== "1") return reply.code(401).send({ denied: true });
      });
      child.post("/orig", async (request) => ({ method: request.method, via: request.routeOptions.url }));
    });
    await bare.ready();
    expect((await bare.inject({ method: "GET", url: "/seed/y" })).statusCode).toBe(401);
    const res = await bare.inject({ method: "GET", url: "/seed/y", headers: { "x-ok": "1" } });
    expect(res.json()).toEqual({ method: "GET", via: "/seed/y" });
    await bare.close();
  });
});
