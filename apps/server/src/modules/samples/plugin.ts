// The samples module: on a sandbox start with SANDBOX_SAMPLES (the default in sandbox; never
// with SANDBOX=false), once the app is ready, makes the sandbox samples the database lacks, in
// the background: the start does not wait for the price feed. `app.samples.done` settles when
// they are made (tests wait for it); the app's close stops the waits and waits for it.
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { openPosition } from "../contracts/service";
import { makeSandboxSamples, type SamplesDeps, type SamplesOutcome } from "./service";

declare module "fastify" {
  interface FastifyInstance {
    samples: { done: Promise<SamplesOutcome | null> };
  }
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, Math.max(0, ms)).unref());

async function samplesPlugin(app: FastifyInstance) {
  const samples: { done: Promise<SamplesOutcome | null> } = { done: Promise.resolve(null) };
  app.decorate("samples", samples);
  if (!app.config.sandbox || !app.config.sandboxSamples) return;

  const log = app.log.child({ module: "samples" });
  const signal = { aborted: false };
  const deps: SamplesDeps = {
    db: app.database.db,
    clock: app.clock,
    market: app.market,
    ieo: app.ieo.service,
    contests: app.contests,
    openContestPosition: (userId, body) =>
      openPosition({ db: app.database.db, market: app.market, bus: app.bus, tradeModes: app.tradeModes }, userId, body),
    jobs: {
      paused: async (work) => {
        await app.jobs.stop();
        try {
          await work();
        } finally {
          if (!signal.aborted) app.jobs.start();
        }
      },
    },
    log,
    sleep,
    signal,
  };

  // After the job queue and the price feed started (their ready hooks were added before this one).
  app.addHook("onReady", async () => {
    samples.done = makeSandboxSamples(deps).catch((err) => {
      log.error({ err }, "samples: making the sandbox samples failed; the next start tries again");
      return null;
    });
  });
  app.addHook("onClose", async () => {
    signal.aborted = true;
    await samples.done;
  });
}

export default fp(samplesPlugin, {
  name: "samples",
  dependencies: ["database", "market", "jobs", "clock", "bus", "ieo", "contests", "contracts"],
});
