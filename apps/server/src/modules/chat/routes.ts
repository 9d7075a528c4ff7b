// Customer and guest side of support chat (docs/contract.md "Support chat"; the seed's
// client calls them with the chat token in X-Access-Token): guest token, verify, send,
// messages, conversation, read, recall, merge after login, chat uploads, socket.
import { CHAT_VIDEO_MAX_BYTES, chatPaths, chatEndpoints as E } from "@candor/contract";
import multipart from "@fastify/multipart";
import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { AppError, badRequest, unauthorized } from "../../lib/errors";
import { route } from "../../lib/route";
import { LoginError, signupCheck } from "../auth/service";
import { checkGuestQuota, storeUpload } from "../uploads/service";
import type { ChatHub, SocketOwner } from "./hub";
import type { ChatIdentity, ChatService } from "./service";

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

  const chatToken = { onRequest: requireChat };

  route(app, E.guest, async ({ body: { deviceId, captcha }, request, reply }) => {
    try {
      await signupCheck(app.database.db, "guest-chat-address", request.ip, captcha, app.config.freeSignupsPerAddress);
    } catch (err) {
      if (err instanceof LoginError && err.challenge.captchaRequired) reply.header("X-Captcha-Required", "true");
      throw err;
    }
    return chat.createGuest(deviceId);
  });
  // Any token (or none) may ask: the answer says whether it is valid.
  route(app, E.verify, async ({ request }) => (request.chatIdentity ? (1 as const) : (2 as const)), {
    onRequest: resolve,
  });
  route(
    app,
    E.send,
    async ({ request, body }) => {
      const conv = await chat.conversationOf(chatIdentityOf(request));
      return chat.send(Number(conv.id), { kind: "customer", conversationId: Number(conv.id) }, body);
    },
    chatToken,
  );
  route(
    app,
    E.messages,
    async ({ request, query }) => {
      const conv = await chat.conversationOf(chatIdentityOf(request));
      return chat.listMessages(Number(conv.id), query.pageNo, query.pageSize);
    },
    chatToken,
  );
  route(app, E.conversation, ({ request }) => chat.conversationMe(chatIdentityOf(request)), chatToken);
  route(
    app,
    E.read,
    async ({ request }) => {
      const conv = await chat.conversationOf(chatIdentityOf(request));
      return { read: await chat.markRead(Number(conv.id), "customer") };
    },
    chatToken,
  );
  route(
    app,
    E.recall,
    async ({ request, body }) => {
      const conv = await chat.conversationOf(chatIdentityOf(request));
      return chat.recall(body.id, { kind: "customer", conversationId: Number(conv.id) });
    },
    chatToken,
  );

  route(app, E.merge, async ({ user, body }) => {
    if (user.role !== "customer") throw unauthorized();
    const guest = await chat.identify(body.guestToken);
    const merged = await chat.mergeGuest(user.id, body.guestToken);
    // The guest token is dead now: its sockets close on every node.
    if (guest?.kind === "guest") app.bus.publish("access.revoked", { guestId: guest.guestId });
    return merged;
  });

  route(
    app,
    E.upload,
    async ({ request, query }) => {
      const identity = chatIdentityOf(request);
      if (!request.isMultipart()) throw badRequest("requiredField", { field: "file" });
      const part = await request.file().catch(malformed);
      if (part?.fieldname !== "file") throw badRequest("requiredField", { field: "file" });
      const conv = await chat.conversationOf(identity);
      // A guest (no account) has a daily quota per device and per address.
      const guest = await chat.guestUploader(identity, request.ip);
      if (guest) await checkGuestQuota(chat.db, guest, 0);
      const stored = await storeUpload(
        chat.db,
        app.config.dataDir,
        identity.kind === "customer" ? identity.userId : null,
        "chat",
        {
          stream: part.file,
          truncated: () => part.file.truncated,
          accept: query.kind,
          ...(guest ? { admit: (size: number) => checkGuestQuota(chat.db, guest, size) } : {}),
        },
        guest,
      ).catch(malformed);
      await chat.recordUpload(Number(conv.id), stored.name, stored.kind);
      return { url: stored.url, kind: stored.kind, mime: stored.mime, size: stored.size };
    },
    { ...chatToken, bodyLimit: CHAT_VIDEO_MAX_BYTES + 1024 * 1024 },
  );

  // The identity and conversation are resolved before the upgrade completes, so no
  // frame arrives before the socket is attached. A bad token: an error event, then close 4401.
  // Stays a raw route: a websocket.
  const socketConversation = new WeakMap<FastifyRequest, { conversationId: number; owner: SocketOwner }>();
  app.get(
    chatPaths.socket,
    {
      websocket: true,
      schema: { hide: true },
      preValidation: async (request) => {
        const token = socketToken(request);
        const identity = await chat.identify(token);
        if (!identity) return;
        const conversationId = Number((await chat.conversationOf(identity)).id);
        // Re-checked when access is revoked: the same token must still name the same customer or guest.
        const same = async () => {
          const now = await chat.identify(token);
          if (!now || now.kind !== identity.kind) return false;
          return now.kind === "customer"
            ? identity.kind === "customer" && now.userId === identity.userId
            : identity.kind === "guest" && now.guestId === identity.guestId;
        };
        const owner: SocketOwner =
          identity.kind === "customer"
            ? { userId: identity.userId, stillValid: same }
            : { guestId: identity.guestId, stillValid: same };
        socketConversation.set(request, { conversationId, owner });
      },
    },
    (socket, request) => {
      const opened = socketConversation.get(request);
      if (opened === undefined) {
        socket.send(JSON.stringify({ type: "error", data: { code: 401 } }));
        socket.close(4401, "invalid token");
        return;
      }
      hub.attachCustomer(socket, opened.conversationId, opened.owner);
    },
  );
};

export function malformed(err: unknown): never {
  const status = (err as { statusCode?: number }).statusCode;
  if (err instanceof AppError || (status !== undefined && status < 500)) throw err;
  throw badRequest("invalidField", { field: "file" });
}
