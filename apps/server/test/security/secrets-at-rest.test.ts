// Item 9 of "Security to OWASP ASVS level 2": codes and secrets at rest. A database leak
// must not give away one-time codes (an unsalted SHA-256 of 6 digits is reversed by hashing
// the million candidates) nor authenticator secrets (stored encrypted with a key from the
// environment; a plain row from before keeps working and is encrypted on its next use).
// Outside the sandbox SMS goes through a provider: the log-only one refuses to start there.
import { createHash } from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { generate, generateSecret } from "otplib";
import { afterAll, describe, expect, it } from "vitest";
import { SECRET_FILE, serverKeys } from "../../src/lib/secrets";
import { createSmsSender } from "../../src/modules/notifier/sms";
import { outbox } from "../accounts/factory";
import { auth, bindKey, createStaffMember, newIp, PASSWORD, registerCustomer, staffPasswordStep } from "../factory";
import { setupApp } from "../helper";

const { app, database } = await setupApp();
const now = () => Math.floor(Date.now() / 1000);

describe("one-time codes at rest", () => {
  it("a leaked code hash is not the SHA-256 of the code (hashing the million candidates finds nothing)", async () => {
    const c = await registerCustomer(app);
    const res = await app.inject({
      method: "GET",
      url: `/api/app/getEmailCaptcha?email=${encodeURIComponent(c.email)}`,
      remoteAddress: newIp(),
    });
    expect(res.statusCode).toBe(200);
    const [mail] = await outbox(app, c.email);
    const code = mail?.code as string;
    const [row] = await database.query<{ code_hash: string }>(
      "SELECT code_hash FROM one_time_codes WHERE destination = $1 ORDER BY id DESC LIMIT 1",
      [c.email],
    );
    expect(row?.code_hash).toBeDefined();
    expect(row?.code_hash).not.toBe(createHash("sha256").update(code).digest("hex"));
    // The code still logs in.
    const login = await app.inject({
      method: "POST",
      url: "/api/app/emailLogin",
      payload: { email: c.email, code },
      remoteAddress: newIp(),
    });
    expect(login.statusCode).toBe(200);
  });
});

describe("authenticator secrets at rest", () => {
  it("a customer's authenticator secret is not stored in plain text, and still verifies", async () => {
    const c = await registerCustomer(app);
    const key = await app.inject({
      method: "POST",
      url: "/api/user/appUser/generateGoogleKey",
      headers: auth(c.token),
    });
    const { secret } = key.json().result;
    const pending = await database.query<{ google_pending_secret: string }>(
      "SELECT google_pending_secret FROM users WHERE id = $1",
      [c.id],
    );
    expect(pending[0]?.google_pending_secret).not.toContain(secret);
    const bind = await bindKey(app, c.token, secret);
    expect(bind.status).toBe(200);
    const [row] = await database.query<{ google_secret: string }>("SELECT google_secret FROM users WHERE id = $1", [
      c.id,
    ]);
    expect(row?.google_secret).toMatch(/^v1:/);
    expect(row?.google_secret).not.toContain(secret);
    const login = await app.inject({
      method: "POST",
      url: "/api/app/login",
      payload: { account: c.email, password: PASSWORD, googleCode: await generate({ secret, epoch: now() }) },
      remoteAddress: newIp(),
    });
    expect(login.statusCode).toBe(200);
  });

  it("a plain secret from before keeps working and is encrypted on its next use", async () => {
    const c = await registerCustomer(app);
    const secret = generateSecret();
    await database.query("UPDATE users SET google_secret = $1 WHERE id = $2", [secret, c.id]);
    const login = await app.inject({
      method: "POST",
      url: "/api/app/login",
      payload: { account: c.email, password: PASSWORD, googleCode: await generate({ secret, epoch: now() }) },
      remoteAddress: newIp(),
    });
    expect(login.statusCode).toBe(200);
    const [row] = await database.query<{ google_secret: string }>("SELECT google_secret FROM users WHERE id = $1", [
      c.id,
    ]);
    expect(row?.google_secret).toMatch(/^v1:/);
  });

  it("a staff member's authenticator secret is not stored in plain text; a plain one from before still logs in", async () => {
    const member = await createStaffMember(app, database, "support");
    const [row] = await database.query<{ totp_secret: string }>("SELECT totp_secret FROM staff WHERE id = $1", [
      member.id,
    ]);
    expect(row?.totp_secret).toMatch(/^v1:/);
    expect(row?.totp_secret).not.toContain(member.secret);
    // Legacy row: plain text.
    await database.query("UPDATE staff SET totp_secret = $1, totp_last_step = NULL WHERE id = $2", [
      member.secret,
      member.id,
    ]);
    const step1 = await staffPasswordStep(app, member.username);
    const step2 = await app.inject({
      method: "POST",
      url: "/api/staff/login/totp",
      remoteAddress: newIp(),
      payload: { ticket: step1.ticket, code: await generate({ secret: member.secret, epoch: now() + 30 }) },
    });
    expect(step2.statusCode).toBe(200);
    const [after] = await database.query<{ totp_secret: string }>("SELECT totp_secret FROM staff WHERE id = $1", [
      member.id,
    ]);
    expect(after?.totp_secret).toMatch(/^v1:/);
  });
});

describe("the server secret", () => {
  it("outside the sandbox there is no start without SERVER_SECRET", () => {
    expect(() => serverKeys({ sandbox: false, dataDir: os.tmpdir() })).toThrow(/SERVER_SECRET/);
  });

  it("in the sandbox a generated secret is kept in DATA_DIR, owner-only, and reused", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "candor-secret-"));
    const a = serverKeys({ sandbox: true, dataDir: dir }).key("codes");
    const file = path.join(dir, SECRET_FILE);
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    expect(serverKeys({ sandbox: true, dataDir: dir }).key("codes").equals(a)).toBe(true);
    expect(serverKeys({ sandbox: true, dataDir: dir }).key("totp").equals(a)).toBe(false);
  });
});

describe("SMS provider", () => {
  const received: { auth: string | undefined; body: string }[] = [];
  const server = http.createServer((req, res) => {
    let body = "";
    req.on("data", (c) => {
      body += c;
    });
    req.on("end", () => {
      received.push({ auth: req.headers.authorization, body });
      res.writeHead(200, { "content-type": "application/json" }).end("{}");
    });
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it("the log-only provider refuses to start when SANDBOX=false", () => {
    expect(() => createSmsSender({ sandbox: false, smsProvider: "log" })).toThrow(/SANDBOX/);
    expect(createSmsSender({ sandbox: true, smsProvider: "log" })).toBeNull();
  });

  it("the HTTP provider posts the message with its key", async () => {
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", () => resolve()));
    const port = (server.address() as { port: number }).port;
    const sms = createSmsSender({
      sandbox: false,
      smsProvider: "http",
      smsHttpUrl: `http://127.0.0.1:${port}/send`,
      smsHttpKey: "sms-key",
    });
    await sms?.send("+4915112345678", "Your code is 123456.");
    expect(received).toEqual([
      { auth: "Bearer sms-key", body: JSON.stringify({ to: "+4915112345678", text: "Your code is 123456." }) },
    ]);
  });
});
