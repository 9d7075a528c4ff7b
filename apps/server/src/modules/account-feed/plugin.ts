// The private account channel: websocket /api/websocket/account (the session token as
// subprotocol, customers only) pushes `{type: "account", data: {kinds, at}}` when the
// customer's balances, positions, orders or profile (a KYC decision) changed, on whichever node holds the socket:
// after the customer's own requests and futures position events (through the bus), and
// for every other ledger movement (ledger-watch.ts).
import { accountFeedPaths } from "@candor/contract";
import type { FastifyInstance, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { resolveSession } from "../auth/service";
import { AccountHub } from "./hub";
import { LedgerWatch } from "./ledger-watch";
import { announceAccountChange, kindsForRequest } from "./service";

export const ACCOUNT_WS_PATH = accountFeedPaths.socket;

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
    app.bus.subscribe("access.revoked", (e) => {
      if (e.userId !== undefined) void hub.revalidate(e.userId);
    }),
    // Opens, TP/SL edits and closes (settlement included, on whichever node leads) reach
    // every node; each delivers to its own sockets (no second event on the bus).
    app.bus.subscribe("futures.position", (e) =>
      hub.deliver({ userId: e.position.userId, kinds: ["positions", "balances"], at: Date.now() }),
    ),
    // Staff approved or rejected an identity submission: /my shows the new status at once
    // (issue 35 §5e), on whichever node holds the customer's socket.
    app.bus.subscribe("kyc.result", (e) => hub.deliver({ userId: e.userId, kinds: ["profile"], at: Date.now() })),
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

  const socketUser = new WeakMap<FastifyRequest, { userId: number; token: string }>();
  // Stays a raw route: a websocket.
  app.get(
    ACCOUNT_WS_PATH,
    {
      websocket: true,
      schema: { hide: true },
      preValidation: async (request) => {
        const token = socketToken(request);
        const user = token ? await resolveSession(app.database.db, token) : null;
        if (token && user?.role === "customer") socketUser.set(request, { userId: user.id, token });
      },
    },
    (socket, request) => {
      const opened = socketUser.get(request);
      if (opened === undefined) {
        socket.send(JSON.stringify({ type: "error", data: { code: 401 } }));
        socket.close(4401, "invalid token");
        return;
      }
      const { userId, token } = opened;
      hub.attach(socket, userId, async () => (await resolveSession(app.database.db, token))?.id === userId);
    },
  );
}

export default fp(accountFeedPlugin, { name: "account-feed", dependencies: ["database", "bus", "websocket", "auth"] });
