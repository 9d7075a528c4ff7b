// docs/contract.md "Accounts", proving the address: an account registered with an e-mail
// or phone its owner never proved (someone else's address, a typo) can look around and
// trade demo, but cannot deposit or withdraw until a code sent to that address comes back.
// Codes for registration go only to addresses without an account, and every code proves
// only the address it was sent to.
import { describe, expect, it } from "vitest";
import { outbox } from "../accounts/factory";
import { fund, newIp, PASSWORD, registerCustomer, uniq, WITHDRAWAL_PASSWORD, walletCustomer } from "../factory";
import { setupApp } from "../helper";

const { app, database } = await setupApp();

async function call(method: "GET" | "POST", url: string, token?: string, payload?: object, ip = newIp()) {
  const res = await app.inject({
    method,
    url,
    remoteAddress: ip,
    headers: token ? { "x-access-token": token } : {},
    ...(payload ? { payload: payload as Record<string, unknown> } : {}),
  });
  return {
    status: res.statusCode,
    body: res.body,
    json: res.json() as { message: string; result: ReturnType<typeof JSON.parse> },
  };
}

const me = async (token: string) => (await call("GET", "/api/user/appUser/getMyUserInfo", token)).json.result;
const deposit = (token: string) =>
  call("POST", "/api/finance/appRecharge/apply", token, { currency: "USDT", amount: "100" });
const lastCode = async (to: string) => (await outbox(app, to))[0]?.code ?? null;
const sendCode = (email: string, purpose: string, ip?: string) =>
  call(
    "GET",
    `/api/app/getEmailCaptcha?email=${encodeURIComponent(email)}&purpose=${purpose}`,
    undefined,
    undefined,
    ip,
  );

async function registerUnproved(): Promise<{ token: string; email: string; id: number }> {
  const email = `unproved-${uniq()}@example.com`;
  const res = await call("POST", "/api/app/register", undefined, {
    type: "email",
    account: email,
    password: PASSWORD,
    agree: true,
  });
  expect(res.status, res.body).toBe(200);
  return { token: res.json.result.token, email, id: res.json.result.userInfo.id };
}

describe("an account registered with an address nobody proved cannot move money", () => {
  it("registering with someone else's e-mail: deposits and withdrawals answer 403, demo still works", async () => {
    const intruder = await registerUnproved();
    expect(await me(intruder.token)).toMatchObject({ contactVerified: false });

    const dep = await deposit(intruder.token);
    expect(dep.status, dep.body).toBe(403);
    expect(dep.json.message).toMatch(/prove|verify/i);
    expect((await call("GET", "/api/finance/appRecharge/info?currency=USDT", intruder.token)).status).toBe(403);
    expect((await call("GET", "/api/finance/rechargeAddr/getAddr?currency=USDT", intruder.token)).status).toBe(403);

    // Money that reached the account some other way still cannot leave.
    await fund(database, intruder.id, "USDT", "500");
    expect(
      (
        await call("POST", "/api/user/appUser/changePassword", intruder.token, {
          kind: "withdrawal",
          oldPassword: PASSWORD,
          newPassword: WITHDRAWAL_PASSWORD,
        })
      ).status,
    ).toBe(200);
    const w = await call("POST", "/api/finance/appWithdrawal/apply", intruder.token, {
      currency: "USDT",
      amount: "50",
      accountId: 1,
      withdrawalPassword: WITHDRAWAL_PASSWORD,
    });
    expect(w.status, w.body).toBe(403);
    const balances = (await call("GET", "/api/finance/appWallet/queryUserBalance", intruder.token)).json.result;
    expect(balances.find((b: { currency: string }) => b.currency === "USDT")).toMatchObject({
      available: "500",
      frozen: "0",
    });
  });

  it("a code sent with purpose=register proves the address at sign-up; a wrong code creates nothing", async () => {
    const email = `prove-${uniq()}@example.com`;
    const ip = newIp();
    expect((await sendCode(email, "register", ip)).status).toBe(200);
    const code = await lastCode(email);
    expect(code).toMatch(/^\d{6}$/);

    const wrong = await call("POST", "/api/app/register", undefined, {
      type: "email",
      account: email,
      password: PASSWORD,
      agree: true,
      code: code === "000000" ? "111111" : "000000",
    });
    expect(wrong.status, wrong.body).toBe(400);
    expect((await database.query("SELECT 1 FROM users WHERE email = $1", [email])).length).toBe(0);

    const ok = await call("POST", "/api/app/register", undefined, {
      type: "email",
      account: email,
      password: PASSWORD,
      agree: true,
      code,
    });
    expect(ok.status, ok.body).toBe(200);
    expect(await me(ok.json.result.token)).toMatchObject({ contactVerified: true, email });
    expect((await deposit(ok.json.result.token)).status).toBe(200);
  });

  it("a registration code for one address does not prove another", async () => {
    const mine = `mine-${uniq()}@example.com`;
    const victim = `victim-${uniq()}@example.com`;
    await sendCode(mine, "register");
    const code = await lastCode(mine);
    const res = await call("POST", "/api/app/register", undefined, {
      type: "email",
      account: victim,
      password: PASSWORD,
      agree: true,
      code,
    });
    expect(res.status, res.body).toBe(400);
  });

  it("purpose=register sends nothing to an address that already has an account (same answer)", async () => {
    const existing = await registerCustomer(app, { proved: false });
    const before = (await outbox(app, existing.email)).length;
    const res = await sendCode(existing.email, "register");
    expect(res.status).toBe(200);
    expect((await outbox(app, existing.email)).length).toBe(before);
  });

  it("an unproved account proves its address later with a purpose=verify code; another account's code does not count", async () => {
    const a = await registerUnproved();
    const b = await registerUnproved();
    await sendCode(b.email, "verify");
    const bCode = await lastCode(b.email);
    expect(bCode).toMatch(/^\d{6}$/);
    // A's session with B's code: refused, nothing proved.
    expect((await call("POST", "/api/user/appUser/verifyContact", a.token, { code: bCode })).status).toBe(400);
    expect(await me(a.token)).toMatchObject({ contactVerified: false });

    await sendCode(a.email, "verify");
    const aCode = await lastCode(a.email);
    const res = await call("POST", "/api/user/appUser/verifyContact", a.token, { code: aCode });
    expect(res.status, res.body).toBe(200);
    expect(res.json.result).toEqual({ contactVerified: true });
    expect(await me(a.token)).toMatchObject({ contactVerified: true });
    expect((await deposit(a.token)).status).toBe(200);
    // B's own code proves B; the code is used up.
    expect((await call("POST", "/api/user/appUser/verifyContact", b.token, { code: bCode })).status).toBe(200);
    const [used] = await database.query<{ used: boolean }>(
      "SELECT used_at IS NOT NULL AS used FROM one_time_codes WHERE destination = $1 AND purpose = 'verify' ORDER BY id DESC LIMIT 1",
      [b.email],
    );
    expect(used?.used).toBe(true);
  });

  it("a guest adds an e-mail it proves (purpose=register code) and can then deposit; a taken address is refused", async () => {
    const guest = await call("POST", "/api/app/guestLogin", undefined, { deviceId: `device-${uniq()}` });
    expect(guest.status, guest.body).toBe(200);
    const token = guest.json.result.token as string;
    expect(await me(token)).toMatchObject({ email: null, contactVerified: false });
    expect((await deposit(token)).status).toBe(403);

    const email = `guest-${uniq()}@example.com`;
    await sendCode(email, "register");
    const code = await lastCode(email);
    const wrong = await call("POST", "/api/user/appUser/addContact", token, {
      type: "email",
      account: email,
      code: code === "000000" ? "111111" : "000000",
    });
    expect(wrong.status).toBe(400);
    const added = await call("POST", "/api/user/appUser/addContact", token, { type: "email", account: email, code });
    expect(added.status, added.body).toBe(200);
    expect(await me(token)).toMatchObject({ email, contactVerified: true });
    expect((await deposit(token)).status).toBe(200);

    // Someone else's address: no code is ever sent to it for registration, and a guessed one fails.
    const other = await registerCustomer(app);
    const guest2 = await call("POST", "/api/app/guestLogin", undefined, { deviceId: `device-${uniq()}` });
    const taken = await call("POST", "/api/user/appUser/addContact", guest2.json.result.token, {
      type: "email",
      account: other.email,
      code: "123456",
    });
    expect(taken.status).toBe(400);
  });

  it("a login with a code sent to the address proves it", async () => {
    const a = await registerUnproved();
    await sendCode(a.email, "login");
    const code = await lastCode(a.email);
    const res = await call("POST", "/api/app/emailLogin", undefined, { email: a.email, code });
    expect(res.status, res.body).toBe(200);
    expect(await me(a.token)).toMatchObject({ contactVerified: true });
  });

  it("the test factory's customers prove their address the way the app does", async () => {
    const c = await registerCustomer(app);
    expect(await me(c.token)).toMatchObject({ contactVerified: true });
    const w = await walletCustomer(app);
    expect(await me(w.token)).toMatchObject({ contactVerified: true });
  });
});
