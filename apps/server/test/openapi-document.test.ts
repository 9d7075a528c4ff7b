// The OpenAPI document: generated from the route schemas, identical to the committed
// packages/contract/openapi.json, and served as a docs page.
import fs from "node:fs";
import path from "node:path";
import { loanPaths, privacyPaths } from "@candor/contract";
import { describe, expect, it } from "vitest";
import { setupApp } from "./helper";

interface OpenApiResponse {
  content: Record<string, { schema: { properties?: Record<string, unknown>; $ref?: string } }>;
}

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

  it("documents the result an error envelope carries (what blocks a close, the pledge minimum), null elsewhere", async () => {
    const doc = app.swagger() as unknown as {
      paths: Record<string, Record<string, { responses: Record<string, OpenApiResponse> }>>;
    };
    const resultOf = (path: string, status: string) =>
      doc.paths[path]?.post?.responses[status]?.content["application/json"]?.schema.properties?.result;
    expect(resultOf(privacyPaths.close, "409")).toMatchObject({
      nullable: true,
      properties: { open: { type: "array" } },
    });
    expect(resultOf(loanPaths.pledgeApply, "400")).toMatchObject({
      nullable: true,
      required: ["minCollateral", "collateralCurrency", "collateralPrice", "ltv", "maxLtv"],
    });
    // Any other error keeps the shared envelope (result null).
    expect(doc.paths[loanPaths.pledgeApply]?.post?.responses["409"]?.content["application/json"]?.schema).toEqual({
      $ref: "#/components/schemas/ErrorEnvelope",
    });
  });

  it("serves the docs page", async () => {
    const res = await app.inject({ method: "GET", url: "/api/docs" });
    expect([200, 302]).toContain(res.statusCode);
  });
});
