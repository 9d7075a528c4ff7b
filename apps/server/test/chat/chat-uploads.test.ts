// Images and videos in chat: uploaded for the chat (guests too), type decided by the
// content (an image picker refuses a video: 415 with the picker's message), sizes capped
// (image 5 MB, video 50 MB: 413), and a message may only carry a file uploaded for its
// own conversation or by the sender's own account.
import { describe, expect, it } from "vitest";
import { multipart, samples } from "../accounts/factory";
import { auth, registerCustomer } from "../factory";
import { setupApp } from "../helper";
import { call, guest, myMessages } from "./chat-helpers";

const { app } = await setupApp();

const upload = async (token: string, kind: "image" | "video", content: Buffer, lang?: string) => {
  const body = multipart(content, { filename: "x.bin" });
  const res = await app.inject({
    method: "POST",
    url: `/api/chat/upload?kind=${kind}`,
    headers: { ...auth(token), ...body.headers, ...(lang ? { "x-lang": lang } : {}) },
    payload: body.payload,
  });
  return { status: res.statusCode, body: res.json() };
};

const padded = (head: Buffer, size: number) => Buffer.concat([head, Buffer.alloc(size - head.length)]);

describe("chat uploads", () => {
  it("a guest uploads an image and sends it", async () => {
    const g = await guest(app);
    const up = await upload(g, "image", samples.png);
    expect(up.status).toBe(200);
    expect(up.body.result).toMatchObject({ kind: "image", mime: "image/png" });
    const sent = await call(app, "POST", "/api/chat/customer-to-service", g, {
      type: "image",
      content: up.body.result.url,
    });
    expect(sent.status).toBe(200);
    // The message carries a short-lived signed URL of the private file.
    expect(sent.body.result.type).toBe("image");
    expect(sent.body.result.content).toMatch(new RegExp(`^${up.body.result.url}\\?exp=\\d+&sig=`));
    const file = await app.inject({ method: "GET", url: sent.body.result.content });
    expect(file.headers["content-type"]).toBe("image/png");
  });

  it("a customer sends a video", async () => {
    const c = await registerCustomer(app);
    const up = await upload(c.token, "video", samples.mp4);
    expect(up.status).toBe(200);
    const sent = await call(app, "POST", "/api/chat/customer-to-service", c.token, {
      type: "video",
      content: up.body.result.url,
    });
    expect(sent.body.result.type).toBe("video");
  });

  it.each([
    ["a video in the image picker", "image", samples.mp4, 415, /image/i],
    ["an image in the video picker", "video", samples.png, 415, /video/i],
    [
      "a text file",
      "image",
      Buffer.from("just some text, not a picture at all........................................"),
      415,
      /image/i,
    ],
    ["an image over 5 MB", "image", padded(samples.png, 5 * 1024 * 1024 + 1), 413, /5 MB/],
  ] as const)("refuses %s (%i)", async (_name, kind, content, status, message) => {
    const g = await guest(app);
    const res = await upload(g, kind, content);
    expect(res.status).toBe(status);
    expect(res.body.message).toMatch(message);
  });

  it("refuses a video over 50 MB (413)", async () => {
    const g = await guest(app);
    const res = await upload(g, "video", padded(samples.mp4, 50 * 1024 * 1024 + 1));
    expect(res.status).toBe(413);
    expect(res.body.message).toMatch(/50 MB/);
  });

  it("translates the picker messages", async () => {
    const g = await guest(app);
    const res = await upload(g, "image", samples.mp4, "xi");
    expect(res.body.message).toMatch(/imagen/);
  });

  it("a message cannot carry another conversation's file, a file of the wrong type, or any url", async () => {
    const owner = await guest(app);
    const theirs = (await upload(owner, "image", samples.png)).body.result.url;
    const g = await guest(app);
    const send = (type: string, content: string) =>
      call(app, "POST", "/api/chat/customer-to-service", g, { type, content });
    expect((await send("image", theirs)).status).toBe(400);
    const mine = (await upload(g, "image", samples.png)).body.result.url;
    expect((await send("video", mine)).status).toBe(400);
    expect((await send("image", "https://evil.example/x.png")).status).toBe(400);
    expect((await myMessages(app, g)).total).toBe(0);
  });

  it("needs a chat token (401)", async () => {
    expect((await upload("cg_bad", "image", samples.png)).status).toBe(401);
  });
});
