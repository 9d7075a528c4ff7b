// The support chat module: `app.chat` (service), the local socket hub fed by the event
// bus ("chat.event"), customer/guest routes and the agents' operator routes.
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { signedUploadUrl } from "../uploads/service";
import { ChatHub } from "./hub";
import { OperatorChat } from "./operator";
import { operatorChatRoutes } from "./operator-routes";
import { clearAgentSocket, touchAgentSocket } from "./presence";
import { chatRoutes } from "./routes";
import { ChatService } from "./service";

export const JOB_CHAT_FILE_RETENTION = "chat.files.retention";

declare module "fastify" {
  interface FastifyInstance {
    chat: { service: ChatService; hub: ChatHub };
  }
}

async function chatPlugin(app: FastifyInstance) {
  const db = app.database.db;
  const filesKey = app.keys.key("files");
  const service = new ChatService(db, (event) => app.bus.publish("chat.event", event), undefined, {
    sign: (name) => signedUploadUrl(filesKey, name),
    businessNow: () => app.clock.now(),
    dataDir: app.config.dataDir,
  });
  // Files of conversations closed longer than the retention period go, once a business day.
  app.jobs.daily(JOB_CHAT_FILE_RETENTION, async () => {
    const removed = await service.removeExpiredFiles(app.config.chatFileRetentionDays);
    if (removed > 0) app.log.info({ removed }, "chat files past retention removed");
  });
  const hub = new ChatHub({
    customerPresence: (conversationId, open) => service.touchCustomerSocket(conversationId, open),
    agentPresence: (agentId, open) =>
      open ? touchAgentSocket(db, agentId, new Date()) : clearAgentSocket(db, agentId),
    onError: (err) => app.log.warn({ err }, "chat presence update failed"),
  });
  const offs = [
    app.bus.subscribe("chat.event", (event) => hub.deliver(event)),
    app.bus.subscribe("access.revoked", (e) => void hub.revalidate(e)),
  ];
  const operator = new OperatorChat(app.database, service);
  app.decorate("chat", { service, hub });
  app.addHook("preClose", async () => {
    for (const off of offs) off();
    hub.stop();
  });
  await app.register(chatRoutes, { chat: service, hub });
  await app.register(operatorChatRoutes, { chat: service, operator, hub });
}

export default fp(chatPlugin, {
  name: "chat",
  dependencies: ["database", "bus", "websocket", "auth", "clock", "jobs"],
});
