// Customer and guest side of support chat (CONTRACT.md "Support chat"; the seed's
// client calls them with the chat token in X-Access-Token): guest token, verify, send,
// messages, conversation, read, recall, merge after login, chat uploads, socket.
import {
  CHAT_VIDEO_MAX_BYTES,
  CHAT_WS_PATH,
  ChatConversation,
  ChatGuestBody,
  ChatGuestResult,
  ChatIdBody,
  ChatListQuery,
  ChatMergeBody,
  ChatMergeResult,
  ChatMessage,
  ChatReadResult,
  ChatSendBody,
  ChatUploadQuery,
  ChatUploadResult,
  ChatVerifyResult,
  envelope,
  page,
} from "@candor/contract";
import multipart from "@fastify/multipart";
import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { ok } from "../../lib/envelope";
import { AppError, badRequest, unauthorized } from "../../lib/errors";
import { route } from "../../lib/route";
import { currentUser } from "../../plugins/auth";
import { storeUpload } from "../uploads/service";
import type { ChatHub } from "./hub";
import type { ChatIdentity, ChatService } from "./service";

const tags = ["chat"];
const security = [{ accessToken: [] }];

declare module "fastify" {
  interface FastifyRequest {
    chatIdentity: ChatIdentity | null;
  }
}

const headerToken = (request: FastifyRequest) => {
  const header = request.headers["x-access-token"];
  return Array.isArray(header) ? header[0] : header;
};

/** The chat token of a websocket: its first subprotocol (browsers cannot set headers). */
export function socketToken(request: FastifyRequest): string | undefined {
  const header = request.headers["sec-websocket-protocol"];
  const first = (Array.isArray(header) ? header[0] : header)?.split(",")[0]?.trim();
  return first || undefined;
}

export function chatIdentityOf(request: FastifyRequest): ChatIdentity {
  if (!request.chatIdentity) throw unauthorized();
  return request.chatIdentity;
}

export const chatRoutes: FastifyPluginAsyncZod<{ chat: ChatService; hub: ChatHub }> = async (app, { chat, hub }) => {
  await app.register(multipart, {
    limits: { fileSize: CHAT_VIDEO_MAX_BYTES + 1, files: 1, fields: 5, fieldSize: 1024, parts: 6 },
  });
  app.decorateRequest("chatIdentity", null);

  /** A customer's session (already resolved by the auth plugin) or a guest token. */
  const resolve = async (request: FastifyRequest) => {
    const user = request.user;
    if (user) {
      request.chatIdentity =
        user.role === "customer" ? { kind: "customer", userId: user.id, username: user.username } : null;
      return;
    }
    request.chatIdentity = await chat.identify(headerToken(request));
  };
  const requireChat = async (request: FastifyRequest) => {
    await resolve(request);
    if (!request.chatIdentity) throw unauthorized();
  };

  route(
    app,
    {
      method: "POST",
      url: "/api/chat/guest",
      auth: "public",
      tags,
      summary: "A guest chat token for this device (a random secret; the device id alone opens nothing)",
      body: ChatGuestBody,
      result: ChatGuestResult,
    },
    ({ body }) => chat.createGuest(body.deviceId),
  );

  app.post(
    "/api/chat/verify",
    {
      onRequest: resolve,
      schema: {
        tags,
        summary: "Whether the chat token is valid: 1 valid, 2 invalid (then take a guest token)",
        security,
        response: { 200: envelope(ChatVerifyResult) },
      },
    },
    async (request) => ok(request.chatIdentity ? (1 as const) : (2 as const)),
  );

  app.post(
    "/api/chat/customer-to-service",
    {
      onRequest: requireChat,
      schema: {
        tags,
        summary:
          "Send a message to support: text ≤ 2,000 characters, or the url of an image/video uploaded for the chat; 20 per 10 s",
        security,
        body: ChatSendBody,
        response: { 200: envelope(ChatMessage) },
      },
    },
    async (request) => {
      const conv = await chat.conversationOf(chatIdentityOf(request));
      return ok(await chat.send(Number(conv.id), { kind: "customer", conversationId: Number(conv.id) }, request.body));
    },
  );

  app.get(
    "/api/chat/chatMessage/list/me",
    {
      onRequest: requireChat,
      schema: {
        tags,
        summary: "My chat messages, newest first, with read and recalled",
        security,
        querystring: ChatListQuery,
        response: { 200: envelope(page(ChatMessage)) },
      },
    },
    async (request) => {
      const conv = await chat.conversationOf(chatIdentityOf(request));
      return ok(await chat.listMessages(Number(conv.id), request.query.pageNo, request.query.pageSize));
    },
  );

  app.get(
    "/api/chat/conversation/me",
    {
      onRequest: requireChat,
      schema: {
        tags,
        summary: "My conversation: unread agent messages, agent name, whether support is online",
        security,
        response: { 200: envelope(ChatConversation) },
      },
    },
    async (request) => ok(await chat.conversationMe(chatIdentityOf(request))),
  );

  app.post(
    "/api/chat/message/read/me",
    {
      onRequest: requireChat,
      schema: {
        tags,
        summary: "Mark every support message as read (the agent sees the read mark)",
        security,
        response: { 200: envelope(ChatReadResult) },
      },
    },
    async (request) => {
      const conv = await chat.conversationOf(chatIdentityOf(request));
      return ok({ read: await chat.markRead(Number(conv.id), "customer") });
    },
  );

  app.post(
    "/api/chat/message/recall",
    {
      onRequest: requireChat,
      schema: {
        tags,
        summary: "Recall my own message within 2 minutes (someone else's: 404; too late: 409)",
        security,
        body: ChatIdBody,
        response: { 200: envelope(ChatMessage) },
      },
    },
    async (request) => {
      const conv = await chat.conversationOf(chatIdentityOf(request));
      return ok(await chat.recall(request.body.id, { kind: "customer", conversationId: Number(conv.id) }));
    },
  );

  route(
    app,
    {
      method: "POST",
      url: "/api/chat/merge",
      auth: "user",
      tags,
      summary: "After login or registration: move the guest conversation of this device into my account",
      body: ChatMergeBody,
      result: ChatMergeResult,
    },
    async ({ request, body }) => {
      const user = currentUser(request);
      if (user.role !== "customer") throw unauthorized();
      return chat.mergeGuest(user.id, body.guestToken);
    },
  );

  app.post(
    "/api/chat/upload",
    {
      onRequest: requireChat,
      bodyLimit: CHAT_VIDEO_MAX_BYTES + 1024 * 1024,
      schema: {
        tags,
        summary: "Upload a chat image (kind=image, ≤ 5 MB) or video (kind=video, ≤ 50 MB); type by content",
        security,
        consumes: ["multipart/form-data"],
        querystring: ChatUploadQuery,
        response: { 200: envelope(ChatUploadResult) },
      },
    },
    async (request) => {
      const identity = chatIdentityOf(request);
      if (!request.isMultipart()) throw badRequest("requiredField", { field: "file" });
      const part = await request.file().catch(malformed);
      if (part?.fieldname !== "file") throw badRequest("requiredField", { field: "file" });
      const conv = await chat.conversationOf(identity);
      const stored = await storeUpload(
        chat.db,
        app.config.dataDir,
        identity.kind === "customer" ? identity.userId : null,
        "general",
        { stream: part.file, truncated: () => part.file.truncated, accept: request.query.kind },
      ).catch(malformed);
      await chat.recordUpload(Number(conv.id), stored.name, stored.kind);
      return ok({ url: stored.url, kind: stored.kind, mime: stored.mime, size: stored.size });
    },
  );

  // The identity and conversation are resolved before the upgrade completes, so no
  // frame arrives before the socket is attached. A bad token: an error event, then close 4401.
  const socketConversation = new WeakMap<FastifyRequest, number>();
  app.get(
    CHAT_WS_PATH,
    {
      websocket: true,
      schema: { hide: true },
      preValidation: async (request) => {
        const identity = await chat.identify(socketToken(request));
        if (identity) socketConversation.set(request, Number((await chat.conversationOf(identity)).id));
      },
    },
    (socket, request) => {
      const conversationId = socketConversation.get(request);
      if (conversationId === undefined) {
        socket.send(JSON.stringify({ type: "error", data: { code: 401 } }));
        socket.close(4401, "invalid token");
        return;
      }
      hub.attachCustomer(socket, conversationId);
    },
  );
};

export function malformed(err: unknown): never {
  const status = (err as { statusCode?: number }).statusCode;
  if (err instanceof AppError || (status !== undefined && status < 500)) throw err;
  throw badRequest("invalidField", { field: "file" });
}
