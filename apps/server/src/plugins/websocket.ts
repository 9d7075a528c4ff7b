// Websocket support for every /api/websocket/* endpoint (market, chat, account
// updates): registered once here so modules just declare `{ websocket: true }` routes.
import websocket from "@fastify/websocket";
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";

async function websocketPlugin(app: FastifyInstance) {
  await app.register(websocket, {
    // Client messages are small commands; anything bigger is refused by the ws library.
    options: { maxPayload: 64 * 1024 },
  });
}

export default fp(websocketPlugin, { name: "websocket" });
