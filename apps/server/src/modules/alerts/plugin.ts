// Price alerts and Web Push (issue 34 §5): `app.alerts` (service, settler, push), the
// customer's routes, the settler on the settlement leader, the socket notice on every node.
// The inbox message is the content module's (it follows "alerts.fired").
import { alertEndpoints as E } from "@candor/contract";
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { route } from "../../lib/route";
import { registerSettler } from "../settlement/service";
import { loadVapidKeys, PushService } from "./push";
import { AlertsService } from "./service";
import { AlertSettler } from "./settler";

declare module "fastify" {
  interface FastifyInstance {
    alerts: { service: AlertsService; settler: AlertSettler; push: PushService };
  }
}

const DAY = 24 * 60 * 60 * 1000;

async function alertsPlugin(app: FastifyInstance) {
  const db = app.database.db;
  const log = app.log.child({ module: "alerts" });
  // The price 24 hours before `ts`: the close of the 1-minute candle at that time.
  const price24hAgo = async (symbol: string, ts: number): Promise<number | null> => {
    const [candle] = await app.market.klines(symbol, "1m", 1, ts - DAY);
    const close = candle ? Number(candle.close) : Number.NaN;
    return close > 0 ? close : null;
  };
  const push = new PushService({ db, log, sandbox: app.config.sandbox, keys: loadVapidKeys(app.config) });
  const service = new AlertsService({ db, bus: app.bus, market: app.market, price24hAgo });
  const settler = new AlertSettler({
    db,
    log,
    bus: app.bus,
    push,
    price24hAgo,
    url: (symbol) => `/alerts?symbol=${encodeURIComponent(symbol)}`,
  });
  app.decorate("alerts", { service, settler, push });
  registerSettler(app, settler);

  const offs = [
    app.bus.subscribe("alerts.changed", (e) => settler.changed(e)),
    // Every node tells its own open app sockets; the app shows a toast in its language.
    app.bus.subscribe("alerts.fired", (e) =>
      app.accountHub.notice(e.userId, "alert", {
        alertId: e.alertId,
        symbol: e.symbol,
        kind: e.kind,
        value: e.value,
        price: e.price,
        url: `/alerts?symbol=${encodeURIComponent(e.symbol)}`,
      }),
    ),
  ];
  app.addHook("preClose", async () => {
    for (const off of offs) off();
  });

  route(app, E.createAlert, ({ user, body }) => service.create(user.id, body));
  route(app, E.listAlerts, ({ user }) => service.list(user.id));
  route(app, E.deleteAlert, ({ user, body }) => service.delete(user.id, body.id));
  route(app, E.pushSubscribe, ({ user, body, request }) => push.subscribe(user.id, body, request.lang));
  route(app, E.pushUnsubscribe, ({ user, body }) => push.unsubscribe(user.id, body.endpoint));
  route(app, E.vapidKey, async () => ({ publicKey: push.publicKey }));
}

export default fp(alertsPlugin, {
  name: "alerts",
  dependencies: ["database", "auth", "bus", "market", "settlement", "account-feed"],
});
