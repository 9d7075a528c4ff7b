// Agents answer support chat here (the operator console builds its screen on these):
// conversations with the customer's online state and unread count, messages, read,
// reply with text or an uploaded image/video, close, recall, and the agents' socket.
import {
  ChatIdBody,
  ChatListQuery,
  ChatMessage,
  ChatReadResult,
  ChatSendBody,
  ConversationIdParam,
  envelope,
  OPERATOR_CHAT_WS_PATH,
  OperatorChatConversation,
  OperatorChatListQuery,
  page,
} from "@candor/contract";
import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { ok } from "../../lib/envelope";
import { currentUser } from "../../plugins/auth";
import { resolveSession } from "../auth/service";
import type { ChatHub } from "./hub";
import type { OperatorChat } from "./operator";
import { socketToken } from "./routes";
import type { ChatService } from "./service";

const tags = ["operator"];
const security = [{ accessToken: [] }];

export const operatorChatRoutes: FastifyPluginAsyncZod<{
  chat: ChatService;
  operator: OperatorChat;
  hub: ChatHub;
}> = async (app, { chat, operator, hub }) => {
  const guard = { onRequest: app.requireOperator };

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
    async (request) => ok(await operator.list(currentUser(request).id, request.query)),
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
      return ok(await chat.send(request.params.id, { kind: "agent", agentId: currentUser(request).id }, request.body));
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
    async (request) => ok(await chat.recall(request.body.id, { kind: "agent", agentId: currentUser(request).id })),
  );

  const socketAgent = new WeakMap<FastifyRequest, number>();
  app.get(
    OPERATOR_CHAT_WS_PATH,
    {
      websocket: true,
      schema: { hide: true },
      preValidation: async (request) => {
        const token = socketToken(request);
        const user = token ? await resolveSession(chat.db, token) : null;
        if (user?.role === "operator") socketAgent.set(request, user.id);
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
