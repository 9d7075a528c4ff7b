// The OpenAPI document: generated from the route schemas, identical to the committed
// packages/contract/openapi.json, and served as a docs page.
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { setupApp } from "./helper";

const { app } = await setupApp();

describe("OpenAPI document", () => {
  it("is generated from the route schemas", async () => {
    const res = await app.inject({ method: "GET", url: "/api/docs/json" });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(doc.paths["/api/health"]).toBeDefined();
    expect(doc.paths["/api/user/appUser/getMyUserInfo"].get.security).toEqual([{ accessToken: [] }]);
  });

  it("matches the committed packages/contract/openapi.json (run `npm run openapi` after changing routes)", async () => {
    const committed = JSON.parse(
      fs.readFileSync(path.resolve(import.meta.dirname, "../../../packages/contract/openapi.json"), "utf8"),
    );
    expect(app.swagger()).toEqual(committed);
  });

  it("serves the docs page", async () => {
    const res = await app.inject({ method: "GET", url: "/api/docs" });
    expect([200, 302]).toContain(res.statusCode);
  });
});
