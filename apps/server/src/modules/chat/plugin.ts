// The support chat module: `app.chat` (service), the local socket hub fed by the event
// bus ("chat.event"), customer/guest routes and the agents' operator routes.
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { ChatHub } from "./hub";
import { OperatorChat } from "./operator";
import { operatorChatRoutes } from "./operator-routes";
import { clearAgentSocket, touchAgentSocket } from "./presence";
import { chatRoutes } from "./routes";
import { ChatService } from "./service";

declare module "fastify" {
  interface FastifyInstance {
    chat: { service: ChatService; hub: ChatHub };
  }
}

async function chatPlugin(app: FastifyInstance) {
  const db = app.database.db;
  const service = new ChatService(db, (event) => app.bus.publish("chat.event", event));
  const hub = new ChatHub({
    customerPresence: (conversationId, open) => service.touchCustomerSocket(conversationId, open),
    agentPresence: (agentId, open) =>
      open ? touchAgentSocket(db, agentId, new Date()) : clearAgentSocket(db, agentId),
    onError: (err) => app.log.warn({ err }, "chat presence update failed"),
  });
  const unsubscribe = app.bus.subscribe("chat.event", (event) => hub.deliver(event));
  const operator = new OperatorChat(app.database, service);
  app.decorate("chat", { service, hub });
  app.addHook("preClose", async () => {
    unsubscribe();
    hub.stop();
  });
  await app.register(chatRoutes, { chat: service, hub });
  await app.register(operatorChatRoutes, { chat: service, operator, hub });
}

export default fp(chatPlugin, { name: "chat", dependencies: ["database", "bus", "websocket", "auth"] });
