// OWASP ASVS L2, brute force of the second factor: an intruder with a customer's session
// and password guesses authenticator codes. Wrong codes count per customer across requests
// and endpoints (unbinding, new addresses, withdrawals, login): 5 wrong in 15 minutes lock
// that customer's second step for 15 minutes (429), even for the right code.
import { generate } from "otplib";
import { describe, expect, it } from "vitest";
import { bindAuthenticator, fund, PASSWORD, WITHDRAWAL_PASSWORD, walletCustomer } from "../factory";
import { setupApp } from "../helper";
import { api } from "../wallet/factory";

const { app, database } = await setupApp();
const { post } = api(app);
const nowS = () => Math.floor(Date.now() / 1000);

async function boundCustomer() {
  const c = await walletCustomer(app);
  await fund(database, c.id, "USDT", "200");
  return { ...c, secret: await bindAuthenticator(app, c.token) };
}

const unbind = (token: string, googleCode: string) =>
  post("/api/user/appUser/unbindGoogleAuth", token, { googleCode, password: PASSWORD });
const withdraw = (c: { token: string; accountId: number }, googleCode: string) =>
  post("/api/finance/appWithdrawal/apply", c.token, {
    currency: "USDT",
    amount: "20",
    accountId: c.accountId,
    withdrawalPassword: WITHDRAWAL_PASSWORD,
    googleCode,
  });

describe("authenticator codes cannot be guessed across requests", () => {
  it("five wrong codes lock the second step for 15 minutes, the right code included", async () => {
    const c = await boundCustomer();
    for (const guess of ["000001", "000002", "000003", "000004", "000005"]) {
      expect((await unbind(c.token, guess)).status).toBe(400);
    }
    const right = await generate({ secret: c.secret, epoch: nowS() });
    const locked = await unbind(c.token, right);
    expect(locked.status).toBe(429);
    expect(locked.body.message).toMatch(/Try again in 1[45] minutes/);
    expect((await withdraw(c, right)).status).toBe(429);
    const login = await post("/api/app/login", undefined, { account: c.email, password: PASSWORD, googleCode: right });
    expect(login.status).toBe(429);

    // 15 minutes later (the counters run on the database's clock) the right code works again.
    await database.query(
      "UPDATE auth_failures SET locked_until = now() - interval '1 second', last_failed_at = now() - interval '16 minutes' WHERE scope = 'totp' AND subject = $1",
      [`user:${c.id}`],
    );
    expect((await withdraw(c, right)).status).toBe(200);
  });

  it("wrong codes count together across endpoints (unbinding and withdrawals)", async () => {
    const c = await boundCustomer();
    expect((await unbind(c.token, "111111")).status).toBe(400);
    expect((await unbind(c.token, "222222")).status).toBe(400);
    for (const guess of ["333333", "444444", "555555"]) expect((await withdraw(c, guess)).status).toBe(400);
    expect((await withdraw(c, await generate({ secret: c.secret, epoch: nowS() }))).status).toBe(429);
  });

  it("parallel guesses get no more than five codes checked", async () => {
    const c = await boundCustomer();
    const guesses = Array.from({ length: 12 }, (_, i) => String(100000 + i * 7919).slice(0, 6));
    const answers = await Promise.all(guesses.map((g) => unbind(c.token, g)));
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 400).length).toBeLessThanOrEqual(5);
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThanOrEqual(7);
    expect(statuses.every((s) => s === 400 || s === 429)).toBe(true);
  });

  it("a right code clears the count: a customer who mistypes now and then is not locked", async () => {
    const c = await boundCustomer();
    for (const guess of ["900001", "900002", "900003", "900004"]) expect((await withdraw(c, guess)).status).toBe(400);
    expect((await withdraw(c, await generate({ secret: c.secret, epoch: nowS() }))).status).toBe(200);
    for (const guess of ["900005", "900006", "900007", "900008"]) expect((await withdraw(c, guess)).status).toBe(400);
    expect((await withdraw(c, await generate({ secret: c.secret, epoch: nowS() + 30 }))).status).toBe(200);
  });
});
