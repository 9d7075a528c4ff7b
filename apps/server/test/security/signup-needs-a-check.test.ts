// Attack: mass registration and guest-chat creation by script (account farming, filling
// support's queue). The first few from one client address in 15 minutes need nothing (the
// original client's flow has no check); after that each needs a solved security check,
// harder as the count grows.
import { describe, expect, it } from "vitest";
import { fetchChallenge, solvedCaptcha } from "../accounts/captcha";
import { newIp, PASSWORD, uniq } from "../factory";
import { setupApp } from "../helper";

const FREE = 3;
const { app } = await setupApp({ freeSignupsPerAddress: FREE });

const register = (ip: string, extra: Record<string, unknown> = {}) =>
  app.inject({
    method: "POST",
    url: "/api/app/register",
    remoteAddress: ip,
    payload: { type: "email", account: `farm${uniq()}@example.com`, password: PASSWORD, agree: true, ...extra },
  });
const guestChat = (ip: string, extra: Record<string, unknown> = {}) =>
  app.inject({
    method: "POST",
    url: "/api/chat/guest",
    remoteAddress: ip,
    payload: { deviceId: `dev-${uniq()}`, ...extra },
  });

describe("registrations from one address need the security check after a few", () => {
  it(`the ${FREE + 1}th registration needs a solved check, and gets harder`, async () => {
    const ip = newIp();
    for (let i = 0; i < FREE; i++) expect((await register(ip)).statusCode).toBe(200);
    const bare = await register(ip);
    expect(bare.statusCode).toBe(400);
    expect(bare.headers["x-captcha-required"]).toBe("true");
    expect(bare.json().message).toBe("Please complete the security check");
    expect((await register(ip, { captcha: "not-a-solution" })).statusCode).toBe(400);
    for (let i = 0; i < 4; i++) expect((await register(ip, await solvedCaptcha(app, { ip }))).statusCode).toBe(200);
    expect((await fetchChallenge(app, { ip })).level).toBe(2);
    // Another address is not affected.
    expect((await register(newIp())).statusCode).toBe(200);
  });
});

describe("guest chats from one address need the security check after a few", () => {
  it(`the ${FREE + 1}th guest chat needs a solved check`, async () => {
    const ip = newIp();
    for (let i = 0; i < FREE; i++) expect((await guestChat(ip)).statusCode).toBe(200);
    const bare = await guestChat(ip);
    expect(bare.statusCode).toBe(400);
    expect(bare.headers["x-captcha-required"]).toBe("true");
    const res = await guestChat(ip, { captcha: (await solvedCaptcha(app, { ip })).captcha });
    expect(res.statusCode).toBe(200);
    expect(res.json().result.token).toBeTruthy();
  });
});
