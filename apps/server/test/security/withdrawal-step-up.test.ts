// OWASP ASVS L2, "money movement needs a second factor" (docs/contract.md "Withdrawal safety"):
// an intruder holding a customer's session and withdrawal password cannot add an address or
// withdraw without the authenticator code, cannot empty a freshly added (or re-pointed)
// address before its hold ends, and the "this was not me" link in the notice freezes new
// withdrawals until support lifts it. Time moves only through the sandbox clock.
import { generate } from "otplib";
import { describe, expect, it } from "vitest";
import { outbox } from "../accounts/factory";
import {
  bindAuthenticator,
  createOperator,
  fund,
  PASSWORD,
  uniq,
  type WalletCustomer,
  WITHDRAWAL_PASSWORD,
  walletCustomer,
} from "../factory";
import { MIDWEEK, setupApp, startClockAt } from "../helper";
import { ADDRESSES, api, setPrices, spot } from "../wallet/factory";

const { app, database } = await setupApp(startClockAt(MIDWEEK));
const { get, post } = api(app);
setPrices(app, { BTCUSDT: "60000", ETHUSDT: "3000" });

const HOLD_S = 24 * 3600;
const nowS = () => Math.floor(Date.now() / 1000);
const advance = (seconds: number) => post("/dev/clock/advance", undefined, { seconds });
const trc20 = () =>
  `T${uniq()
    .padEnd(33, "x")
    .slice(0, 33)
    .replace(/[^1-9A-HJ-NP-Za-km-z]/g, "z")}`;

/** A customer with 500 USDT, a withdrawal password and a USDT wallet past its hold. */
async function fundedWalletCustomer(): Promise<WalletCustomer> {
  const c = await walletCustomer(app);
  await fund(database, c.id, "USDT", "500");
  return c;
}

/** How messages show a time: "2026-03-05 10:00 UTC". */
const intruderUsable = (iso: string) => `${iso.slice(0, 10)} ${iso.slice(11, 16)} UTC`;

const withdraw = (c: WalletCustomer, extra: Record<string, unknown> = {}, accountId = c.accountId) =>
  post("/api/finance/appWithdrawal/apply", c.token, {
    currency: "USDT",
    amount: "50",
    accountId,
    withdrawalPassword: WITHDRAWAL_PASSWORD,
    ...extra,
  });

describe("withdrawals need the authenticator code when one is bound", () => {
  it("an intruder with the session and the withdrawal password cannot withdraw without the code", async () => {
    const c = await fundedWalletCustomer();
    const secret = await bindAuthenticator(app, c.token);

    const missing = await withdraw(c);
    expect(missing.status).toBe(400);
    expect(missing.body.message).toMatch(/Authenticator/);
    const wrong = await withdraw(c, { googleCode: "000000" });
    expect(wrong.status).toBe(400);
    expect(await spot(database, c.id)).toMatchObject({ available: "500", held: "0" });

    const right = await withdraw(c, { googleCode: await generate({ secret, epoch: nowS() }) });
    expect(right.status, JSON.stringify(right.body)).toBe(200);
    expect(await spot(database, c.id)).toMatchObject({ available: "450", held: "50" });
    const info = await get("/api/finance/appWithdrawal/info?currency=USDT", c.token);
    expect(info.result).toMatchObject({ googleBound: true, withdrawalsFrozen: false });
  });

  it("an intruder cannot add a withdrawal address without the code", async () => {
    const c = await fundedWalletCustomer();
    const secret = await bindAuthenticator(app, c.token);
    const body = { type: "wallet", currency: "USDT", network: "TRC20", address: trc20() };

    expect((await post("/api/user/appUserWithdrawalInfoSet/addAccount", c.token, body)).status).toBe(400);
    const wrong = await post("/api/user/appUserWithdrawalInfoSet/addAccount", c.token, {
      ...body,
      googleCode: "123456",
    });
    expect(wrong.status).toBe(400);
    const list = await get("/api/user/appUserWithdrawalInfoSet/list", c.token);
    expect(list.result).toHaveLength(1);

    const added = await post("/api/user/appUserWithdrawalInfoSet/addAccount", c.token, {
      ...body,
      googleCode: await generate({ secret, epoch: nowS() }),
    });
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    expect(Object.keys(added.result).sort()).toEqual(["id", "usableAt"]);
  });
});

describe("a new withdrawal address waits out its hold", () => {
  it("an intruder cannot empty the account to an address added a moment ago", async () => {
    const c = await fundedWalletCustomer();
    const added = await post("/api/user/appUserWithdrawalInfoSet/addAccount", c.token, {
      type: "wallet",
      currency: "USDT",
      network: "TRC20",
      address: trc20(),
    });
    expect(added.status).toBe(200);
    const clock = await get("/dev/clock");
    expect(Date.parse(added.result.usableAt) - Date.parse(clock.result.now)).toBeGreaterThan((HOLD_S - 60) * 1000);
    const listed = (await get("/api/user/appUserWithdrawalInfoSet/list", c.token)).result.find(
      (a: { id: number }) => a.id === added.result.id,
    );
    expect(listed.usableAt).toBe(added.result.usableAt);

    const early = await withdraw(c, {}, added.result.id);
    expect(early.status).toBe(409);
    const shown = added.result.usableAt.slice(0, 16).replace("T", " ");
    expect(early.body.message).toContain(shown);
    expect(await spot(database, c.id)).toMatchObject({ available: "500", held: "0" });

    expect((await advance(HOLD_S + 1)).status).toBe(200);
    const later = await withdraw(c, {}, added.result.id);
    expect(later.status, JSON.stringify(later.body)).toBe(200);
  });

  it("re-pointing an old, usable address at a new destination does not skip the hold", async () => {
    const c = await fundedWalletCustomer();
    const edited = await post("/api/user/appUserWithdrawalInfoSet/updateAccount", c.token, {
      id: c.accountId,
      type: "wallet",
      currency: "USDT",
      network: "ERC20",
      address: ADDRESSES.ERC20,
    });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    expect(Date.parse(edited.result.usableAt)).toBeGreaterThan(Date.parse((await get("/dev/clock")).result.now));
    expect((await withdraw(c)).status).toBe(409);
  });
});

describe('"this was not me" freezes new withdrawals', () => {
  it("the notice's one-time link freezes withdrawals and ends the intruder's sessions until support lifts it", async () => {
    const c = await fundedWalletCustomer();
    const pending = await withdraw(c);
    expect(pending.status).toBe(200);

    // The intruder adds an address; the real owner gets the notice with the link.
    const intruder = await post("/api/user/appUserWithdrawalInfoSet/addAccount", c.token, {
      type: "wallet",
      currency: "USDT",
      network: "TRC20",
      address: trc20(),
    });
    expect(intruder.status).toBe(200);
    const [mail] = await outbox(app, c.email);
    expect(mail?.subject).toMatch(/withdrawal address/);
    // The inbox says it too (in the reader's language), pointing at the e-mail's link.
    const inbox = async () =>
      ((await get("/api/content/appNotice/myList?category=system", c.token)).result?.records ?? []) as {
        title: string;
        body: string;
      }[];
    for (let i = 0; i < 100 && (await inbox()).length === 0; i++) await new Promise((r) => setTimeout(r, 50));
    const [note] = await inbox();
    expect(note?.title).toBe("New withdrawal address added");
    expect(note?.body).toContain(intruderUsable(intruder.result.usableAt));
    const token = /withdrawal-freeze\?token=([A-Za-z0-9_-]+)/.exec(mail?.text ?? "")?.[1] ?? "";
    expect(token).not.toBe("");

    expect((await post("/api/public/withdrawalFreeze", undefined, { token })).status).toBe(200);
    expect((await post("/api/public/withdrawalFreeze", undefined, { token })).status).toBe(400);
    expect((await post("/api/public/withdrawalFreeze", undefined, { token: "x".repeat(43) })).status).toBe(400);
    // Every session ended (the intruder's too).
    expect((await get("/api/user/appUser/getMyUserInfo", c.token)).status).toBe(401);

    const login = await post("/api/app/login", undefined, { account: c.email, password: PASSWORD });
    const again: WalletCustomer = { ...c, token: login.result.token };
    await advance(HOLD_S + 1);
    const frozen = await withdraw(again);
    expect(frozen.status).toBe(409);
    expect(frozen.body.message).toMatch(/frozen/);
    expect((await get("/api/finance/appWithdrawal/info?currency=USDT", again.token)).result.withdrawalsFrozen).toBe(
      true,
    );
    // What was already asked for stays cancellable.
    const cancel = await post(`/api/finance/appWithdrawal/cancel/${pending.result.id}`, again.token);
    expect(cancel.status).toBe(200);

    // The customer cannot lift it; support can, after checking who asks (audited).
    const op = await createOperator(app, database);
    const lifted = await post("/api/operator/wallet/withdrawalFreeze/lift", op.token, {
      id: c.id,
      reason: "identity checked by video call",
    });
    expect(lifted.status, JSON.stringify(lifted.body)).toBe(200);
    expect((await withdraw(again)).status).toBe(200);
    expect(
      (await post("/api/operator/wallet/withdrawalFreeze/lift", op.token, { id: c.id, reason: "again" })).status,
    ).toBe(404);
  });
});
