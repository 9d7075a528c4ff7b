// What the audit log must hold besides staff changes: refused staff requests, failed console
// logins (both steps) and every view of an identity document. The key and the checkpoint
// live outside the database: AUDIT_KEY is required outside sandbox; the sandbox's generated
// key is owner-only.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { loadConfig } from "../../src/config";
import { resolveAuditKey } from "../../src/modules/staff/audit-key";
import { multipart, samples } from "../accounts/factory";
import { auth, createStaffMember, newIp, registerCustomer, staffPasswordStep } from "../factory";
import { setupApp } from "../helper";

const { app, database } = await setupApp();
const admin = await createStaffMember(app, database, "admin");

async function auditRows(query: string) {
  const res = await app.inject({ method: "GET", url: `/api/operator/audit/list?${query}`, headers: auth(admin.token) });
  return res.json().result.records as Array<Record<string, unknown>>;
}

describe("the audit log records", () => {
  it("a staff request refused for its role", async () => {
    const agent = await createStaffMember(app, database, "support");
    const res = await app.inject({
      method: "POST",
      url: "/api/operator/wallet/adjust",
      headers: auth(agent.token),
      payload: { userId: 1, currency: "USDT", amount: "1", reason: "x" },
    });
    expect(res.statusCode).toBe(403);
    const rows = await auditRows(`staffId=${agent.id}&action=refused`);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ action: "refused.wallet.adjust", role: "support" });
  });

  it("failed console logins, at the password and at the code", async () => {
    const member = await createStaffMember(app, database, "finance");
    const wrong = await app.inject({
      method: "POST",
      url: "/api/staff/login",
      remoteAddress: newIp(),
      payload: { username: member.username, password: "Wrong-pass-123" },
    });
    expect(wrong.statusCode).toBe(401);
    const { ticket } = await staffPasswordStep(app, member.username);
    const code = await app.inject({
      method: "POST",
      url: "/api/staff/login/totp",
      remoteAddress: newIp(),
      payload: { ticket, code: "000000" },
    });
    expect(code.statusCode).toBe(401);
    const rows = await auditRows("action=login.failed&targetType=staff&pageSize=50");
    const mine = rows.filter((r) => r.username === member.username);
    expect(mine.map((r) => (r.after as { step: string }).step).sort()).toEqual(["password", "totp"]);
    expect(JSON.stringify(mine)).not.toContain("Wrong-pass-123");
  });

  it("every view of an identity document, by staff and by its owner", async () => {
    const customer = await registerCustomer(app);
    const body = multipart(samples.jpeg);
    const up = await app.inject({
      method: "POST",
      url: "/api/sys/common/upload?purpose=kyc",
      headers: { ...auth(customer.token), ...body.headers },
      payload: body.payload,
    });
    const url = up.json().result.url as string;
    const name = url.split("/").pop() as string;
    const reviewer = await createStaffMember(app, database, "compliance");
    expect((await app.inject({ method: "GET", url, headers: auth(reviewer.token) })).statusCode).toBe(200);
    expect((await app.inject({ method: "GET", url, headers: auth(customer.token) })).statusCode).toBe(200);
    const rows = await auditRows(`action=kyc.file.view&targetId=${name}`);
    expect(rows.map((r) => r.role).sort()).toEqual(["compliance", "customer"]);
  });

  it("and still verifies", async () => {
    const res = await app.inject({ method: "GET", url: "/api/operator/audit/verify", headers: auth(admin.token) });
    expect(res.json().result).toMatchObject({ valid: true, reason: null });
  });
});

describe("the audit key", () => {
  it("is required outside sandbox", () => {
    // The other secrets a real-money start needs (README "Security"), so only the key is missing.
    const live = {
      SANDBOX: "false",
      SERVER_SECRET: "0123456789abcdef0123456789abcdef-live",
      PUBLIC_URL: "https://app.candor.example",
      SMS_HTTP_URL: "https://sms.example.com/send",
    };
    expect(() => loadConfig(live)).toThrow(/AUDIT_KEY/);
    expect(() => loadConfig({ ...live, AUDIT_KEY: "short" })).toThrow(/AUDIT_KEY/);
    expect(loadConfig({ ...live, AUDIT_KEY: "k".repeat(32) }).auditKey).toBe("k".repeat(32));
  });

  it("is generated in sandbox once, owner-only, and kept", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "candor-audit-"));
    const first = resolveAuditKey(undefined, dir);
    expect(fs.statSync(path.join(dir, "audit.key")).mode & 0o777).toBe(0o600);
    fs.chmodSync(path.join(dir, "audit.key"), 0o644);
    expect(resolveAuditKey(undefined, dir).equals(first)).toBe(true);
    expect(fs.statSync(path.join(dir, "audit.key")).mode & 0o777).toBe(0o600);
    fs.rmSync(dir, { recursive: true, force: true });
  });
});
