// The seed's calls that have their own implementation (docs/seed-api.md): verification checks
// and records, the login screen's authenticator check, a setting by key, /config.json, a
// currency's rate, my deposit address, the options header card, the declined call.
import { generate } from "otplib";
import { describe, expect, it } from "vitest";
import { setSetting } from "../../src/modules/settings/service";
import { multipart, samples } from "../accounts/factory";
import { auth, type Customer, createOperator, fund, PASSWORD, registerCustomer } from "../factory";
import { setupApp } from "../helper";
import { tick } from "../options/trading-helpers";

const { app, database } = await setupApp();
const operator = await createOperator(app, database);

async function call(method: "GET" | "POST", url: string, token?: string, payload?: unknown, lang?: string) {
  const res = await app.inject({
    method,
    url,
    headers: { ...(token ? auth(token) : {}), ...(lang ? { "x-lang": lang } : {}) },
    ...(payload ? { payload } : {}),
  });
  return { status: res.statusCode, body: res.json(), headers: res.headers };
}

async function submitPassport(c: Customer) {
  const body = multipart(samples.jpeg);
  const up = await app.inject({
    method: "POST",
    url: "/api/sys/common/upload",
    headers: { ...auth(c.token), ...body.headers },
    payload: body.payload,
  });
  const res = await call("POST", "/api/auth/appAuth/applyKYC", c.token, {
    documentType: "passport",
    countryCode: "DE",
    frontImage: up.json().result.url,
  });
  expect(res.status).toBe(200);
  return res.body.result.id as number;
}

const review = (action: "approve" | "reject", payload: Record<string, unknown>) =>
  app.inject({ method: "POST", url: `/api/operator/kyc/${action}`, headers: auth(operator.token), payload });

describe("verification (appAuth)", () => {
  it("isHaveAuth, isHaveAuthDone and listMy follow a verification from none to passed", async () => {
    const c = await registerCustomer(app);
    const other = await registerCustomer(app);
    const checks = async () => [
      (await call("GET", "/api/auth/appAuth/isHaveAuth", c.token)).body.result,
      (await call("GET", "/api/auth/appAuth/isHaveAuthDone", c.token)).body.result,
    ];
    expect(await checks()).toEqual([false, false]);
    expect((await call("GET", "/api/auth/appAuth/listMy", c.token)).body.result).toEqual([]);

    const first = await submitPassport(c);
    expect(await checks()).toEqual([true, false]);
    expect((await review("reject", { id: first, reason: "The photo is blurred" })).statusCode).toBe(200);
    // Rejected: to be sent again, so not "submitted".
    expect(await checks()).toEqual([false, false]);

    const second = await submitPassport(c);
    expect((await review("approve", { id: second })).statusCode).toBe(200);
    expect(await checks()).toEqual([true, true]);

    const list = await call("GET", "/api/auth/appAuth/listMy", c.token);
    expect(list.status).toBe(200);
    expect(list.body.result).toEqual([
      {
        id: second,
        level: "basic",
        status: "passed",
        documentType: "passport",
        countryCode: "DE",
        rejectReason: null,
        submittedAt: expect.any(String),
        reviewedAt: expect.any(String),
      },
      expect.objectContaining({ id: first, status: "rejected", rejectReason: "The photo is blurred" }),
    ]);
    // Nothing of mine is another customer's.
    expect((await call("GET", "/api/auth/appAuth/listMy", other.token)).body.result).toEqual([]);
    expect((await call("GET", "/api/auth/appAuth/isHaveAuthDone", other.token)).body.result).toBe(false);
    for (const p of ["isHaveAuth", "isHaveAuthDone", "listMy"]) {
      expect((await call("GET", `/api/auth/appAuth/${p}`)).status).toBe(401);
    }
  });
});

describe("GET /api/app/checkGoogleAuth (login screen)", () => {
  it("says whether the account typed in has the authenticator bound; unknown accounts false", async () => {
    const c = await registerCustomer(app);
    const check = (account: string) =>
      call("GET", `/api/app/checkGoogleAuth?account=${encodeURIComponent(account)}`).then((r) => r.body);
    expect((await check(c.email)).result).toEqual({ bound: false });
    const key = await call("POST", "/api/user/appUser/generateGoogleKey", c.token);
    const bind = await call("POST", "/api/user/appUser/bindGoogleAuth", c.token, {
      googleCode: await generate({ secret: key.body.result.secret }),
      password: PASSWORD,
    });
    expect(bind.status).toBe(200);
    expect((await check(c.email)).result).toEqual({ bound: true });
    expect((await check(c.email.toUpperCase())).result).toEqual({ bound: true });
    expect((await check(c.username)).result).toEqual({ bound: true });
    expect((await check("nobody-here@example.com")).result).toEqual({ bound: false });
    expect((await call("GET", "/api/app/checkGoogleAuth")).status).toBe(400);
  });
});

describe("GET /api/set/appSysSet/getKeyByParam", () => {
  it("sys_set is a JSON string with isPcLimite; unknown and private keys 404 in the caller's language", async () => {
    const sysSet = await call("GET", "/api/set/appSysSet/getKeyByParam?param=sys_set");
    expect(sysSet.status).toBe(200);
    expect(typeof sysSet.body.result).toBe("string");
    expect(JSON.parse(sysSet.body.result)).toEqual({ isPcLimite: true });

    await setSetting(database.db, "sys_set", { isPcLimite: false }, true);
    const changed = await call("GET", "/api/set/appSysSet/getKeyByParam?param=sys_set");
    expect(JSON.parse(changed.body.result)).toEqual({ isPcLimite: false });

    await setSetting(database.db, "seed_test_private", { secret: 1 }, false);
    const priv = await call("GET", "/api/set/appSysSet/getKeyByParam?param=seed_test_private");
    expect(priv.status).toBe(404);
    const unknown = await call("GET", "/api/set/appSysSet/getKeyByParam?param=nope", undefined, undefined, "zh-cn");
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe("沒有名為 nope 的公開設定");
    expect((await call("GET", "/api/set/appSysSet/getKeyByParam")).status).toBe(400);
    expect((await call("GET", "/api/set/appSysSet/getKeyByParam?param=a%20b")).status).toBe(400);
  });
});

describe("GET /config.json", () => {
  it("serves the app's static runtime config as plain JSON", async () => {
    const res = await app.inject({ method: "GET", url: "/config.json" });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toMatch(/application\/json/);
    const body = res.json();
    expect(body).not.toHaveProperty("success");
    expect(body).toMatchObject({ apiBaseUrl: "/api", chatSocket: "/api/websocket/chat/", defaultLanguage: "en-us" });
    expect(body.languages).toHaveLength(8);
  });
});

describe("currencies and deposit addresses", () => {
  it("getRateByCurrency gives the USDT value of one unit from the feed", async () => {
    tick(app, "BTCUSDT", "64000");
    const btc = (await call("GET", "/api/set/appCurrencySet/getRateByCurrency?currency=btc")).body.result;
    expect(btc.currency).toBe("BTC");
    expect(Number(btc.usdtRate)).toBe(64000);
    // The same figure as the currency list's.
    const list = (await call("GET", "/api/set/appCurrencySet/getCurrencyList")).body.result;
    expect(list.find((c: { currency: string }) => c.currency === "BTC").usdtRate).toBe(btc.usdtRate);
    expect((await call("GET", "/api/set/appCurrencySet/getRateByCurrency?currency=USDT")).body.result).toEqual({
      currency: "USDT",
      usdtRate: "1",
    });
    expect((await call("GET", "/api/set/appCurrencySet/getRateByCurrency?currency=NOPE")).status).toBe(400);
    expect((await call("GET", "/api/set/appCurrencySet/getRateByCurrency")).status).toBe(400);
  });

  it("getAddr gives my address on a network, the same the deposit screen shows", async () => {
    const c = await registerCustomer(app);
    const other = await registerCustomer(app);
    const info = (await call("GET", "/api/finance/appRecharge/info?currency=USDT", c.token)).body.result;
    const first = info.addresses[0];
    const byDefault = await call("GET", "/api/finance/rechargeAddr/getAddr?currency=usdt", c.token);
    expect(byDefault.status).toBe(200);
    expect(byDefault.body.result).toMatchObject({
      currency: "USDT",
      network: first.network,
      address: first.address,
      qrText: first.address,
      sandbox: true,
    });
    for (const a of info.addresses) {
      const one = await call("GET", `/api/finance/rechargeAddr/getAddr?currency=USDT&network=${a.network}`, c.token);
      expect(one.body.result.address).toBe(a.address);
    }
    const theirs = await call("GET", "/api/finance/rechargeAddr/getAddr?currency=USDT", other.token);
    expect(theirs.body.result.address).not.toBe(first.address);
    expect((await call("GET", "/api/finance/rechargeAddr/getAddr?currency=USDT&network=NOPE", c.token)).status).toBe(
      400,
    );
    expect((await call("GET", "/api/finance/rechargeAddr/getAddr?currency=NOPE", c.token)).status).toBe(400);
    expect((await call("GET", "/api/finance/rechargeAddr/getAddr?currency=USDT")).status).toBe(401);
  });
});

describe("GET /api/trade/appSecondContractOrder/head", () => {
  it("is my latest open option, or null", async () => {
    const c = await registerCustomer(app, { countryCode: "US" });
    const other = await registerCustomer(app, { countryCode: "US" });
    expect((await call("GET", "/api/trade/appSecondContractOrder/head", c.token)).body.result).toBeNull();

    await fund(database, c.id, "USDT", "1000");
    tick(app, "ETHUSDT", "3000");
    const sets = (await call("GET", "/api/trade/appSecondContractSet/list?symbol=ETHUSDT", c.token)).body.result;
    const setId = sets[0].id;
    const buy = async (direction: string) => {
      const res = await call("POST", "/api/trade/appSecondContractOrder/buy", c.token, {
        symbol: "ETHUSDT",
        setId,
        direction,
        amount: "10",
      });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return res.body.result.id as number;
    };
    await buy("up");
    const latest = await buy("down");
    const head = await call("GET", "/api/trade/appSecondContractOrder/head", c.token);
    expect(head.status).toBe(200);
    expect(head.body.result).toMatchObject({ id: latest, symbol: "ETHUSDT", direction: "down", status: "open" });
    expect(
      (await call("GET", "/api/trade/appSecondContractOrder/head?symbol=BTCUSDT", c.token)).body.result,
    ).toBeNull();
    expect((await call("GET", "/api/trade/appSecondContractOrder/head?mode=demo", c.token)).body.result).toBeNull();
    // Not another customer's.
    expect((await call("GET", "/api/trade/appSecondContractOrder/head", other.token)).body.result).toBeNull();
    expect((await call("GET", "/api/trade/appSecondContractOrder/head?mode=x", c.token)).status).toBe(400);
    expect((await call("GET", "/api/trade/appSecondContractOrder/head")).status).toBe(401);
  });
});

describe("the declined importantCustomerOnLine", () => {
  it("answers 404 with a translated message, for GET and POST, logged in or not", async () => {
    const c = await registerCustomer(app);
    for (const method of ["GET", "POST"] as const) {
      const res = await call(method, "/api/user/appUser/importantCustomerOnLine", c.token, undefined, "ko");
      expect(res.status).toBe(404);
      expect(res.body).toMatchObject({ success: false, code: 404, result: null });
      expect(res.body.message).toContain("Candor");
      expect(res.body.message).toMatch(/[가-힣]/);
      expect((await call(method, "/api/user/appUser/importantCustomerOnLine")).status).toBe(404);
    }
  });
});
