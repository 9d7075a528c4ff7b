// The built web app is served precompressed: brotli or gzip as the client accepts,
// with the right type and cache headers; the SPA fallback too.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import { afterAll, describe, expect, it } from "vitest";
import { setupApp } from "../helper";

// A tiny fake build: what apps/web/build/precompress.ts writes.
const dist = fs.mkdtempSync(path.join(os.tmpdir(), "candor-web-dist-"));
const INDEX = `<!doctype html><html><head><title>Candor</title></head><body>${"<div></div>".repeat(200)}</body></html>`;
const SCRIPT = `export const x = ${JSON.stringify("candor ".repeat(300))};`;
function write(file: string, text: string, compressed = true) {
  const full = path.join(dist, file);
  fs.mkdirSync(path.dirname(full), { recursive: true });
  fs.writeFileSync(full, text);
  if (!compressed) return;
  fs.writeFileSync(`${full}.br`, zlib.brotliCompressSync(text));
  fs.writeFileSync(`${full}.gz`, zlib.gzipSync(text, { level: 9 }));
}
write("index.html", INDEX);
write("pc.html", INDEX.replace("Candor", "Candor PC"));
write("assets/main-abc123.js", SCRIPT);
write("assets/tiny-abc123.js", "export{};", false); // under 1 KB: never compressed
afterAll(() => fs.rmSync(dist, { recursive: true, force: true }));

const ctx = await setupApp({ webDist: dist });
const get = (url: string, acceptEncoding?: string) =>
  ctx.app.inject({ method: "GET", url, headers: acceptEncoding ? { "accept-encoding": acceptEncoding } : {} });

describe("precompressed static files", () => {
  it("a hashed script: brotli when accepted, JavaScript type, immutable, Vary", async () => {
    const res = await get("/assets/main-abc123.js", "gzip, deflate, br");
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-encoding"]).toBe("br");
    expect(res.headers["content-type"]).toMatch(/^(?:text|application)\/javascript/);
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(res.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(zlib.brotliDecompressSync(res.rawPayload).toString()).toBe(SCRIPT);
  });

  it("gzip for a client without brotli", async () => {
    const res = await get("/assets/main-abc123.js", "gzip");
    expect(res.headers["content-encoding"]).toBe("gzip");
    expect(res.headers["content-type"]).toMatch(/javascript/);
    expect(zlib.gunzipSync(res.rawPayload).toString()).toBe(SCRIPT);
  });

  it("the plain file for a client that accepts neither, still with Vary", async () => {
    const res = await get("/assets/main-abc123.js");
    expect(res.headers["content-encoding"]).toBeUndefined();
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(res.body).toBe(SCRIPT);
  });

  it("a file without compressed copies is sent as it is", async () => {
    const res = await get("/assets/tiny-abc123.js", "br, gzip");
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-encoding"]).toBeUndefined();
    expect(res.body).toBe("export{};");
  });

  it.each(["/", "/index.html", "/pc.html"])("entry page %s: compressed HTML, no-cache", async (url) => {
    const res = await get(url, "br");
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-encoding"]).toBe("br");
    expect(res.headers["content-type"]).toMatch(/^text\/html/);
    expect(res.headers["cache-control"]).toBe("no-cache");
    expect(zlib.brotliDecompressSync(res.rawPayload).toString()).toContain("<title>Candor");
  });

  it("the SPA fallback (any other path) is the compressed index.html, no-cache", async () => {
    const res = await get("/some/deep/link", "gzip");
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-encoding"]).toBe("gzip");
    expect(res.headers["content-type"]).toMatch(/^text\/html/);
    expect(res.headers["cache-control"]).toBe("no-cache");
    expect(zlib.gunzipSync(res.rawPayload).toString()).toBe(INDEX);
  });

  it("unknown API paths still get the JSON 404 envelope", async () => {
    const res = await get("/api/nope", "br");
    expect(res.statusCode).toBe(404);
    expect(res.headers["content-encoding"]).toBeUndefined();
    expect(res.json()).toMatchObject({ success: false });
  });
});
