// Issue 35 §5e: staff's decision on an identity submission reaches the customer's open app
// socket (/api/websocket/account) as `{type: "account", data: {kinds: ["profile"]}}`, so /my
// shows the new status without a reload; another customer's socket hears nothing.
import type { AddressInfo } from "node:net";
import { afterAll, describe, expect, it } from "vitest";
import { ChatSocket, type Frame } from "../chat/chat-socket";
import { auth, createOperator, registerCustomer } from "../factory";
import { setupApp } from "../helper";
import { multipart, samples } from "./factory";

const { app, database } = await setupApp();
const operator = await createOperator(app, database);
await app.listen({ port: 0, host: "127.0.0.1" });
const base = `ws://127.0.0.1:${(app.server.address() as AddressInfo).port}/api/websocket/account`;
const sockets: ChatSocket[] = [];
afterAll(() => {
  for (const s of sockets) s.close();
});
const isProfile = (f: Frame) =>
  typeof f !== "string" &&
  f.type === "account" &&
  Array.isArray((f.data as { kinds?: unknown })?.kinds) &&
  ((f.data as { kinds: string[] }).kinds.includes("profile") ?? false);

async function submitBasic(token: string): Promise<number> {
  const body = multipart(samples.jpeg);
  const up = await app.inject({
    method: "POST",
    url: "/api/sys/common/upload",
    headers: { ...auth(token), ...body.headers },
    payload: body.payload,
  });
  expect(up.statusCode).toBe(200);
  const res = await app.inject({
    method: "POST",
    url: "/api/user/kyc/basic",
    headers: auth(token),
    payload: { documentType: "passport", countryCode: "DE", frontImage: up.json().result.url },
  });
  expect(res.statusCode).toBe(200);
  return res.json().result.id as number;
}

describe("a KYC decision on the account socket", () => {
  it.each(["approve", "reject"] as const)(
    "%s: the owner's socket hears 'profile', another's does not",
    async (action) => {
      const owner = await registerCustomer(app);
      const other = await registerCustomer(app);
      const id = await submitBasic(owner.token);
      const mine = await ChatSocket.connect(base, owner.token);
      const theirs = await ChatSocket.connect(base, other.token);
      sockets.push(mine, theirs);
      const decided = await app.inject({
        method: "POST",
        url: `/api/operator/kyc/${action}`,
        headers: auth(operator.token),
        payload: action === "approve" ? { id } : { id, reason: "The photo is blurred" },
      });
      expect(decided.statusCode, decided.body).toBe(200);
      const frame = await mine.next(isProfile);
      expect(frame).toMatchObject({ type: "account", data: { kinds: ["profile"] } });
      const status = await app.inject({ method: "GET", url: "/api/user/kyc/status", headers: auth(owner.token) });
      expect(status.json().result.status).toBe(action === "approve" ? "passed" : "rejected");
      expect(theirs.frames.filter(isProfile)).toEqual([]);
    },
  );
});
