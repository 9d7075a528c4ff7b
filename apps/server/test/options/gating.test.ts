// Country gating (docs/product.md §1.6): by default short-term options are not offered to
// residents of the EU/EEA, the UK and Australia; the deployment sets the list.
import { describe, expect, it } from "vitest";
import { loadConfig } from "../../src/config";
import { fund, registerCustomer } from "../factory";
import { setupApp } from "../helper";
import { available, get, post, tick } from "./trading-helpers";

const { app, database } = await setupApp();

describe("options are withheld by country of residence", () => {
  it("an EU resident gets 403 with a clear translated message on list, buy, listMy and detail", async () => {
    const c = await registerCustomer(app, { countryCode: "DE" });
    await fund(database, c.id, "USDT", "100");
    const list = await get(app, c.token, "/api/trade/appSecondContractSet/list?symbol=BTCUSDT");
    expect(list.status).toBe(403);
    expect(list.body.message).toBe(
      "Short-term options are not offered to residents of your country (DE): they are restricted for retail customers there",
    );
    const korean = await get(app, c.token, "/api/trade/appSecondContractSet/list?symbol=BTCUSDT", "ko");
    expect(korean.body.message).toContain("단기 옵션");
    tick(app, "BTCUSDT", "65000");
    const buy = await post(app, c.token, "/api/trade/appSecondContractOrder/buy", {
      symbol: "BTCUSDT",
      setId: 1,
      direction: "up",
      amount: "10",
    });
    expect(buy.status).toBe(403);
    expect((await get(app, c.token, "/api/trade/appSecondContractOrder/listMy")).status).toBe(403);
    expect((await get(app, c.token, "/api/trade/appSecondContractOrder/detail/1")).status).toBe(403);
    expect(await available(database, c.id, "USDT")).toBe("100");
  });

  it.each(["GB", "AU", "NO", "FR"])("%s residents are not offered options by default", async (country) => {
    const c = await registerCustomer(app, { countryCode: country });
    expect((await get(app, c.token, "/api/trade/appSecondContractSet/list?symbol=BTCUSDT")).status).toBe(403);
  });

  it("the app can ask whether options are offered, and why not", async () => {
    const eu = await registerCustomer(app, { countryCode: "IT" });
    const res = await get(app, eu.token, "/api/trade/appSecondContractSet/availability", "zh-cn");
    expect(res.status).toBe(200);
    expect(res.body.result).toMatchObject({ offered: false, country: "IT", reason: "countryBlocked" });
    expect(res.body.result.message).toContain("短期期權");

    const us = await registerCustomer(app, { countryCode: "US" });
    const allowed = await get(app, us.token, "/api/trade/appSecondContractSet/availability");
    expect(allowed.body.result).toEqual({ offered: true, country: "US", reason: null, message: null });
    expect((await get(app, us.token, "/api/trade/appSecondContractSet/list?symbol=BTCUSDT")).status).toBe(200);
  });

  it("a customer outside the list can buy", async () => {
    const c = await registerCustomer(app, { countryCode: "SG" });
    await fund(database, c.id, "USDT", "100");
    tick(app, "ETHUSDT", "3100");
    const sets = (await get(app, c.token, "/api/trade/appSecondContractSet/list?symbol=ETHUSDT")).body.result;
    const res = await post(app, c.token, "/api/trade/appSecondContractOrder/buy", {
      symbol: "ETHUSDT",
      setId: sets[0].id,
      direction: "down",
      amount: "10",
    });
    expect(res.status).toBe(200);
  });
});

describe("the blocked list is deployment configuration", () => {
  it("parses OPTIONS_BLOCKED_COUNTRIES, 'none', and the default", () => {
    expect(loadConfig({ OPTIONS_BLOCKED_COUNTRIES: "us, jp" }).optionsBlockedCountries).toEqual(["US", "JP"]);
    expect(loadConfig({ OPTIONS_BLOCKED_COUNTRIES: "none" }).optionsBlockedCountries).toEqual([]);
    const defaults = loadConfig({}).optionsBlockedCountries;
    for (const code of ["DE", "FR", "IT", "ES", "NL", "IE", "IS", "LI", "NO", "GB", "AU"])
      expect(defaults).toContain(code);
    expect(defaults).toHaveLength(32);
    expect(() => loadConfig({ OPTIONS_BLOCKED_COUNTRIES: "Germany" })).toThrow(/OPTIONS_BLOCKED_COUNTRIES/);
  });
});
