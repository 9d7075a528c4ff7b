// Changing the login and withdrawal passwords, and the withdrawal-password check the
// wallet uses.
import { describe, expect, it } from "vitest";
import { verifyWithdrawalPassword } from "../../src/modules/auth/service";
import { auth, newIp, PASSWORD, registerCustomer } from "../factory";
import { setupApp } from "../helper";

const { app, database } = await setupApp();

const change = (token: string, payload: Record<string, unknown>) =>
  app.inject({ method: "POST", url: "/api/user/appUser/changePassword", headers: auth(token), payload });
const me = async (token: string) =>
  (await app.inject({ method: "GET", url: "/api/user/appUser/getMyUserInfo", headers: auth(token) })).json().result;

describe("login password", () => {
  it("changes with the old password; the new one logs in", async () => {
    const c = await registerCustomer(app);
    expect(
      (await change(c.token, { kind: "login", oldPassword: PASSWORD, newPassword: "Another123" })).statusCode,
    ).toBe(200);
    const login = await app.inject({
      method: "POST",
      url: "/api/app/login",
      payload: { account: c.email, password: "Another123" },
      remoteAddress: newIp(),
    });
    expect(login.statusCode).toBe(200);
  });

  it("answers a wrong old password with 400 and keeps the session", async () => {
    const c = await registerCustomer(app);
    const res = await change(c.token, { kind: "login", oldPassword: "Wrong1234", newPassword: "Another123" });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe("The current password is wrong");
    expect((await me(c.token)).id).toBe(c.id);
  });

  it("applies the password rule to the new password", async () => {
    const c = await registerCustomer(app);
    const res = await change(c.token, { kind: "login", oldPassword: PASSWORD, newPassword: "onlyletters" });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain("newPassword");
  });

  it("locks the old-password check after 10 wrong tries", async () => {
    const c = await registerCustomer(app);
    for (let i = 0; i < 10; i++) {
      expect(
        (await change(c.token, { kind: "login", oldPassword: "Wrong1234", newPassword: "Another123" })).statusCode,
      ).toBe(400);
    }
    const res = await change(c.token, { kind: "login", oldPassword: PASSWORD, newPassword: "Another123" });
    expect(res.statusCode).toBe(429);
  });
});

describe("withdrawal password", () => {
  it("is first set with the login password, then changed with itself", async () => {
    const c = await registerCustomer(app);
    expect((await me(c.token)).hasWithdrawalPassword).toBe(false);
    await expect(verifyWithdrawalPassword(database.db, c.id, "Anything1")).rejects.toMatchObject({ status: 409 });

    const wrong = await change(c.token, { kind: "withdrawal", oldPassword: "Wrong1234", newPassword: "Withdraw123" });
    expect(wrong.statusCode).toBe(400);
    const set = await change(c.token, { kind: "withdrawal", oldPassword: PASSWORD, newPassword: "Withdraw123" });
    expect(set.statusCode).toBe(200);
    expect((await me(c.token)).hasWithdrawalPassword).toBe(true);

    expect(await verifyWithdrawalPassword(database.db, c.id, "Withdraw123")).toBe(true);
    expect(await verifyWithdrawalPassword(database.db, c.id, PASSWORD)).toBe(false);

    // Now the login password no longer works as the old one.
    const withLogin = await change(c.token, { kind: "withdrawal", oldPassword: PASSWORD, newPassword: "Withdraw456" });
    expect(withLogin.statusCode).toBe(400);
    const changed = await change(c.token, {
      kind: "withdrawal",
      oldPassword: "Withdraw123",
      newPassword: "Withdraw456",
    });
    expect(changed.statusCode).toBe(200);
    expect(await verifyWithdrawalPassword(database.db, c.id, "Withdraw456")).toBe(true);
    // A withdrawal password change leaves the sessions alone.
    expect(changed.json().result).toEqual({ revokedSessions: 0 });
  });

  it("must differ from the login password", async () => {
    const c = await registerCustomer(app);
    const res = await change(c.token, { kind: "withdrawal", oldPassword: PASSWORD, newPassword: PASSWORD });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe("The withdrawal password must be different from the login password");
  });

  it("is stored as its own argon2id hash", async () => {
    const c = await registerCustomer(app);
    await change(c.token, { kind: "withdrawal", oldPassword: PASSWORD, newPassword: "Withdraw123" });
    const [row] = await database.query<{ password_hash: string; withdrawal_password_hash: string }>(
      "SELECT password_hash, withdrawal_password_hash FROM users WHERE id = $1",
      [c.id],
    );
    expect(row?.password_hash).toMatch(/^\$argon2id\$/);
    expect(row?.withdrawal_password_hash).toMatch(/^\$argon2id\$/);
    expect(row?.withdrawal_password_hash).not.toBe(row?.password_hash);
  });

  it("cannot be guessed: 10 wrong tries lock the check for 15 minutes", async () => {
    const c = await registerCustomer(app);
    await change(c.token, { kind: "withdrawal", oldPassword: PASSWORD, newPassword: "Withdraw123" });
    for (let i = 0; i < 10; i++) expect(await verifyWithdrawalPassword(database.db, c.id, `Guess${i}xx1`)).toBe(false);
    await expect(verifyWithdrawalPassword(database.db, c.id, "Withdraw123")).rejects.toMatchObject({ status: 429 });
  });
});
