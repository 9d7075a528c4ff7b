// The wallet module: picks the payment provider (PAYMENT_PROVIDER; sandbox by default),
// registers its jobs (deposit confirmation, payouts) and its routes, and decorates
// `app.wallet` with the context its services use.
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import type { WalletContext } from "./context";
import { JOB_DEPOSIT_CONFIRM, JOB_WITHDRAWAL_CANCEL, JOB_WITHDRAWAL_PAYOUT } from "./context";
import { getWalletSettings } from "./currencies";
import { runDepositConfirmJob } from "./deposits";
import { walletOperatorRoutes } from "./operator-routes";
import { ManualProvider, SandboxProvider } from "./provider";
import { walletRoutes } from "./routes";
import { walletSeedRoutes } from "./seed-routes";
import { runCancelPayoutJob, runPayoutJob } from "./withdrawal-transitions";

declare module "fastify" {
  interface FastifyInstance {
    wallet: WalletContext;
  }
}

async function walletPlugin(app: FastifyInstance) {
  const db = app.database.db;
  // Never the sandbox provider outside sandbox mode (config refuses the other mix-up).
  const provider =
    app.config.sandbox && app.config.paymentProvider === "sandbox"
      ? new SandboxProvider(async () => (await getWalletSettings(db)).sandboxConfirmSeconds * 1000)
      : new ManualProvider();
  const ctx: WalletContext = { db, rates: app.market, market: app.market, provider, jobs: app.jobs, bus: app.bus };
  const log = app.log.child({ module: "wallet" });
  app.decorate("wallet", ctx);

  app.jobs.register<{ id: number }>(JOB_DEPOSIT_CONFIRM, (job) => runDepositConfirmJob(ctx, job, log));
  app.jobs.register<{ id: number }>(JOB_WITHDRAWAL_PAYOUT, (job) => runPayoutJob(ctx, job, log));
  app.jobs.register<{ id: number }>(JOB_WITHDRAWAL_CANCEL, (job) => runCancelPayoutJob(ctx, job, log));

  await app.register(walletRoutes, { ctx });
  await app.register(walletSeedRoutes, { ctx });
  await app.register(walletOperatorRoutes, { ctx });
}

export default fp(walletPlugin, { name: "wallet", dependencies: ["database", "auth", "market", "jobs", "bus"] });
