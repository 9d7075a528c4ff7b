// The built operator console is served at /console/: the entry page revalidated, hashed
// assets cached for long, /console redirected, a missing console file a plain 404 (never
// the customer app's page).
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { setupApp } from "../helper";

const consoleDist = fs.mkdtempSync(path.join(os.tmpdir(), "candor-console-dist-"));
const webDist = fs.mkdtempSync(path.join(os.tmpdir(), "candor-web-dist-"));
fs.writeFileSync(path.join(consoleDist, "index.html"), "<!doctype html><title>Candor Console</title>");
fs.mkdirSync(path.join(consoleDist, "assets"));
fs.writeFileSync(path.join(consoleDist, "assets", "index-abc123.js"), "export{};");
fs.writeFileSync(path.join(webDist, "index.html"), "<!doctype html><title>Candor</title>");
afterAll(() => {
  fs.rmSync(consoleDist, { recursive: true, force: true });
  fs.rmSync(webDist, { recursive: true, force: true });
});

const { app } = await setupApp({ consoleDist, webDist });

describe("the operator console build", () => {
  it("is served at /console/ with the right cache rules", async () => {
    const redirect = await app.inject({ method: "GET", url: "/console" });
    expect(redirect.statusCode).toBe(302);
    expect(redirect.headers.location).toBe("/console/");

    const page = await app.inject({ method: "GET", url: "/console/" });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain("Candor Console");
    expect(page.headers["cache-control"]).toBe("no-cache");

    const asset = await app.inject({ method: "GET", url: "/console/assets/index-abc123.js" });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers["cache-control"]).toBe("public, max-age=31536000, immutable");

    const missing = await app.inject({ method: "GET", url: "/console/assets/nothing.js" });
    expect(missing.statusCode).toBe(404);
    expect(missing.body).not.toContain("<title>Candor</title>");
    // The customer app keeps its own fallback.
    expect((await app.inject({ method: "GET", url: "/some/app/route" })).body).toContain("<title>Candor</title>");
  });
});
