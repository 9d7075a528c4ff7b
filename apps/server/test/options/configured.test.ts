// A deployment that withholds options from other countries (OPTIONS_BLOCKED_COUNTRIES=US).
import { describe, expect, it } from "vitest";
import { registerCustomer } from "../factory";
import { setupApp } from "../helper";
import { get } from "./trading-helpers";

const { app } = await setupApp({ optionsBlockedCountries: ["US"] });

describe("a configured blocked list", () => {
  it("blocks the listed countries and offers options to the others (an EU resident included)", async () => {
    const us = await registerCustomer(app, { countryCode: "US" });
    expect((await get(app, us.token, "/api/trade/appSecondContractSet/list?symbol=BTCUSDT")).status).toBe(403);
    const de = await registerCustomer(app, { countryCode: "DE" });
    expect((await get(app, de.token, "/api/trade/appSecondContractSet/list?symbol=BTCUSDT")).status).toBe(200);
  });
});
