// Short links (the seed's GET /api/set/appShortLink/use): operators save a code for a path
// inside the app; the app resolves it and each resolution is counted. Never another site.
import { describe, expect, it } from "vitest";
import { auth, createOperator, registerCustomer } from "../factory";
import { setupApp } from "../helper";

const { app, database } = await setupApp();
const operator = await createOperator(app, database);

const use = async (code: string, lang?: string) => {
  const res = await app.inject({
    method: "GET",
    url: `/api/set/appShortLink/use?code=${encodeURIComponent(code)}`,
    headers: lang ? { "x-lang": lang } : {},
  });
  return { status: res.statusCode, body: res.json() };
};
const save = async (payload: Record<string, unknown>, token = operator.token) => {
  const res = await app.inject({ method: "POST", url: "/api/operator/shortLinks/save", headers: auth(token), payload });
  return { status: res.statusCode, body: res.json() };
};
const list = async () =>
  (await app.inject({ method: "GET", url: "/api/operator/shortLinks/list", headers: auth(operator.token) })).json()
    .result as Array<{ code: string; target: string; uses: number; active: boolean }>;

describe("short links", () => {
  it("resolve an active code to its app path and count every use", async () => {
    const saved = await save({ code: "spring-26", target: "/register?inviteCode=AB12CD" });
    expect(saved.status).toBe(200);
    expect(saved.body.result).toMatchObject({
      code: "spring-26",
      target: "/register?inviteCode=AB12CD",
      active: true,
      uses: 0,
    });

    const first = await use("spring-26");
    expect(first.status).toBe(200);
    expect(first.body.result).toEqual({ code: "spring-26", target: "/register?inviteCode=AB12CD" });
    await use("spring-26");
    expect((await list()).find((l) => l.code === "spring-26")?.uses).toBe(2);

    // Changing the target keeps the count; switching it off makes it unknown.
    expect((await save({ code: "spring-26", target: "/earn" })).body.result).toMatchObject({
      target: "/earn",
      uses: 2,
    });
    expect((await use("spring-26")).body.result.target).toBe("/earn");
    expect((await save({ code: "spring-26", target: "/earn", active: false })).status).toBe(200);
    const off = await use("spring-26", "zh-cn");
    expect(off.status).toBe(404);
    expect(off.body.message).toBe("此連結不存在或已失效");
  });

  it("unknown codes are 404, malformed ones 400; never another site as a target", async () => {
    expect((await use("never-saved")).status).toBe(404);
    expect((await use("a")).status).toBe(400);
    expect((await use("../../etc")).status).toBe(400);
    expect((await app.inject({ method: "GET", url: "/api/set/appShortLink/use" })).statusCode).toBe(400);
    for (const target of [
      "https://evil.example",
      "//evil.example",
      "/\\evil.example",
      "javascript:alert(1)",
      "",
      "/a b",
    ]) {
      expect((await save({ code: "bad-target", target })).status, target).toBe(400);
    }
    expect((await use("bad-target")).status).toBe(404);
  });

  it("only admins save and list them", async () => {
    const c = await registerCustomer(app);
    // A customer's token is not a staff session (the authz matrix covers every role).
    expect((await save({ code: "mine-now", target: "/" }, c.token)).status).toBe(403);
    expect((await use("mine-now")).status).toBe(404);
    expect((await app.inject({ method: "GET", url: "/api/operator/shortLinks/list" })).statusCode).toBe(401);
  });
});
