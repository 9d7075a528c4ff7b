// Factories for account tests: customers registered through the API, operators (admin
// staff logged in to the console), multipart bodies, outbox reading.
import { randomBytes } from "node:crypto";
import type { App } from "../../src/app";
import type { Database } from "../../src/db";

let counter = 0;
export const uniq = () => `${Date.now().toString(36)}${(counter++).toString(36)}${randomBytes(2).toString("hex")}`;

/** A fresh client address per test keeps the per-address counters apart. */
export const newIp = () => `10.${randomBytes(1)[0]}.${randomBytes(1)[0]}.${randomBytes(1)[0]}`;

export const PASSWORD = "Secret123";

export interface Customer {
  id: number;
  username: string;
  email: string;
  password: string;
  token: string;
}

export async function registerCustomer(
  app: App,
  options: { email?: string; password?: string; inviteCode?: string; countryCode?: string } = {},
): Promise<Customer> {
  const email = options.email ?? `c${uniq()}@example.com`;
  const password = options.password ?? PASSWORD;
  const res = await app.inject({
    method: "POST",
    url: "/api/app/register",
    remoteAddress: newIp(),
    payload: {
      type: "email",
      account: email,
      password,
      agree: true,
      ...(options.inviteCode ? { inviteCode: options.inviteCode } : {}),
      ...(options.countryCode ? { countryCode: options.countryCode } : {}),
    },
  });
  if (res.statusCode !== 200) throw new Error(`register failed: ${res.body}`);
  const { token, userInfo } = res.json().result;
  return { id: userInfo.id, username: userInfo.username, email, password, token };
}

/** An admin staff member logged in to the console (password + TOTP), for operator endpoints. */
export async function createOperator(app: App, database: Database): Promise<{ id: number; token: string }> {
  const { createStaffMember } = await import("../staff/factory");
  const admin = await createStaffMember(app, database, "admin");
  return { id: admin.id, token: admin.token };
}

export const auth = (token: string) => ({ "x-access-token": token });

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
