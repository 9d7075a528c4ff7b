// Personal info, the country list and the customer's country for other modules.
import { describe, expect, it } from "vitest";
import { getUserCountry } from "../../src/modules/users/service";
import { auth, registerCustomer } from "../factory";
import { setupApp } from "../helper";

const { app, database } = await setupApp();

const update = (token: string, payload: Record<string, unknown>) =>
  app.inject({ method: "POST", url: "/api/user/appUser/updatePersonalInfo", headers: auth(token), payload });

describe("personal info", () => {
  it("starts empty, updates partially and clears with null", async () => {
    const c = await registerCustomer(app);
    const empty = await app.inject({ method: "GET", url: "/api/user/appUser/getPersonalInfo", headers: auth(c.token) });
    expect(empty.json().result).toEqual({
      surname: null,
      firstName: null,
      gender: null,
      birthday: null,
      countryCode: null,
      address: null,
      phone: null,
    });
    const res = await update(c.token, {
      surname: "Lee",
      firstName: "Min",
      gender: "female",
      birthday: "1990-02-28",
      countryCode: "kr",
      address: "1 Main St",
      phone: "+82 10 1234 5678",
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().result).toEqual({
      surname: "Lee",
      firstName: "Min",
      gender: "female",
      birthday: "1990-02-28",
      countryCode: "KR",
      address: "1 Main St",
      phone: "+82 10 1234 5678",
    });
    expect(await getUserCountry(database.db, c.id)).toBe("KR");
    const partial = await update(c.token, { address: null, surname: "Park" });
    expect(partial.json().result).toMatchObject({ surname: "Park", firstName: "Min", address: null });
  });

  it.each([
    ["an impossible date", { birthday: "1990-02-30" }, "birthday"],
    ["a future date", { birthday: "2999-01-01" }, "birthday"],
    ["an unknown gender", { gender: "robot" }, "gender"],
    ["an unknown country", { countryCode: "QQ" }, "QQ"],
    ["a malformed phone", { phone: "call me" }, "phone"],
  ])("refuses %s, naming the field", async (_case, payload, field) => {
    const c = await registerCustomer(app);
    const res = await update(c.token, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain(field);
  });

  it("needs a session", async () => {
    expect((await app.inject({ method: "GET", url: "/api/user/appUser/getPersonalInfo" })).statusCode).toBe(401);
  });
});

describe("countries", () => {
  it("lists about 240 countries in camelCase with United States / US / 1 as the default", async () => {
    const res = await app.inject({ method: "GET", url: "/api/app/country/list" });
    expect(res.statusCode).toBe(200);
    const list = res.json().result as Array<Record<string, unknown>>;
    expect(list.length).toBeGreaterThan(200);
    const defaults = list.filter((c) => c.isDefault);
    expect(defaults).toEqual([
      { englishName: "United States", chineseName: "美國", countryCode: "US", phoneCode: "1", isDefault: true },
    ]);
    expect(list.find((c) => c.countryCode === "GB")).toMatchObject({ phoneCode: "44", chineseName: "英國" });
    expect(new Set(list.map((c) => c.countryCode)).size).toBe(list.length);
    for (const c of list) {
      expect(c.countryCode).toMatch(/^[A-Z]{2}$/);
      expect(c.phoneCode).toMatch(/^\d{1,4}$/);
      expect(c.chineseName).toBeTruthy();
    }
  });

  it("gives the registration country to other modules (getUserCountry)", async () => {
    const withCountry = await registerCustomer(app, { countryCode: "DE" });
    expect(await getUserCountry(database.db, withCountry.id)).toBe("DE");
    const without = await registerCustomer(app);
    expect(await getUserCountry(database.db, without.id)).toBeNull();
  });
});
