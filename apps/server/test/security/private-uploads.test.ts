// Item 6 of "Security to OWASP ASVS level 2": uploads belong to someone and stay private.
// A chat file is readable with the chat token of its conversation, a staff session or the
// short-lived signed URL the server puts in the conversation's messages; anyone else gets
// 404. A guest has a daily upload quota per device and per address. A file reference a
// customer submits (KYC, loan identity, chat message) must be one of their own uploads,
// given as the upload's own URL or name. Files of conversations closed longer than the
// retention period are removed by a daily job on the business clock.
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { multipart, samples } from "../accounts/factory";
import { call, guest, myConversation, myMessages } from "../chat/chat-helpers";
import { auth, createOperator, registerCustomer, verifyIdentity } from "../factory";
import { MIDWEEK, setupApp, startClockAt } from "../helper";
import { loansApi } from "../loans/factory";

const { app, database, config } = await setupApp(startClockAt(MIDWEEK, { chatFileRetentionDays: 3 }));

const chatUpload = async (token: string, content: Buffer = samples.png, remoteAddress = "127.0.0.1") => {
  const body = multipart(content, { filename: "x.png" });
  const res = await app.inject({
    method: "POST",
    url: `/api/chat/upload?kind=${content === samples.mp4 ? "video" : "image"}`,
    headers: { ...auth(token), ...body.headers },
    payload: body.payload,
    remoteAddress,
  });
  return { status: res.statusCode, body: res.json() };
};

const commonUpload = async (token: string, purpose = "general") => {
  const body = multipart(samples.jpeg);
  const res = await app.inject({
    method: "POST",
    url: `/api/sys/common/upload?purpose=${purpose}`,
    headers: { ...auth(token), ...body.headers },
    payload: body.payload,
  });
  expect(res.statusCode).toBe(200);
  return res.json().result as { url: string; name: string };
};

const read = (url: string, token?: string) => app.inject({ method: "GET", url, headers: token ? auth(token) : {} });

describe("chat files are private to their conversation", () => {
  it("a stranger who learns a guest's chat image URL gets 404", async () => {
    const g = await guest(app);
    const up = await chatUpload(g);
    expect(up.status).toBe(200);
    expect((await read(up.body.result.url)).statusCode).toBe(404);
  });

  it("another guest's chat token or a customer session gets 404", async () => {
    const g = await guest(app);
    const up = await chatUpload(g);
    const other = await guest(app);
    const customer = await registerCustomer(app);
    expect((await read(up.body.result.url, other)).statusCode).toBe(404);
    expect((await read(up.body.result.url, customer.token)).statusCode).toBe(404);
  });

  it("the conversation's own token, an agent and the signed URL of the message read it; nothing caches it publicly", async () => {
    const g = await guest(app);
    const up = await chatUpload(g);
    const own = await read(up.body.result.url, g);
    expect(own.statusCode).toBe(200);
    expect(own.headers["cache-control"]).not.toMatch(/public|immutable/);
    const agent = await createOperator(app, database);
    expect((await read(up.body.result.url, agent.token)).statusCode).toBe(200);
    const sent = await call(app, "POST", "/api/chat/customer-to-service", g, {
      type: "image",
      content: up.body.result.url,
    });
    expect(sent.status).toBe(200);
    const signed = sent.body.result.content as string;
    expect(signed.startsWith(`${up.body.result.url}?`)).toBe(true);
    expect((await read(signed)).statusCode).toBe(200);
    // A signature is for one file and does not survive tampering.
    const other = await chatUpload(await guest(app));
    const query = signed.slice(signed.indexOf("?"));
    expect((await read(`${other.body.result.url}${query}`)).statusCode).toBe(404);
    // The signature's first character changed (a fixed "A" changed nothing for one in 64).
    const tampered = signed.replace(/sig=(.)/, (_, c: string) => `sig=${c === "A" ? "B" : "A"}`);
    expect(tampered).not.toBe(signed);
    expect((await read(tampered)).statusCode).toBe(404);
    const listed = (await myMessages(app, g)).records[0];
    expect(listed.content.startsWith(`${up.body.result.url}?`)).toBe(true);
  });

  it("a customer's general upload is not readable by another customer", async () => {
    const owner = await registerCustomer(app);
    const file = await commonUpload(owner.token);
    const other = await registerCustomer(app);
    expect((await read(file.url, owner.token)).statusCode).toBe(200);
    expect((await read(file.url, other.token)).statusCode).toBe(404);
    expect((await read(file.url)).statusCode).toBe(404);
  });
});

describe("a guest's upload quota", () => {
  it("a guest flooding uploads from one device (even with fresh tokens) is stopped at 20 a day", async () => {
    const device = "flood-device-1";
    const ip = "10.77.0.1";
    for (let i = 0; i < 20; i++) {
      const token = await guest(app, device); // a new token every time: the device counts
      const res = await chatUpload(token, samples.png, i % 2 === 0 ? ip : `10.77.1.${i}`);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
    }
    const res = await chatUpload(await guest(app, device), samples.png, "10.77.2.1");
    expect(res.status).toBe(429);
    expect(res.body.message).toMatch(/20/);
  });

  it("guests on many devices from one address are stopped at 20 a day", async () => {
    const ip = "10.78.0.1";
    for (let i = 0; i < 20; i++) {
      expect((await chatUpload(await guest(app), samples.png, ip)).status).toBe(200);
    }
    const res = await chatUpload(await guest(app), samples.png, ip);
    expect(res.status).toBe(429);
    // Translated.
    const body = multipart(samples.png);
    const es = await app.inject({
      method: "POST",
      url: "/api/chat/upload?kind=image",
      headers: { ...auth(await guest(app)), ...body.headers, "x-lang": "xi" },
      payload: body.payload,
      remoteAddress: ip,
    });
    expect(es.statusCode).toBe(429);
    expect(es.json().message).toMatch(/archivos/);
  });

  it("a customer is not held to the guest quota", async () => {
    const c = await registerCustomer(app);
    for (let i = 0; i < 21; i++) expect((await chatUpload(c.token, samples.png, "10.79.0.1")).status).toBe(200);
  });
});

describe("a submitted file must be one of the caller's own uploads", () => {
  it("a loan identity photo on a foreign host (ending in the caller's own file name) is refused with 400", async () => {
    const operator = await createOperator(app, database);
    const c = await registerCustomer(app);
    await verifyIdentity(app, database, c, operator);
    const api = loansApi(app);
    await api.identityStart(c.token);
    const mine = await commonUpload(c.token, "kyc");
    for (const photo of [
      `https://attacker.example/steal/${mine.name}`,
      `//attacker.example/${mine.name}`,
      `/api/other/${mine.name}`,
    ]) {
      const res = await api.identitySubmit(c.token, { realName: "Ada Lovelace", idNumber: "X1234567", photo });
      expect(res.status, photo).toBe(400);
      expect(res.message).toMatch(/photo/);
    }
    const okRes = await api.identitySubmit(c.token, {
      realName: "Ada Lovelace",
      idNumber: "X1234567",
      photo: mine.url,
    });
    expect(okRes.status).toBe(200);
    const checks = await api.call("GET", "/api/operator/loans/identity-checks?pageSize=100", operator.token);
    const row = checks.result.records.find((r: { userId: number }) => r.userId === c.id);
    expect(row.photo).toBe(mine.url);
  });

  it("a KYC document on a foreign host or someone else's upload is refused with 400", async () => {
    const c = await registerCustomer(app);
    const mine = await commonUpload(c.token, "kyc");
    const theirs = await commonUpload((await registerCustomer(app)).token, "kyc");
    for (const frontImage of [`https://attacker.example/${mine.name}`, theirs.url]) {
      const res = await call(app, "POST", "/api/user/kyc/basic", c.token, {
        documentType: "passport",
        countryCode: "DE",
        frontImage,
      });
      expect(res.status, frontImage).toBe(400);
    }
  });

  it("a chat attachment given as a foreign URL ending in an uploaded file's name is refused with 400", async () => {
    const g = await guest(app);
    const up = await chatUpload(g);
    const res = await call(app, "POST", "/api/chat/customer-to-service", g, {
      type: "image",
      content: `https://attacker.example/${up.body.result.name ?? up.body.result.url.split("/").pop()}`,
    });
    expect(res.status).toBe(400);
  });

  it("a chat file cannot become an identity document (it would be removed with the chat)", async () => {
    const c = await registerCustomer(app);
    const up = await chatUpload(c.token);
    const res = await call(app, "POST", "/api/user/kyc/basic", c.token, {
      documentType: "passport",
      countryCode: "DE",
      frontImage: up.body.result.url,
    });
    expect(res.status).toBe(400);
  });
});

describe("retention", () => {
  it("removes the files of a conversation closed longer than the retention period, not of an open one", async () => {
    const agent = await createOperator(app, database);
    const closedGuest = await guest(app);
    const closedUp = await chatUpload(closedGuest);
    await call(app, "POST", "/api/chat/customer-to-service", closedGuest, {
      type: "image",
      content: closedUp.body.result.url,
    });
    const conv = await myConversation(app, closedGuest);
    const closed = await call(app, "POST", `/api/operator/chat/conversations/${conv.id}/close`, agent.token);
    expect(closed.status, JSON.stringify(closed.body)).toBe(200);
    const openGuest = await guest(app);
    const openUp = await chatUpload(openGuest);
    const name = closedUp.body.result.url.split("/").pop() as string;
    const onDisk = path.join(config.dataDir, "uploads", name);
    expect(fs.existsSync(onDisk)).toBe(true);

    const advance = (days: number) =>
      app.inject({ method: "POST", url: "/dev/clock/advance", payload: { seconds: days * 86_400 } });
    await advance(config.chatFileRetentionDays - 1);
    expect((await read(closedUp.body.result.url, agent.token)).statusCode).toBe(200);
    await advance(2);
    expect((await read(closedUp.body.result.url, agent.token)).statusCode).toBe(404);
    expect(fs.existsSync(onDisk)).toBe(false);
    expect((await read(openUp.body.result.url, agent.token)).statusCode).toBe(200);
  });
});
