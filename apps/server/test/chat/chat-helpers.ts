// Helpers for the support chat tests: guests, customers and agents talking through the API.
import { randomUUID } from "node:crypto";
import type { App } from "../../src/app";
import { auth } from "../factory";

export interface Reply {
  status: number;
  // biome-ignore lint/suspicious/noExplicitAny: test responses are checked field by field
  body: any;
}

export async function call(
  app: App,
  method: "GET" | "POST",
  url: string,
  token?: string,
  payload?: unknown,
  lang?: string,
): Promise<Reply> {
  const res = await app.inject({
    method,
    url,
    headers: { ...(token ? auth(token) : {}), ...(lang ? { "x-lang": lang } : {}) },
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
  return { status: res.statusCode, body: res.json() };
}

export async function guest(app: App, deviceId = `dev-${randomUUID()}`): Promise<string> {
  const res = await call(app, "POST", "/api/chat/guest", undefined, { deviceId });
  if (res.status !== 200) throw new Error(`guest failed: ${JSON.stringify(res.body)}`);
  return res.body.result.token as string;
}

export const say = (app: App, token: string, content: string, extra: Record<string, unknown> = {}) =>
  call(app, "POST", "/api/chat/customer-to-service", token, { type: "text", content, ...extra });

export const myMessages = async (app: App, token: string, pageSize = 50) =>
  (await call(app, "GET", `/api/chat/chatMessage/list/me?pageNo=1&pageSize=${pageSize}`, token)).body.result;

export const myConversation = async (app: App, token: string) =>
  (await call(app, "GET", "/api/chat/conversation/me", token)).body.result;

export const reply = (app: App, agentToken: string, conversationId: number, content: string, type = "text") =>
  call(app, "POST", `/api/operator/chat/conversations/${conversationId}/reply`, agentToken, { type, content });
