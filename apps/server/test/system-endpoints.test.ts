// The system endpoints: health once migrations and seed are done, messages in the caller's
// language, the public settings and run mode, security headers.
import { describe, expect, it } from "vitest";
import { setupApp } from "./helper";

const { app } = await setupApp();

describe("system endpoints", () => {
  it("reports health once migrations and seed are done", async () => {
    const res = await app.inject({ method: "GET", url: "/api/health" });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ success: true, code: 200, result: { status: "ok" }, status: "ok" });
  });

  it("says Success in the caller's language", async () => {
    const res = await app.inject({ method: "GET", url: "/api/sys/time", headers: { "x-lang": "zh-cn" } });
    expect(res.json().message).toBe("成功");
    expect(Math.abs(res.json().result.ts - Date.now())).toBeLessThan(5000);
  });

  it("publishes the seeded sys_set and the run mode", async () => {
    const res = await app.inject({ method: "GET", url: "/api/sys/settings/public" });
    expect(res.json().result).toEqual({ sysSet: { isPcLimite: true }, sandbox: true, marketFeed: "sim" });
  });

  it("sends security headers", async () => {
    const res = await app.inject({ method: "GET", url: "/api/health" });
    expect(res.headers["x-content-type-options"]).toBe("nosniff");
    expect(res.headers["x-frame-options"]).toBe("SAMEORIGIN");
    expect(String(res.headers["content-security-policy"])).toContain("script-src 'self'");
  });
});
