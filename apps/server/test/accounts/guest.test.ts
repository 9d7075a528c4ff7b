// Guest login: one account per device with a generated password shown once.
import { describe, expect, it } from "vitest";
import { auth, newIp, uniq } from "../factory";
import { setupApp } from "../helper";

const { app } = await setupApp();

const guest = (deviceId: string) =>
  app.inject({ method: "POST", url: "/api/app/guestLogin", payload: { deviceId }, remoteAddress: newIp() });

describe("guest login", () => {
  it("creates an account with a generated password that logs in", async () => {
    const res = await guest(`device-${uniq()}`);
    expect(res.statusCode).toBe(200);
    const { token, userInfo, initialPassword } = res.json().result;
    expect(userInfo.username).toMatch(/^guest\d{8}$/);
    expect(initialPassword).toMatch(/^(?=.*[A-Za-z])(?=.*\d).{12}$/);
    const me = await app.inject({ method: "GET", url: "/api/user/appUser/getMyUserInfo", headers: auth(token) });
    expect(me.json().result).toMatchObject({ guest: true, email: null, phone: null });
    const login = await app.inject({
      method: "POST",
      url: "/api/app/login",
      payload: { account: userInfo.username, password: initialPassword },
      remoteAddress: newIp(),
    });
    expect(login.statusCode).toBe(200);
  });

  it("says the account exists for a device that has one (409) and never shows the password again", async () => {
    const device = `device-${uniq()}`;
    expect((await guest(device)).statusCode).toBe(200);
    const again = await guest(device);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe("An account already exists for this device, please log in with password");
    expect(again.json().result).toBeNull();
  });

  it("validates the device id", async () => {
    const res = await guest("x");
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain("deviceId");
  });
});
