// Web Push end to end: a customer subscribes (a browser's PushManager keys, made here with
// node:crypto), a tick fires their price alert, and a local HTTP server acting as the push
// service receives the request. The test checks the VAPID Authorization header (RFC 8292,
// an ES256 JWT signed by the key /api/public/push/vapidKey publishes) and decrypts the
// aes128gcm body with the subscription's private key and auth secret (RFC 8291 over RFC
// 8188), then reads the JSON payload. A subscription the push service says is gone (410)
// is removed. Outside sandbox, endpoints on private or loopback hosts are refused (SSRF).
import { createDecipheriv, createECDH, createPublicKey, hkdfSync, randomBytes, verify } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, describe, expect, it } from "vitest";
import { endpointAllowed } from "../../src/modules/alerts/push";
import { tick } from "../contracts/factory";
import { auth, registerCustomer } from "../factory";
import { MIDWEEK, setupApp, startClockAt } from "../helper";

const { app } = await setupApp(startClockAt(MIDWEEK));

interface Received {
  path: string;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}
const received: Received[] = [];
const server = http.createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on("data", (c) => chunks.push(c));
  req.on("end", () => {
    received.push({ path: req.url ?? "", headers: req.headers, body: Buffer.concat(chunks) });
    res.statusCode = req.url?.includes("gone") ? 410 : 201;
    res.end();
  });
});
await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
afterAll(
  () =>
    new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeAllConnections();
    }),
);

const b64u = (b: Buffer) => b.toString("base64url");

/** A browser's side of a push subscription: a P-256 key pair and a 16-byte auth secret. */
function browserKeys() {
  const ecdh = createECDH("prime256v1");
  ecdh.generateKeys();
  return { ecdh, publicKey: ecdh.getPublicKey(), auth: randomBytes(16) };
}

/** RFC 8291 §3.4 / RFC 8188 §2: one aes128gcm record, decrypted as the user agent does. */
function decrypt(body: Buffer, keys: ReturnType<typeof browserKeys>): string {
  const salt = body.subarray(0, 16);
  const rs = body.readUInt32BE(16);
  const idlen = body[20] as number;
  const asPublic = body.subarray(21, 21 + idlen);
  const ciphertext = body.subarray(21 + idlen);
  expect(idlen).toBe(65); // keyid = the push server's ephemeral public key
  expect(ciphertext.length).toBeLessThanOrEqual(rs);
  const ecdhSecret = keys.ecdh.computeSecret(asPublic);
  const keyInfo = Buffer.concat([Buffer.from("WebPush: info\0"), keys.publicKey, asPublic]);
  const ikm = Buffer.from(hkdfSync("sha256", ecdhSecret, keys.auth, keyInfo, 32));
  const cek = Buffer.from(hkdfSync("sha256", ikm, salt, Buffer.from("Content-Encoding: aes128gcm\0"), 16));
  const nonce = Buffer.from(hkdfSync("sha256", ikm, salt, Buffer.from("Content-Encoding: nonce\0"), 12));
  const decipher = createDecipheriv("aes-128-gcm", cek, nonce);
  decipher.setAuthTag(ciphertext.subarray(ciphertext.length - 16));
  const padded = Buffer.concat([decipher.update(ciphertext.subarray(0, ciphertext.length - 16)), decipher.final()]);
  // The last record ends with the delimiter 0x02, then zero padding.
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end--;
  expect(padded[end]).toBe(2);
  return padded.subarray(0, end).toString("utf8");
}

/** RFC 8292: `vapid t=<ES256 JWT>, k=<public key>`; returns the JWT's claims once its signature checks. */
function checkVapid(header: string | undefined, publicKey: string): Record<string, unknown> {
  const m = /^vapid t=([\w-]+\.[\w-]+\.[\w-]+), k=([\w-]+)$/.exec(header ?? "");
  expect(m, header).not.toBeNull();
  const [, jwt = "", k = ""] = m as RegExpExecArray;
  expect(k).toBe(publicKey);
  const point = Buffer.from(k, "base64url");
  const key = createPublicKey({
    key: { kty: "EC", crv: "P-256", x: b64u(point.subarray(1, 33)), y: b64u(point.subarray(33, 65)) },
    format: "jwk",
  });
  const [h = "", p = "", s = ""] = jwt.split(".");
  expect(JSON.parse(Buffer.from(h, "base64url").toString())).toMatchObject({ alg: "ES256" });
  const ok = verify(
    "sha256",
    Buffer.from(`${h}.${p}`),
    { key, dsaEncoding: "ieee-p1363" },
    Buffer.from(s, "base64url"),
  );
  expect(ok).toBe(true);
  return JSON.parse(Buffer.from(p, "base64url").toString());
}

describe("Web Push of a fired price alert", () => {
  it("the push service receives an aes128gcm payload the subscription's keys decrypt, signed with VAPID", async () => {
    const vapid = await app.inject({ method: "GET", url: "/api/public/push/vapidKey" });
    const publicKey = vapid.json().result.publicKey as string;
    expect(publicKey).toMatch(/^[\w-]{80,}$/);

    const c = await registerCustomer(app);
    const keys = browserKeys();
    const gone = browserKeys();
    const subscribe = (endpoint: string, k: ReturnType<typeof browserKeys>) =>
      app.inject({
        method: "POST",
        url: "/api/user/push/subscribe",
        headers: { ...auth(c.token), "x-lang": "jp" },
        payload: { endpoint, keys: { p256dh: b64u(k.publicKey), auth: b64u(k.auth) } },
      });
    expect((await subscribe(`${base}/push/device-1`, keys)).statusCode).toBe(200);
    expect((await subscribe(`${base}/push/gone-device`, gone)).statusCode).toBe(200);

    tick(app, "BTCUSDT", "50000");
    await app.settlement.caughtUp();
    const created = await app.inject({
      method: "POST",
      url: "/api/market/alerts",
      headers: auth(c.token),
      payload: { symbol: "BTCUSDT", kind: "above", value: "51000" },
    });
    expect(created.statusCode).toBe(200);
    tick(app, "BTCUSDT", "51234.5");
    await app.settlement.caughtUp();
    await app.alerts.settler.idle();

    const hit = received.find((r) => r.path === "/push/device-1");
    expect(hit, "the push service was called").toBeDefined();
    const request = hit as Received;
    expect(request.headers["content-encoding"]).toBe("aes128gcm");
    expect(Number(request.headers.ttl)).toBeGreaterThan(0);
    const claims = checkVapid(request.headers.authorization, publicKey);
    expect(claims.aud).toBe(base);
    expect(claims.sub).toMatch(/^mailto:/);
    expect(Number(claims.exp)).toBeGreaterThan(Date.now() / 1000);

    const payload = JSON.parse(decrypt(request.body, keys));
    expect(payload).toMatchObject({
      alertId: created.json().result.id,
      symbol: "BTCUSDT",
      kind: "above",
      value: "51000",
      price: "51234.50",
      title: "価格アラート：BTC/USDT",
      url: "/alerts?symbol=BTCUSDT",
    });
    expect(payload.body).toContain("51,234.50"); // in the reader's separators

    // The push service answered 410 for the other device: its subscription is gone.
    expect(received.some((r) => r.path === "/push/gone-device")).toBe(true);
    const rows = await app.database.query<{ endpoint: string }>(
      "SELECT endpoint FROM push_subscriptions WHERE user_id = $1",
      [c.id],
    );
    expect(rows.map((r) => r.endpoint)).toEqual([`${base}/push/device-1`]);

    // Unsubscribing stops it.
    const off = await app.inject({
      method: "POST",
      url: "/api/user/push/unsubscribe",
      headers: auth(c.token),
      payload: { endpoint: `${base}/push/device-1` },
    });
    expect(off.json().result).toEqual({ removed: 1 });
  });
});

describe("a push endpoint cannot point the server inside (SSRF)", () => {
  it.each([
    "http://push.example.com/x",
    "https://127.0.0.1/x",
    "https://[::1]/x",
    "https://10.0.0.5/x",
    "https://169.254.169.254/latest/meta-data",
    "https://localhost/x",
    "https://push.localhost/x",
    "https://intranet/x",
    "https://fcm.googleapis.com:8443/x",
    "https://user:pw@fcm.googleapis.com/x",
    "not a url",
  ])("outside sandbox %s is refused", async (endpoint) => {
    expect(await endpointAllowed(endpoint, false)).toBe(false);
  });

  it("in sandbox a local push service is allowed", async () => {
    expect(await endpointAllowed(`${base}/push/x`, true)).toBe(true);
    expect(await endpointAllowed("file:///etc/passwd", true)).toBe(false);
  });
});
