// The clock module: `app.clock` (the business clock every scheduled rule runs on) and, in
// sandbox only, the test clock endpoints `GET /dev/clock` and `POST /dev/clock/advance`
// (404 elsewhere: the routes do not exist). The clock is registered before the job queue, so
// that a sandbox clock start (SANDBOX_CLOCK_START) is in place before the queue schedules its
// first daily jobs and starts working; the routes, which run jobs, come after the queue.
import { sandboxEndpoints as E } from "@candor/contract";
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { route } from "../../lib/route";
import { advanceClock } from "./advance";
import { BusinessClock } from "./service";

declare module "fastify" {
  interface FastifyInstance {
    clock: BusinessClock;
  }
}

const clockRoutesPlugin: FastifyPluginAsyncZod = async (app) => {
  if (!app.config.sandbox) return;
  route(app, E.clock, async () => {
    await app.clock.load();
    return { now: app.clock.now().toISOString(), offsetMs: app.clock.offsetMs };
  });
  route(app, E.clockAdvance, async ({ body }) => {
    const result = await advanceClock(app.clock, app.jobs, body.seconds);
    app.bus.publish("clock.changed", { offsetMs: result.offsetMs });
    return { now: result.now.toISOString(), offsetMs: result.offsetMs, jobsRun: result.jobsRun };
  });
};

async function clockPlugin(app: FastifyInstance) {
  const clock = new BusinessClock(app.database.db);
  app.decorate("clock", clock);
  app.addHook("onReady", async () => {
    const [table] = await app.database.query<{ t: string | null }>("SELECT to_regclass('business_clock') AS t");
    if (!table?.t) return;
    await clock.load();
    const start = app.config.clockStartAt;
    if (!app.config.sandbox || start === undefined) return;
    if (await clock.startAt(start)) {
      app.log.info({ businessTime: clock.now().toISOString() }, "sandbox clock started at SANDBOX_CLOCK_START");
    } else if (clock.offsetMs === 0) {
      app.log.warn(
        { start: new Date(start).toISOString() },
        "SANDBOX_CLOCK_START not applied: it lies before real time, or this database already ran jobs",
      );
    }
  });
  const off = app.bus.subscribe("clock.changed", () => {
    clock.load().catch((err) => app.log.error({ err }, "clock: reloading the offset failed"));
  });
  app.addHook("onClose", async () => off());
}

export default fp(clockPlugin, { name: "clock", dependencies: ["database", "bus"] });

/** `GET /dev/clock` and `POST /dev/clock/advance` (sandbox only); registered after the job queue. */
export const clockRoutes = fp(clockRoutesPlugin, { name: "clock-routes", dependencies: ["clock", "jobs"] });
