// The private account channel: websocket /api/websocket/account (the session token as
// subprotocol, customers only) pushes `{type: "account", data: {kinds, at}}` when the
// customer's balances, positions or orders changed, on whichever node holds the socket:
// after the customer's own requests and futures position events (through the bus), and
// for every other ledger movement (ledger-watch.ts).
import type { FastifyInstance, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { resolveSession } from "../auth/service";
import { AccountHub } from "./hub";
import { LedgerWatch } from "./ledger-watch";
import { announceAccountChange, kindsForRequest } from "./service";

export const ACCOUNT_WS_PATH = "/api/websocket/account";

declare module "fastify" {
  interface FastifyInstance {
    accountHub: AccountHub;
    accountLedgerWatch: LedgerWatch;
  }
}

function socketToken(request: FastifyRequest): string | undefined {
  const header = request.headers["sec-websocket-protocol"];
  return (Array.isArray(header) ? header[0] : header)?.split(",")[0]?.trim() || undefined;
}

async function accountFeedPlugin(app: FastifyInstance) {
  const hub = new AccountHub();
  app.decorate("accountHub", hub);
  const offs = [
    app.bus.subscribe("account.event", (e) => hub.deliver(e)),
    // Opens, TP/SL edits and closes (settlement included, on whichever node leads) reach
    // every node; each delivers to its own sockets (no second event on the bus).
    app.bus.subscribe("futures.position", (e) =>
      hub.deliver({ userId: e.position.userId, kinds: ["positions", "balances"], at: Date.now() }),
    ),
  ];
  app.addHook("onResponse", (request, reply, done) => {
    const user = request.user;
    if (user?.role === "customer" && reply.statusCode === 200) {
      announceAccountChange(app.bus, user.id, kindsForRequest(request.method, request.url));
    }
    done();
  });
  const watch = new LedgerWatch(
    app.database.db,
    () => hub.users(),
    (userId) => hub.deliver({ userId, kinds: ["balances"], at: Date.now() }),
    (err) => app.log.warn({ err }, "account feed: reading ledger changes failed"),
  );
  app.decorate("accountLedgerWatch", watch);
  app.addHook("onReady", async () => watch.start());
  app.addHook("preClose", async () => {
    watch.stop();
    for (const off of offs) off();
    hub.stop();
  });

  const socketUser = new WeakMap<FastifyRequest, number>();
  app.get(
    ACCOUNT_WS_PATH,
    {
      websocket: true,
      schema: { hide: true },
      preValidation: async (request) => {
        const token = socketToken(request);
        const user = token ? await resolveSession(app.database.db, token) : null;
        if (user?.role === "customer") socketUser.set(request, user.id);
      },
    },
    (socket, request) => {
      const userId = socketUser.get(request);
      if (userId === undefined) {
        socket.send(JSON.stringify({ type: "error", data: { code: 401 } }));
        socket.close(4401, "invalid token");
        return;
      }
      hub.attach(socket, userId);
    },
  );
}

export default fp(accountFeedPlugin, { name: "account-feed", dependencies: ["database", "bus", "websocket", "auth"] });
