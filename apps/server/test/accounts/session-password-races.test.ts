// Password checks inside a session (changing the login or withdrawal password, the
// withdrawal-password check) under parallel wrong guesses: each check claims its place in
// the counter before the password is verified, so 50 simultaneous wrong guesses get at
// most 10 verifications (400) and the rest 429, and the right password is then refused.
import { describe, expect, it } from "vitest";
import { verifyWithdrawalPassword } from "../../src/modules/auth/service";
import { LOCK_AFTER_FAILURES } from "../../src/modules/auth/throttle";
import { auth, PASSWORD, registerCustomer } from "../factory";
import { setupApp } from "../helper";

const { app, database } = await setupApp();
const PARALLEL = 50;

const change = (token: string, payload: Record<string, unknown>) =>
  app.inject({ method: "POST", url: "/api/user/appUser/changePassword", headers: auth(token), payload });

const count = (codes: number[], status: number) => codes.filter((s) => s === status).length;

describe("password checks inside a session under parallel wrong guesses", () => {
  it(`verifies at most ${LOCK_AFTER_FAILURES} of ${PARALLEL} parallel wrong login passwords`, async () => {
    const c = await registerCustomer(app);
    const codes = (
      await Promise.all(
        Array.from({ length: PARALLEL }, () =>
          change(c.token, { kind: "login", oldPassword: "Wrong1234", newPassword: "Another123" }),
        ),
      )
    ).map((r) => r.statusCode);
    expect(count(codes, 400)).toBe(LOCK_AFTER_FAILURES);
    expect(count(codes, 429)).toBe(PARALLEL - LOCK_AFTER_FAILURES);
    const right = await change(c.token, { kind: "login", oldPassword: PASSWORD, newPassword: "Another123" });
    expect(right.statusCode).toBe(429);
  });

  it(`verifies at most ${LOCK_AFTER_FAILURES} of ${PARALLEL} parallel wrong withdrawal passwords`, async () => {
    const c = await registerCustomer(app);
    const set = await change(c.token, { kind: "withdrawal", oldPassword: PASSWORD, newPassword: "Payout123" });
    expect(set.statusCode).toBe(200);
    const results = await Promise.allSettled(
      Array.from({ length: PARALLEL }, () => verifyWithdrawalPassword(database.db, c.id, "Wrong1234")),
    );
    const verified = results.filter((r) => r.status === "fulfilled" && r.value === false).length;
    const refused = results.filter(
      (r) => r.status === "rejected" && (r.reason as { status?: number }).status === 429,
    ).length;
    expect(verified).toBe(LOCK_AFTER_FAILURES);
    expect(refused).toBe(PARALLEL - LOCK_AFTER_FAILURES);
    await expect(verifyWithdrawalPassword(database.db, c.id, "Payout123")).rejects.toMatchObject({ status: 429 });
  });

  it("clears the counter after a right password", async () => {
    const c = await registerCustomer(app);
    for (let i = 0; i < LOCK_AFTER_FAILURES - 1; i++) {
      expect(
        (await change(c.token, { kind: "login", oldPassword: "Wrong1234", newPassword: "Another123" })).statusCode,
      ).toBe(400);
    }
    expect(
      (await change(c.token, { kind: "login", oldPassword: PASSWORD, newPassword: "Another123" })).statusCode,
    ).toBe(200);
    expect(
      (await change(c.token, { kind: "login", oldPassword: "Wrong1234", newPassword: "Third1234" })).statusCode,
    ).toBe(400);
  });
});
