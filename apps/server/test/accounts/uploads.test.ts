// Uploads: type by magic bytes, size caps per kind (413), other content 415, random
// names under DATA_DIR/uploads, served with the sniffed type and nosniff.
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { IMAGE_MAX_BYTES, VIDEO_MAX_BYTES } from "../../src/modules/uploads/service";
import { sniff } from "../../src/modules/uploads/sniff";
import { auth, registerCustomer } from "../factory";
import { setupApp } from "../helper";
import { multipart, samples } from "./factory";

const { app, config } = await setupApp();
const customer = await registerCustomer(app);

const upload = (content: Buffer, options: Parameters<typeof multipart>[1] = {}, token = customer.token, query = "") => {
  const body = multipart(content, options);
  return app.inject({
    method: "POST",
    url: `/api/sys/common/upload${query}`,
    headers: { ...auth(token), ...body.headers },
    payload: body.payload,
  });
};

describe("magic-byte sniffing", () => {
  it.each([
    ["png", "image/png"],
    ["jpeg", "image/jpeg"],
    ["gif", "image/gif"],
    ["webp", "image/webp"],
    ["mp4", "video/mp4"],
    ["mov", "video/quicktime"],
    ["webm", "video/webm"],
  ] as const)("recognises %s as %s", (name, mime) => {
    expect(sniff(samples[name])?.mime).toBe(mime);
  });

  it.each([
    ["svg", Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>')],
    ["html", Buffer.from("<!doctype html><html><body>hi</body></html>")],
    ["pdf", Buffer.from("%PDF-1.7\n%âãÏÓ\n1 0 obj\n")],
    ["m4a audio", Buffer.concat([Buffer.from("00000018", "hex"), Buffer.from("ftypM4A "), Buffer.alloc(16)])],
    ["matroska", Buffer.concat([Buffer.from("1a45dfa3", "hex"), Buffer.from("matroska"), Buffer.alloc(16)])],
    ["empty", Buffer.alloc(0)],
  ])("refuses %s", (_name, content) => {
    expect(sniff(content)).toBeNull();
  });
});

describe("POST /api/sys/common/upload", () => {
  it("stores an image under a random name and serves it with its real type and nosniff", async () => {
    // The client claims text/html and a .html name: the content decides.
    const res = await upload(samples.png, { filename: "evil.html", contentType: "text/html" });
    expect(res.statusCode).toBe(200);
    const result = res.json().result;
    expect(result).toMatchObject({ kind: "image", mime: "image/png", size: samples.png.length });
    expect(result.name).toMatch(/^[a-f0-9]{32}\.png$/);
    expect(result.url).toBe(`/api/sys/common/files/${result.name}`);
    expect(fs.existsSync(path.join(config.dataDir, "uploads", result.name))).toBe(true);

    // Files are private: the owner reads it (test/security/private-uploads.test.ts has the rest).
    const file = await app.inject({ method: "GET", url: result.url, headers: auth(customer.token) });
    expect(file.statusCode).toBe(200);
    expect(file.headers["content-type"]).toBe("image/png");
    expect(file.headers["x-content-type-options"]).toBe("nosniff");
    expect(file.rawPayload.equals(samples.png)).toBe(true);
  });

  it.each(["jpeg", "gif", "webp", "mp4", "mov", "webm"] as const)("accepts %s", async (name) => {
    const res = await upload(samples[name]);
    expect(res.statusCode).toBe(200);
    expect(res.json().result.mime).toBe(sniff(samples[name])?.mime);
  });

  it("refuses other content with 415, whatever its name or declared type", async () => {
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"></svg>'.padEnd(200, " "));
    const res = await upload(svg, { filename: "photo.png", contentType: "image/png" });
    expect(res.statusCode).toBe(415);
    expect(res.json()).toMatchObject({ success: false, code: 415 });
    expect(res.json().message).toMatch(/Only JPEG, PNG, GIF or WebP images/);
    expect((await upload(Buffer.from("tiny"))).statusCode).toBe(415);
    expect((await upload(Buffer.alloc(0))).statusCode).toBe(415);
  });

  it("refuses an image over 5 MB with 413", async () => {
    const big = Buffer.concat([samples.jpeg, Buffer.alloc(IMAGE_MAX_BYTES)]);
    const res = await upload(big);
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toBe("The image is too large: at most 5 MB");
    // Exactly at the limit is fine.
    const edge = Buffer.concat([samples.jpeg, Buffer.alloc(IMAGE_MAX_BYTES - samples.jpeg.length)]);
    expect((await upload(edge)).statusCode).toBe(200);
  });

  it("accepts a video over 5 MB and refuses one over 50 MB with 413 (not 500)", async () => {
    const mid = Buffer.concat([samples.mp4, Buffer.alloc(6 * 1024 * 1024)]);
    expect((await upload(mid)).statusCode).toBe(200);
    const huge = Buffer.concat([samples.mp4, Buffer.alloc(VIDEO_MAX_BYTES)]);
    const res = await upload(huge);
    expect(res.statusCode).toBe(413);
    expect(res.json().code).toBe(413);
    // Nothing half-written is left behind.
    const leftovers = fs.readdirSync(path.join(config.dataDir, "uploads")).filter((f) => f.endsWith(".part"));
    expect(leftovers).toEqual([]);
  });

  it("needs a session and the field `file`", async () => {
    const body = multipart(samples.png);
    const anonymous = await app.inject({
      method: "POST",
      url: "/api/sys/common/upload",
      headers: body.headers,
      payload: body.payload,
    });
    expect(anonymous.statusCode).toBe(401);
    const wrongField = await upload(samples.png, { field: "picture" });
    expect(wrongField.statusCode).toBe(400);
    expect(wrongField.json().message).toContain("file");
    const notMultipart = await app.inject({
      method: "POST",
      url: "/api/sys/common/upload",
      headers: auth(customer.token),
      payload: { file: "x" },
    });
    expect(notMultipart.statusCode).toBe(400);
  });

  it.each([
    ["without a boundary", "multipart/form-data", "garbage"],
    ["with a broken body", "multipart/form-data; boundary=xyz", "garbage"],
    [
      "cut short",
      "multipart/form-data; boundary=xyz",
      `--xyz\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n\r\n\x89PNG\r\n\x1a\n${"x".repeat(100)}`,
    ],
  ])("answers a malformed multipart body %s with 400, not 500", async (_case, contentType, payload) => {
    const res = await app.inject({
      method: "POST",
      url: "/api/sys/common/upload",
      headers: { ...auth(customer.token), "content-type": contentType },
      payload,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe("Invalid value for file");
  });
});

describe("private (KYC) files", () => {
  it("are readable only by their owner and operators; anyone else gets 404", async () => {
    const res = await upload(samples.jpeg, {}, customer.token, "?purpose=kyc");
    const url = res.json().result.url as string;
    const other = await registerCustomer(app);
    expect((await app.inject({ method: "GET", url, headers: auth(customer.token) })).statusCode).toBe(200);
    const foreign = await app.inject({ method: "GET", url, headers: auth(other.token) });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().code).toBe(404);
    expect((await app.inject({ method: "GET", url })).statusCode).toBe(404);
    const owner = await app.inject({ method: "GET", url, headers: auth(customer.token) });
    expect(owner.headers["cache-control"]).toBe("private, no-store");
  });

  it("404 for unknown or malformed names", async () => {
    expect((await app.inject({ method: "GET", url: `/api/sys/common/files/${"0".repeat(32)}.png` })).statusCode).toBe(
      404,
    );
    expect([400, 404]).toContain(
      (await app.inject({ method: "GET", url: "/api/sys/common/files/..%2f..%2fetc%2fpasswd" })).statusCode,
    );
  });
});
