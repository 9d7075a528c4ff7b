// Agents answer support chat here (the operator console builds its screen on these):
// conversations with the customer's online state and unread count, messages, read,
// reply with text or an uploaded image/video, close, recall, and the agents' socket.
import {
  CHAT_VIDEO_MAX_BYTES,
  ChatIdBody,
  ChatListQuery,
  ChatMessage,
  ChatReadResult,
  ChatSendBody,
  ChatUploadQuery,
  ChatUploadResult,
  ConversationIdParam,
  envelope,
  OPERATOR_CHAT_WS_PATH,
  OperatorChatConversation,
  OperatorChatListQuery,
  page,
} from "@candor/contract";
import multipart from "@fastify/multipart";
import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { ok } from "../../lib/envelope";
import { badRequest } from "../../lib/errors";
import { currentStaff, staffFromRequest } from "../staff/service";
import { storeUpload } from "../uploads/service";
import type { ChatHub } from "./hub";
import type { OperatorChat } from "./operator";
import { malformed, socketToken } from "./routes";
import type { ChatService } from "./service";

const tags = ["operator"];
const security = [{ accessToken: [] }];

export const operatorChatRoutes: FastifyPluginAsyncZod<{
  chat: ChatService;
  operator: OperatorChat;
  hub: ChatHub;
}> = async (app, { chat, operator, hub }) => {
  const guard = { onRequest: app.requireRole("support") };
  await app.register(multipart, {
    limits: { fileSize: CHAT_VIDEO_MAX_BYTES + 1, files: 1, fields: 5, fieldSize: 1024, parts: 6 },
  });

  // An agent's image or video for one conversation (staff have no customer uploads).
  app.post(
    "/api/operator/chat/conversations/:id/upload",
    {
      ...guard,
      bodyLimit: CHAT_VIDEO_MAX_BYTES + 1024 * 1024,
      schema: {
        tags: ["operator"],
        summary: "Upload an image (≤ 5 MB) or video (≤ 50 MB) to send in this conversation; type by content",
        security: [{ accessToken: [] }],
        consumes: ["multipart/form-data"],
        params: ConversationIdParam,
        querystring: ChatUploadQuery,
        response: { 200: envelope(ChatUploadResult) },
      },
    },
    async (request) => {
      await operator.get(request.params.id);
      if (!request.isMultipart()) throw badRequest("requiredField", { field: "file" });
      const part = await request.file().catch(malformed);
      if (part?.fieldname !== "file") throw badRequest("requiredField", { field: "file" });
      const stored = await storeUpload(chat.db, app.config.dataDir, null, "general", {
        stream: part.file,
        truncated: () => part.file.truncated,
        accept: request.query.kind,
      }).catch(malformed);
      await chat.recordUpload(request.params.id, stored.name, stored.kind);
      return ok({ url: stored.url, kind: stored.kind, mime: stored.mime, size: stored.size });
    },
  );

  app.get(
    "/api/operator/chat/conversations",
    {
      ...guard,
      schema: {
        tags,
        summary: "Support conversations (open by default; scope mine/queue/all), latest message first",
        security,
        querystring: OperatorChatListQuery,
        response: { 200: envelope(page(OperatorChatConversation)) },
      },
    },
    async (request) => ok(await operator.list(currentStaff(request).id, request.query)),
  );

  app.get(
    "/api/operator/chat/conversations/:id",
    {
      ...guard,
      schema: {
        tags,
        summary: "One conversation",
        security,
        params: ConversationIdParam,
        response: { 200: envelope(OperatorChatConversation) },
      },
    },
    async (request) => ok(await operator.get(request.params.id)),
  );

  app.get(
    "/api/operator/chat/conversations/:id/messages",
    {
      ...guard,
      schema: {
        tags,
        summary: "Messages of a conversation, newest first",
        security,
        params: ConversationIdParam,
        querystring: ChatListQuery,
        response: { 200: envelope(page(ChatMessage)) },
      },
    },
    async (request) => {
      await operator.row(request.params.id);
      return ok(await chat.listMessages(request.params.id, request.query.pageNo, request.query.pageSize));
    },
  );

  app.post(
    "/api/operator/chat/conversations/:id/read",
    {
      ...guard,
      schema: {
        tags,
        summary: "Mark the customer's messages as read (the customer sees the read mark)",
        security,
        params: ConversationIdParam,
        response: { 200: envelope(ChatReadResult) },
      },
    },
    async (request) => {
      await operator.row(request.params.id);
      return ok({ read: await chat.markRead(request.params.id, "agent") });
    },
  );

  app.post(
    "/api/operator/chat/conversations/:id/reply",
    {
      ...guard,
      schema: {
        tags,
        summary: "Reply with text, or an image/video uploaded through /api/sys/common/upload; takes a queued chat",
        security,
        params: ConversationIdParam,
        body: ChatSendBody,
        response: { 200: envelope(ChatMessage) },
      },
    },
    async (request) => {
      await operator.row(request.params.id);
      return ok(await chat.send(request.params.id, { kind: "agent", agentId: currentStaff(request).id }, request.body));
    },
  );

  app.post(
    "/api/operator/chat/conversations/:id/close",
    {
      ...guard,
      schema: {
        tags,
        summary: "Close a conversation (the customer's next message reopens it)",
        security,
        params: ConversationIdParam,
        response: { 200: envelope(OperatorChatConversation) },
      },
    },
    async (request) => ok(await operator.close(request.params.id)),
  );

  app.post(
    "/api/operator/chat/message/recall",
    {
      ...guard,
      schema: {
        tags,
        summary: "Recall my own reply within 2 minutes",
        security,
        body: ChatIdBody,
        response: { 200: envelope(ChatMessage) },
      },
    },
    async (request) => ok(await chat.recall(request.body.id, { kind: "agent", agentId: currentStaff(request).id })),
  );

  const socketAgent = new WeakMap<FastifyRequest, number>();
  app.get(
    OPERATOR_CHAT_WS_PATH,
    {
      websocket: true,
      schema: { hide: true },
      preValidation: async (request) => {
        const agent = await staffFromRequest(chat.db, socketToken(request) ?? undefined);
        if (agent && (agent.role === "support" || agent.role === "admin")) socketAgent.set(request, agent.id);
      },
    },
    (socket, request) => {
      const agentId = socketAgent.get(request);
      if (agentId === undefined) {
        socket.send(JSON.stringify({ type: "error", data: { code: 401 } }));
        socket.close(4401, "invalid token");
        return;
      }
      hub.attachAgent(socket, agentId);
    },
  );
};
