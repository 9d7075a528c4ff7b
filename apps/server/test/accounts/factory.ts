// Account test material: multipart bodies, tiny files of each supported type, outbox reading.
// (Customers, staff and money: test/factory.ts.)
import { randomBytes } from "node:crypto";
import type { App } from "../../src/app";

export function multipart(
  content: Buffer,
  options: { field?: string; filename?: string; contentType?: string } = {},
): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----candor${randomBytes(8).toString("hex")}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="${options.field ?? "file"}"; filename="${options.filename ?? "file.bin"}"\r\n` +
      `Content-Type: ${options.contentType ?? "application/octet-stream"}\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return {
    payload: Buffer.concat([head, content, tail]),
    headers: { "content-type": `multipart/form-data; boundary=${boundary}` },
  };
}

export async function outbox(app: App, to: string) {
  const res = await app.inject({ method: "GET", url: `/dev/outbox?to=${encodeURIComponent(to)}` });
  return res.json().result as Array<{
    to: string;
    channel: string;
    subject: string;
    text: string;
    code: string | null;
  }>;
}

/** Tiny valid files of each supported type (enough bytes for the magic-number check). */
export const samples = {
  png: Buffer.concat([Buffer.from("89504e470d0a1a0a0000000d49484452", "hex"), Buffer.alloc(64, 1)]),
  jpeg: Buffer.concat([Buffer.from("ffd8ffe000104a464946", "hex"), Buffer.alloc(64, 2)]),
  gif: Buffer.concat([Buffer.from("GIF89a"), Buffer.alloc(64, 3)]),
  webp: Buffer.concat([
    Buffer.from("RIFF"),
    Buffer.from("24000000", "hex"),
    Buffer.from("WEBPVP8 "),
    Buffer.alloc(64, 4),
  ]),
  mp4: Buffer.concat([Buffer.from("00000018", "hex"), Buffer.from("ftypisom"), Buffer.alloc(64, 5)]),
  mov: Buffer.concat([Buffer.from("00000014", "hex"), Buffer.from("ftypqt  "), Buffer.alloc(64, 6)]),
  webm: Buffer.concat([Buffer.from("1a45dfa3", "hex"), Buffer.from("9f4282847765626d", "hex"), Buffer.alloc(64, 7)]),
};
