// The one error handler: envelope on every failure, translated 4xx, hidden 5xx.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { buildApp } from "../src/app";
import type { Database } from "../src/db";
import { createTestDatabase, testConfig } from "./helper";

let app: Awaited<ReturnType<typeof buildApp>>;
let database: Database;
const logged: string[] = [];

beforeAll(async () => {
  database = await createTestDatabase();
  app = await buildApp({
    config: testConfig({ rateLimitPerMinute: 5 }),
    database,
    logger: { level: "error", stream: { write: (line: string) => logged.push(line) } },
  });
  app.post(
    "/api/test/echo",
    {
      config: { rateLimit: false },
      schema: { body: z.object({ amount: z.number().positive(), name: z.string().min(2) }) },
    },
    async (request) => ({ success: true, code: 200, message: "Success", result: request.body, timestamp: 1 }),
  );
  app.get("/api/test/boom", { config: { rateLimit: false } }, async () => {
    throw new Error("connection string postgres://secret@db failed");
  });
  await app.ready();
});
afterAll(async () => {
  await app.close();
  await database.close();
});

describe("envelope errors", () => {
  it("answers an unknown /api path with the 404 envelope", async () => {
    const res = await app.inject({ method: "GET", url: "/api/does/not/exist" });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ success: false, code: 404, result: null });
    expect(res.json().message).toContain("/api/does/not/exist");
    expect(typeof res.json().timestamp).toBe("number");
  });

  it("answers unknown /api POSTs with 404 too", async () => {
    const res = await app.inject({ method: "POST", url: "/api/nope", payload: {} });
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe(404);
  });

  it.each([
    ["en-us", "amount is required"],
    ["ko", "amount을(를) 입력해 주세요"],
    ["xi", "amount es obligatorio"],
  ])("names the missing field in %s", async (lang, message) => {
    const res = await app.inject({
      method: "POST",
      url: "/api/test/echo",
      headers: { "x-lang": lang },
      payload: { name: "ab" },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, code: 400, message });
  });

  it("names a field that is out of range", async () => {
    const res = await app.inject({ method: "POST", url: "/api/test/echo", payload: { amount: 5, name: "a" } });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe("name is too short or too small");
  });

  it("answers malformed JSON with a translated 400", async () => {
    const res = await app.inject({
      method: "POST",
      url: "/api/test/echo",
      headers: { "content-type": "application/json", "x-lang": "jp" },
      payload: "{not json",
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe("リクエスト本文が正しい JSON ではありません");
  });

  it("hides 5xx details from the client and logs them", async () => {
    const res = await app.inject({ method: "GET", url: "/api/test/boom", headers: { "x-lang": "vl" } });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toMatchObject({
      success: false,
      code: 500,
      message: "Đã xảy ra lỗi từ phía chúng tôi. Vui lòng thử lại",
    });
    expect(res.body).not.toContain("secret");
    expect(logged.join("\n")).toContain("postgres://secret@db failed");
  });

  it("translates 401 by X-Lang and defaults to English", async () => {
    const ko = await app.inject({ method: "GET", url: "/api/user/appUser/getMyUserInfo", headers: { "x-lang": "ko" } });
    expect(ko.statusCode).toBe(401);
    expect(ko.json().message).toBe("먼저 로그인해 주세요");
    const none = await app.inject({ method: "GET", url: "/api/user/appUser/getMyUserInfo" });
    expect(none.json().message).toBe("Please log in first");
  });

  it("rate-limits with a 429 envelope", async () => {
    const codes: number[] = [];
    for (let i = 0; i < 7; i++) {
      const res = await app.inject({ method: "GET", url: "/api/sys/time", remoteAddress: "10.9.9.9" });
      codes.push(res.statusCode);
    }
    expect(codes.slice(0, 5)).toEqual([200, 200, 200, 200, 200]);
    expect(codes[6]).toBe(429);
    const limited = await app.inject({
      method: "GET",
      url: "/api/sys/time",
      remoteAddress: "10.9.9.9",
      headers: { "x-lang": "tai" },
    });
    expect(limited.json()).toMatchObject({ success: false, code: 429, message: "มีคำขอมากเกินไป กรุณาลองใหม่ภายหลัง" });
  });
});

describe("rate limit scope", () => {
  it("does not count the app's own files, only /api", async () => {
    const codes: number[] = [];
    for (let i = 0; i < 8; i++) {
      const res = await app.inject({ method: "GET", url: `/assets/chunk-${i}.js`, remoteAddress: "10.8.8.8" });
      codes.push(res.statusCode);
    }
    expect(codes).not.toContain(429);
  });
});
