// The clock module: `app.clock` (the business clock every scheduled rule runs on) and, in
// sandbox only, the test clock endpoints `GET /dev/clock` and `POST /dev/clock/advance`
// (404 elsewhere: the routes do not exist).
import { ClockAdvanceBody, ClockNow, envelope } from "@candor/contract";
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { ok } from "../../lib/envelope";
import { advanceClock } from "./advance";
import { BusinessClock } from "./service";

declare module "fastify" {
  interface FastifyInstance {
    clock: BusinessClock;
  }
}

const clockRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ["sandbox"];
  app.get(
    "/dev/clock",
    { schema: { tags, summary: "Business time (sandbox only)", response: { 200: envelope(ClockNow) } } },
    async () => {
      await app.clock.load();
      return ok({ now: app.clock.now().toISOString(), offsetMs: app.clock.offsetMs });
    },
  );
  app.post(
    "/dev/clock/advance",
    {
      schema: {
        tags,
        summary:
          "Move business time forward (sandbox only); every scheduled job that came due runs, in time order, once, before the answer",
        body: ClockAdvanceBody,
        response: { 200: envelope(ClockNow) },
      },
    },
    async (request) => {
      const result = await advanceClock(app.clock, app.jobs, request.body.seconds);
      app.bus.publish("clock.changed", { offsetMs: result.offsetMs });
      return ok({ now: result.now.toISOString(), offsetMs: result.offsetMs, jobsRun: result.jobsRun });
    },
  );
};

async function clockPlugin(app: FastifyInstance) {
  const clock = new BusinessClock(app.database.db);
  app.decorate("clock", clock);
  app.addHook("onReady", async () => {
    const [table] = await app.database.query<{ t: string | null }>("SELECT to_regclass('business_clock') AS t");
    if (table?.t) await clock.load();
  });
  const off = app.bus.subscribe("clock.changed", () => {
    clock.load().catch((err) => app.log.error({ err }, "clock: reloading the offset failed"));
  });
  app.addHook("onClose", async () => off());
  if (app.config.sandbox) await app.register(clockRoutes);
}

export default fp(clockPlugin, { name: "clock", dependencies: ["database", "bus", "jobs"] });
