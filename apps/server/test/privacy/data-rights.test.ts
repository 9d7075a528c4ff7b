// Data rights through the API (issue 34 §4): "Download my data" — a job prepares a zip of every
// area's JSON (and the customer's files) with no secret in it, only its owner can fetch it, it
// expires after 7 days of business time and the daily clean-up deletes the file; "Close my
// account" — refused (409, nothing moved) while a position or a balance is open, otherwise the
// sessions end, the e-mail registers again as a new user and the old ledger still audits clean.
import fs from "node:fs";
import path from "node:path";
import { strFromU8, unzipSync } from "fflate";
import { describe, expect, it } from "vitest";
import { LOCK_AFTER_FAILURES } from "../../src/modules/auth/throttle";
import { auditLedger, getBalances } from "../../src/modules/ledger/service";
import { exportsDir } from "../../src/modules/privacy/service";
import { multipart, samples } from "../accounts/factory";
import { openOk, tick } from "../contracts/factory";
import {
  auth,
  type Customer,
  fund,
  fundedCustomer,
  newIp,
  registerCustomer,
  takeOut,
  verifyIdentity,
} from "../factory";
import { MIDWEEK, setupApp, startClockAt } from "../helper";

const { app, database, config } = await setupApp(startClockAt(MIDWEEK));
tick(app, "BTCUSDT", "60000");

async function call(c: Customer | null, method: "GET" | "POST", url: string, payload?: Record<string, unknown>) {
  const res = await app.inject({ method, url, headers: c ? auth(c.token) : {}, payload });
  return { status: res.statusCode, body: res.json() };
}
const advance = (seconds: number) =>
  app
    .inject({ method: "POST", url: "/dev/clock/advance", payload: { seconds } })
    .then((r) => expect(r.statusCode).toBe(200));

async function upload(c: Customer, purpose: "kyc" | "general") {
  const body = multipart(samples.jpeg);
  const res = await app.inject({
    method: "POST",
    url: `/api/sys/common/upload?purpose=${purpose}`,
    headers: { ...auth(c.token), ...body.headers },
    payload: body.payload,
  });
  expect(res.statusCode).toBe(200);
  return res.json().result as { url: string; name: string };
}

async function readyExport(c: Customer) {
  const started = await call(c, "POST", "/api/user/dataExport");
  expect(started.status, JSON.stringify(started.body)).toBe(200);
  // The request starts the job at once; run it here too (or wait for that run) until it is done.
  let state = await call(c, "GET", "/api/user/dataExport");
  for (let i = 0; i < 100 && state.body.result.status === "preparing"; i++) {
    await app.jobs.runKeyOrWait(`privacy.export:${started.body.result.id}`);
    await app.jobs.settle();
    state = await call(c, "GET", "/api/user/dataExport");
  }
  expect(state.body.result).toMatchObject({ id: started.body.result.id, status: "ready" });
  return state.body.result as { id: number; status: string; url: string; expiresAt: string };
}

describe("download my data", () => {
  it("prepares a zip with every area's JSON of this customer only, the files, and no secret", async () => {
    const me = await fundedCustomer(app, database, "250");
    const other = await fundedCustomer(app, database, "987.654321");
    const myDocument = await upload(me, "kyc");
    const theirDocument = await upload(other, "kyc");
    const ready = await readyExport(me);
    expect(Date.parse(ready.expiresAt) - app.clock.now().getTime()).toBeGreaterThan(6.9 * 86_400_000);
    expect(ready.url).toMatch(/^\/api\/user\/dataExport\/file\?id=\d+&exp=\d+&sig=/);

    const res = await app.inject({ method: "GET", url: ready.url, headers: auth(me.token) });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("application/zip");
    const zip = unzipSync(new Uint8Array(res.rawPayload));
    for (const area of [
      "profile.json",
      "kyc.json",
      "sessions.json",
      "orders/futures.json",
      "orders/options.json",
      "orders/spot.json",
      "orders/earn.json",
      "orders/loans.json",
      "orders/ieo.json",
      "orders/contests.json",
      "wallet.json",
      "ledger.json",
      "chat.json",
      "inbox.json",
    ]) {
      expect(zip[area], area).toBeDefined();
    }
    // The identity document itself, byte for byte; not the other customer's.
    expect(zip[`files/kyc/${myDocument.name}`]).toEqual(new Uint8Array(samples.jpeg));
    expect(Object.keys(zip).some((k) => k.includes(theirDocument.name))).toBe(false);
    const text = Object.values(zip)
      .map((bytes) => strFromU8(bytes))
      .join("\n");
    const profile = JSON.parse(strFromU8(zip["profile.json"] as Uint8Array));
    expect(profile.profile).toMatchObject({ id: me.id, email: me.email });
    const ledger = JSON.parse(strFromU8(zip["ledger.json"] as Uint8Array));
    expect(ledger.accounts.every((a: { user_id: number }) => Number(a.user_id) === me.id)).toBe(true);
    expect(ledger.transfers.length).toBeGreaterThan(0);
    const sessions = JSON.parse(strFromU8(zip["sessions.json"] as Uint8Array));
    expect(sessions.length).toBeGreaterThan(0);
    // Not the other customer's data, and no secret of any kind.
    expect(text).not.toContain(other.email);
    expect(text).not.toContain("987.654321");
    for (const secret of ["password_hash", "withdrawal_password_hash", "google_secret", "token_hash", "$argon2"]) {
      expect(text, secret).not.toContain(secret);
    }
    expect(text).not.toContain(me.token);
  });

  it("answers the export in preparation to a second request instead of starting another", async () => {
    const me = await registerCustomer(app);
    const first = await call(me, "POST", "/api/user/dataExport");
    const second = await call(me, "POST", "/api/user/dataExport");
    expect(second.body.result.id).toBe(first.body.result.id);
    expect(first.body.result.status).toBe("preparing");
  });

  it("another customer's session cannot download it, nor a forged or tampered link (404)", async () => {
    const me = await registerCustomer(app);
    const intruder = await registerCustomer(app);
    const ready = await readyExport(me);
    expect((await app.inject({ method: "GET", url: ready.url, headers: auth(intruder.token) })).statusCode).toBe(404);
    const forged = ready.url.replace(/sig=[^&]+/, "sig=AAAA");
    expect((await app.inject({ method: "GET", url: forged })).statusCode).toBe(404);
    const otherId = ready.url.replace(/id=\d+/, `id=${ready.id + 1000}`);
    expect((await app.inject({ method: "GET", url: otherId })).statusCode).toBe(404);
    // Before reading anything, an unsigned link is nothing.
    expect((await call(intruder, "GET", "/api/user/dataExport")).body.result).toBeNull();
  });

  it("expires after 7 days of business time and the daily clean-up deletes the file", async () => {
    const me = await registerCustomer(app);
    const ready = await readyExport(me);
    const [row] = await database.query<{ file_name: string }>("SELECT file_name FROM data_exports WHERE id = $1", [
      ready.id,
    ]);
    const file = path.join(exportsDir(config.dataDir), row?.file_name ?? "missing");
    expect(fs.existsSync(file)).toBe(true);
    await advance(6 * 86_400);
    expect((await call(me, "GET", "/api/user/dataExport")).body.result.status).toBe("ready");
    await advance(2 * 86_400);
    expect(fs.existsSync(file)).toBe(false);
    const state = await call(me, "GET", "/api/user/dataExport");
    expect(state.body.result).toEqual({ id: ready.id, status: "expired", url: null, expiresAt: null });
    expect((await app.inject({ method: "GET", url: ready.url, headers: auth(me.token) })).statusCode).toBe(404);
  });
});

describe("close my account", () => {
  it("is refused with an open position and a balance (409 listing them) and moves nothing", async () => {
    const me = await fundedCustomer(app, database, "500");
    await openOk(app, me, { symbol: "BTCUSDT", direction: "long", margin: "100", leverage: 2 });
    const before = await getBalances(database.db, me.id);
    const res = await call(me, "POST", "/api/user/close", { password: me.password });
    expect(res.status).toBe(409);
    expect(res.body.message).toMatch(/cannot close yet/);
    const open = res.body.result.open as { kind: string; count?: number; currency?: string; amount?: string }[];
    expect(open).toContainEqual({ kind: "futuresPositions", count: 1 });
    expect(open.find((o) => o.kind === "balance" && o.currency === "USDT")).toBeDefined();
    expect(await getBalances(database.db, me.id)).toEqual(before);
    expect((await call(me, "GET", "/api/user/profile")).status).not.toBe(401);
    const check = await call(me, "GET", "/api/user/close/check");
    expect(check.body.result.open).toEqual(open);
  });

  it("lists dust too, and demo money does not count", async () => {
    const me = await registerCustomer(app);
    await fund(database, me.id, "USDT", "0.000001");
    await fund(database, me.id, "VUSDT", "1000", "demo");
    const res = await call(me, "POST", "/api/user/close", { password: me.password });
    expect(res.status).toBe(409);
    expect(res.body.result.open).toEqual([{ kind: "balance", currency: "USDT", amount: "0.000001" }]);
  });

  it("refuses a wrong password (400) and keeps the account", async () => {
    const me = await registerCustomer(app);
    const res = await call(me, "POST", "/api/user/close", { password: "Wrong-password-1" });
    expect(res.status).toBe(400);
    expect(res.body.success).toBe(false);
    expect((await call(me, "GET", "/api/user/dataExport")).status).toBe(200);
  });

  it("guessing the password to close an account locks the check like any in-session password check (429)", async () => {
    const me = await registerCustomer(app);
    for (let i = 0; i < LOCK_AFTER_FAILURES; i++) {
      expect((await call(me, "POST", "/api/user/close", { password: `Wrong-${i}-password` })).status).toBe(400);
    }
    // Locked now: even the right password is refused, and the account stays open.
    expect((await call(me, "POST", "/api/user/close", { password: me.password })).status).toBe(429);
    expect((await call(me, "GET", "/api/user/dataExport")).status).toBe(200);
  });

  it("closes an emptied account: sessions end, the e-mail registers again as a new user, the ledger still audits", async () => {
    const me = await fundedCustomer(app, database, "300");
    await takeOut(database, me.id, "USDT", "300");
    const second = await app.inject({
      method: "POST",
      url: "/api/app/login",
      remoteAddress: newIp(),
      payload: { account: me.email, password: me.password },
    });
    const otherToken = second.json().result.token as string;
    const res = await call(me, "POST", "/api/user/close", { password: me.password });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.result).toMatchObject({ closed: true });
    expect((await call(me, "GET", "/api/user/dataExport")).status).toBe(401);
    expect(
      (await app.inject({ method: "GET", url: "/api/user/dataExport", headers: auth(otherToken) })).statusCode,
    ).toBe(401);
    // The closed account cannot log in.
    const login = await app.inject({
      method: "POST",
      url: "/api/app/login",
      remoteAddress: newIp(),
      payload: { account: me.email, password: me.password },
    });
    expect(login.statusCode).toBe(401);
    const [row] = await database.query<{ email: string | null; username: string; password_hash: string | null }>(
      "SELECT email, username, password_hash FROM users WHERE id = $1",
      [me.id],
    );
    expect(row).toEqual({ email: null, username: `closed:${me.id}`, password_hash: null });

    // (Its sign-up code was sent a moment ago and a new one waits a minute of real time: no code here.)
    const again = await registerCustomer(app, { email: me.email, proved: false });
    expect(again.id).not.toBe(me.id);
    // The old ledger rows are kept, on the anonymised id, and the books balance.
    const kept = await database.query<{ n: number | string }>(
      "SELECT count(*) AS n FROM ledger_accounts WHERE user_id = $1",
      [me.id],
    );
    expect(Number(kept[0]?.n)).toBeGreaterThan(0);
    expect((await auditLedger(database.db)).violations).toEqual([]);
  });

  it("keeps a closed account's identity check for the KYC retention period, then the daily job erases it and its files", async () => {
    const me = await registerCustomer(app);
    await verifyIdentity(app, database, me);
    const [doc] = await database.query<{ name: string }>(
      "SELECT u.name FROM kyc_submissions k JOIN uploads u ON u.id = k.front_upload_id WHERE k.user_id = $1",
      [me.id],
    );
    const file = path.join(config.dataDir, "uploads", doc?.name ?? "missing");
    expect(fs.existsSync(file)).toBe(true);
    expect((await call(me, "POST", "/api/user/close", { password: me.password })).status).toBe(200);
    const [closure] = await database.query<{ kyc_erase_after: string; ledger_keep_until: string }>(
      "SELECT kyc_erase_after, ledger_keep_until FROM account_closures WHERE user_id = $1",
      [me.id],
    );
    const years = (at: string) => (Date.parse(at) - app.clock.now().getTime()) / (365.25 * 86_400_000);
    expect(years(String(closure?.kyc_erase_after))).toBeCloseTo(config.retentionYearsKyc, 1);
    expect(years(String(closure?.ledger_keep_until))).toBeCloseTo(config.retentionYearsLedger, 1);
    // Inside the retention period the record stays.
    await app.privacy.daily();
    expect(fs.existsSync(file)).toBe(true);
    // (Years of daily runs are not stepped through: the period is brought to its end.)
    await database.query(
      "UPDATE account_closures SET kyc_erase_after = kyc_erase_after - interval '6 years' WHERE user_id = $1",
      [me.id],
    );
    expect((await app.privacy.daily()).kycErased).toBe(1);
    expect(fs.existsSync(file)).toBe(false);
    const [kyc] = await database.query<{ status: string; document_number: string | null }>(
      "SELECT status, document_number FROM kyc_submissions WHERE user_id = $1",
      [me.id],
    );
    expect(kyc).toEqual({ status: "passed", document_number: null });
  });
});
