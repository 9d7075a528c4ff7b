// WITHDRAWAL_ADDRESS_COOLDOWN_HOURS=0 switches the new-address hold off: an address is usable
// the moment it is added (the hold itself: test/security/withdrawal-step-up.test.ts).
import { describe, expect, it } from "vitest";
import { fund, WITHDRAWAL_PASSWORD, walletCustomer } from "../factory";
import { setupApp } from "../helper";
import { api } from "./factory";

const { app, database } = await setupApp({ withdrawalAddressCooldownHours: 0 });
const { get, post } = api(app);

describe("new-address hold switched off", () => {
  it("a new address is usable at once and says so", async () => {
    const clockBefore = (await get("/dev/clock")).result.now as string;
    const c = await walletCustomer(app);
    await fund(database, c.id, "USDT", "100");
    const [account] = (await get("/api/user/appUserWithdrawalInfoSet/list", c.token)).result;
    expect(Date.parse(account.usableAt)).toBeLessThanOrEqual(Date.parse((await get("/dev/clock")).result.now));
    const res = await post("/api/finance/appWithdrawal/apply", c.token, {
      currency: "USDT",
      amount: "20",
      accountId: c.accountId,
      withdrawalPassword: WITHDRAWAL_PASSWORD,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    // Nothing moved the business clock to get there.
    expect(Date.parse((await get("/dev/clock")).result.now) - Date.parse(clockBefore)).toBeLessThan(60_000);
  });
});
