// The one input rule in front of every schema (plugins/validation.ts): no control
// characters in query strings, path parameters or JSON body strings (TAB, LF, CR allowed
// in bodies), a 400 naming the field instead of PostgreSQL's 500; headers used as input
// (X-Lang, the access token) cannot cause a 5xx either.
import { afterAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { buildApp } from "../src/app";
import { auth, newIp, registerCustomer } from "./factory";
import { createTestDatabase, testConfig } from "./helper";

const database = await createTestDatabase();
const app = await buildApp({ config: testConfig(), database, logger: false });
// Echoes what reached the handler: shows what the rule lets through untouched.
app.post("/api/test/echo/:name", { schema: { body: z.any() } }, async (request) => ({
  success: true,
  code: 200,
  message: "Success",
  result: { params: request.params, query: request.query, body: request.body },
  timestamp: 1,
}));
await app.ready();
afterAll(async () => {
  await app.close();
  await database.close();
});

const post = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
  app.inject({ method: "POST", url, payload: payload as object, headers, remoteAddress: newIp() });

describe("control characters are refused before the schema", () => {
  it("a NUL in a query string is a 400 naming the field, not PostgreSQL's 500", async () => {
    const res = await app.inject({ url: "/api/app/checkAccount?account=%00", remoteAddress: newIp() });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe("account contains characters that are not allowed");
  });

  it("the message is translated by X-Lang", async () => {
    const res = await app.inject({
      url: "/api/app/checkAccount?account=a%00",
      headers: { "x-lang": "jp" },
      remoteAddress: newIp(),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe("account に使用できない文字が含まれています");
  });

  it("a NUL in captchaKey on login is a 400 naming captchaKey", async () => {
    const res = await post("/api/app/login", { account: "someone", password: "x", captchaKey: "k\u0000" });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe("captchaKey contains characters that are not allowed");
  });

  it("every C0 control and DEL is refused in query strings and path parameters, TAB/LF/CR included", async () => {
    for (const code of [0, 1, 9, 10, 13, 27, 31, 127]) {
      const c = encodeURIComponent(String.fromCharCode(code));
      const inQuery = await post(`/api/test/echo/ok?note=a${c}b`, {});
      expect(inQuery.statusCode, `U+${code.toString(16)} in query`).toBe(400);
      expect(inQuery.json().message).toBe("note contains characters that are not allowed");
      const inPath = await post(`/api/test/echo/a${c}b`, {});
      expect(inPath.statusCode, `U+${code.toString(16)} in path`).toBe(400);
      expect(inPath.json().message).toBe("name contains characters that are not allowed");
    }
  });

  it("JSON bodies keep TAB, LF and CR (multi-line text) and refuse the other controls, nested fields named by path", async () => {
    const text = "line one\r\n\tline two\nend";
    const ok = await post("/api/test/echo/ok?note=fine", { message: text, items: [{ text }] });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().result.body).toEqual({ message: text, items: [{ text }] });
    for (const code of [0, 1, 8, 11, 12, 14, 27, 31, 127]) {
      const bad = await post("/api/test/echo/ok", {
        items: [{ text: "ok" }, { text: `a${String.fromCharCode(code)}` }],
      });
      expect(bad.statusCode, `U+${code.toString(16)} in body`).toBe(400);
      expect(bad.json().message).toBe("items.1.text contains characters that are not allowed");
    }
  });

  it("a control character in an object key is refused too (keys can reach JSON columns)", async () => {
    const res = await post("/api/test/echo/ok", { meta: { "a\u0000": 1 } });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe("meta contains characters that are not allowed");
  });

  it("other Unicode passes untouched (C1 controls, emoji, right-to-left marks)", async () => {
    const text = "\u0085\u009f 💥 \u202e עברית";
    const res = await post(`/api/test/echo/${encodeURIComponent(text)}?note=${encodeURIComponent(text)}`, { text });
    expect(res.statusCode).toBe(200);
    expect(res.json().result).toEqual({ params: { name: text }, query: { note: text }, body: { text } });
  });

  it("odd X-Lang and access-token headers give 4xx or the default language, never 5xx", async () => {
    const customer = await registerCustomer(app);
    const headers: Record<string, string>[] = [
      { "x-lang": "ö".repeat(500) },
      { "x-lang": "a".repeat(20_000) },
      { "x-lang": "\u0000" },
      { "x-access-token": "\u0000" },
      { "x-access-token": "💥".repeat(200) },
      { "x-access-token": "a".repeat(20_000) },
      { "x-access-token": `${customer.token}\u0000` },
      { ...auth(customer.token), "x-lang": "\u0001zz" },
    ];
    for (const h of headers) {
      const res = await app.inject({ url: "/api/user/appUser/getMyUserInfo", headers: h, remoteAddress: newIp() });
      expect(res.statusCode, JSON.stringify(h).slice(0, 60)).toBeLessThan(500);
    }
    const unknownLang = await app.inject({
      url: "/api/user/appUser/getMyUserInfo",
      headers: { ...auth(customer.token), "x-lang": "\u0001zz" },
      remoteAddress: newIp(),
    });
    expect(unknownLang.json().message).toBe("Success");
  });
});
