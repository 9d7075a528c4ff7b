// Agents answer support chat here (the operator console builds its screen on these):
// conversations with the customer's online state and unread count, messages, read,
// reply with text or an uploaded image/video, close, recall, and the agents' socket.
import { CHAT_VIDEO_MAX_BYTES, chatPaths, chatEndpoints as E } from "@candor/contract";
import multipart from "@fastify/multipart";
import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { badRequest } from "../../lib/errors";
import { route } from "../../lib/route";
import { staffFromRequest } from "../staff/service";
import { storeUpload } from "../uploads/service";
import type { ChatHub } from "./hub";
import type { OperatorChat } from "./operator";
import { malformed, socketToken } from "./routes";
import type { ChatService } from "./service";

export const operatorChatRoutes: FastifyPluginAsyncZod<{
  chat: ChatService;
  operator: OperatorChat;
  hub: ChatHub;
}> = async (app, { chat, operator, hub }) => {
  await app.register(multipart, {
    limits: { fileSize: CHAT_VIDEO_MAX_BYTES + 1, files: 1, fields: 5, fieldSize: 1024, parts: 6 },
  });

  // An agent's image or video for one conversation (staff have no customer uploads).
  route(
    app,
    E.operatorUpload,
    async ({ request, params, query }) => {
      await operator.get(params.id);
      if (!request.isMultipart()) throw badRequest("requiredField", { field: "file" });
      const part = await request.file().catch(malformed);
      if (part?.fieldname !== "file") throw badRequest("requiredField", { field: "file" });
      const stored = await storeUpload(chat.db, app.config.dataDir, null, "chat", {
        stream: part.file,
        truncated: () => part.file.truncated,
        accept: query.kind,
      }).catch(malformed);
      await chat.recordUpload(params.id, stored.name, stored.kind);
      return { url: stored.url, kind: stored.kind, mime: stored.mime, size: stored.size };
    },
    { bodyLimit: CHAT_VIDEO_MAX_BYTES + 1024 * 1024 },
  );
  route(app, E.operatorConversations, ({ staff, query }) => operator.list(staff.id, query));
  route(app, E.operatorConversation, ({ params }) => operator.get(params.id));
  route(app, E.operatorMessages, async ({ params, query }) => {
    await operator.row(params.id);
    return chat.listMessages(params.id, query.pageNo, query.pageSize);
  });
  route(app, E.operatorRead, async ({ params }) => {
    await operator.row(params.id);
    return { read: await chat.markRead(params.id, "agent") };
  });
  route(app, E.operatorReply, async ({ staff, params, body }) => {
    await operator.row(params.id);
    return chat.send(params.id, { kind: "agent", agentId: staff.id }, body);
  });
  route(app, E.operatorClose, ({ params }) => operator.close(params.id));
  route(app, E.operatorRecall, ({ staff, body }) => chat.recall(body.id, { kind: "agent", agentId: staff.id }));

  const socketAgent = new WeakMap<FastifyRequest, { agentId: number; token: string }>();
  /** An agent socket's staff session still resolves to the same support (or admin) staff member. */
  const stillAgent = async (token: string, agentId: number) => {
    const agent = await staffFromRequest(chat.db, token);
    return agent !== null && agent.id === agentId && (agent.role === "support" || agent.role === "admin");
  };
  // Stays a raw route: a websocket.
  app.get(
    chatPaths.operatorSocket,
    {
      websocket: true,
      schema: { hide: true },
      preValidation: async (request) => {
        const token = socketToken(request);
        const agent = await staffFromRequest(chat.db, token ?? undefined);
        if (token && agent && (agent.role === "support" || agent.role === "admin")) {
          socketAgent.set(request, { agentId: agent.id, token });
        }
      },
    },
    (socket, request) => {
      const opened = socketAgent.get(request);
      if (opened === undefined) {
        socket.send(JSON.stringify({ type: "error", data: { code: 401 } }));
        socket.close(4401, "invalid token");
        return;
      }
      const { agentId, token } = opened;
      hub.attachAgent(socket, agentId, { stillValid: () => stillAgent(token, agentId) });
    },
  );
};
