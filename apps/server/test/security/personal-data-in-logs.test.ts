// Item 14 of "Security to OWASP ASVS level 2": personal data stays out of the logs. A code
// request carries the e-mail address or phone number in its query string; the access log
// keeps the path and the parameter names only. The notifier's log line names the channel,
// not the address, and never the code. The seeded passwords go to a file in DATA_DIR that
// only the owner can read; the start output only says where.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Writable } from "node:stream";
import { afterAll, describe, expect, it, vi } from "vitest";
import { buildApp } from "../../src/app";
import { seed } from "../../src/db/seed";
import { CREDENTIALS_FILE } from "../../src/lib/credentials-file";
import { SEEDED_ADMIN_USERNAME } from "../../src/modules/staff/service";
import { DEMO_USERNAME } from "../../src/modules/users/seed";
import { outbox } from "../accounts/factory";
import { newIp, registerCustomer } from "../factory";
import { createTestDatabase, testConfig } from "../helper";

const lines: string[] = [];
const sink = new Writable({
  write(chunk, _enc, done) {
    lines.push(chunk.toString());
    done();
  },
});
const database = await createTestDatabase();
const config = testConfig({ logLevel: "info" });
const app = await buildApp({ config, database, logger: { level: "info", stream: sink } });
await app.ready();
afterAll(async () => {
  await app.close();
  await database.close();
});

describe("request logs", () => {
  it("an e-mail address in getEmailCaptcha's query string does not reach the access log, nor the code", async () => {
    const c = await registerCustomer(app);
    lines.length = 0;
    const res = await app.inject({
      method: "GET",
      url: `/api/app/getEmailCaptcha?email=${encodeURIComponent(c.email)}`,
      remoteAddress: newIp(),
    });
    expect(res.statusCode).toBe(200);
    const [mail] = await outbox(app, c.email);
    const log = lines.join("");
    expect(log).toContain("/api/app/getEmailCaptcha?email=");
    expect(log).not.toContain(c.email);
    expect(log).not.toContain(encodeURIComponent(c.email));
    expect(log).not.toContain(c.email.split("@")[0]);
    expect(mail?.code).toMatch(/^\d{6}$/);
    expect(log).not.toContain(mail?.code as string);
  });

  it("a phone number in getPhoneCaptcha's query string does not reach the log", async () => {
    lines.length = 0;
    await app.inject({
      method: "GET",
      url: "/api/app/getPhoneCaptcha?phone=4915112345678&countryCode=DE&purpose=login",
      remoteAddress: newIp(),
    });
    const log = lines.join("");
    expect(log).toContain("/api/app/getPhoneCaptcha?phone=");
    expect(log).not.toContain("4915112345678");
    expect(log).not.toContain("15112345678");
  });

  it("the checkAccount and outbox lookups do not log the account either", async () => {
    lines.length = 0;
    await app.inject({
      method: "GET",
      url: "/api/app/checkAccount?account=someone%40example.com",
      remoteAddress: newIp(),
    });
    await app.inject({ method: "GET", url: "/dev/outbox?to=someone@example.com" });
    const log = lines.join("");
    expect(log).not.toContain("someone");
  });
});

describe("seeded passwords", () => {
  it("the bootstrap admin's and the demo customer's passwords are not printed: they go to an owner-only file in DATA_DIR", async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "candor-creds-"));
    await database.query("DELETE FROM staff_sessions");
    await database.query("DELETE FROM staff WHERE username = $1", [SEEDED_ADMIN_USERNAME]);
    await database.query("DELETE FROM users WHERE username = $1", [DEMO_USERNAME]);
    const printed: string[] = [];
    const spy = vi.spyOn(console, "log").mockImplementation((...args: unknown[]) => void printed.push(args.join(" ")));
    try {
      await seed(database, { sandbox: true, dataDir });
    } finally {
      spy.mockRestore();
    }
    const file = path.join(dataDir, CREDENTIALS_FILE);
    expect(fs.existsSync(file)).toBe(true);
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    const text = fs.readFileSync(file, "utf8");
    const admin = /login: operator {2}password: (\S+)/.exec(text)?.[1];
    const demo = /login: demo@candor\.local {2}password: (\S+)/.exec(text)?.[1];
    expect(admin).toBeDefined();
    expect(demo).toBeDefined();
    const out = printed.join("\n");
    expect(out).not.toContain(admin as string);
    expect(out).not.toContain(demo as string);
    expect(out).toContain(file);
  });
});
