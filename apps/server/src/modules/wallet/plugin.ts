// The wallet module: picks the payment provider (PAYMENT_PROVIDER; sandbox by default),
// registers its jobs (deposit confirmation, payouts) and its routes, and decorates
// `app.wallet` with the context its services use.
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { publicOrigin } from "../../config";
import { AddressDeriver } from "./chain/addresses";
import type { ChainDeposits } from "./chain/deposits";
import { ChainWatchLeader } from "./chain/leader";
import { ChainPayouts } from "./chain/payouts";
import { SignerClient } from "./chain/signer-client";
import { ChainSweeps } from "./chain/sweeps";
import { EvmWatcher } from "./chain/watcher";
import type { DebtsReader, WalletContext } from "./context";
import { JOB_DEPOSIT_CONFIRM, JOB_WITHDRAWAL_CANCEL, JOB_WITHDRAWAL_PAYOUT } from "./context";
import { getWalletSettings } from "./currencies";
import { runDepositConfirmJob } from "./deposits";
import { announceDeposit, announceWithdrawal } from "./events";
import { fourEyesRoutes } from "./four-eyes-routes";
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

async function walletPlugin(app: FastifyInstance, options: { debts?: DebtsReader } = {}) {
  const db = app.database.db;
  // Never the sandbox provider outside sandbox mode (config refuses the other mix-up).
  const provider =
    app.config.sandbox && app.config.paymentProvider === "sandbox"
      ? new SandboxProvider(async () => (await getWalletSettings(db)).sandboxConfirmSeconds * 1000)
      : new ManualProvider();
  const ctx: WalletContext = {
    db,
    rates: app.market,
    market: app.market,
    provider,
    jobs: app.jobs,
    bus: app.bus,
    clock: app.clock,
    addressCooldownHours: app.config.withdrawalAddressCooldownHours,
    notifier: app.notifier,
    publicUrl: publicOrigin(app.config),
    debts: options.debts,
  };
  const log = app.log.child({ module: "wallet" });
  if (app.config.chainEvm) ctx.chain = chainDeposits(app, ctx);
  app.decorate("wallet", ctx);

  app.jobs.register<{ id: number }>(JOB_DEPOSIT_CONFIRM, (job) => runDepositConfirmJob(ctx, job, log));
  app.jobs.register<{ id: number }>(JOB_WITHDRAWAL_PAYOUT, (job) => runPayoutJob(ctx, job, log));
  app.jobs.register<{ id: number }>(JOB_WITHDRAWAL_CANCEL, (job) => runCancelPayoutJob(ctx, job, log));

  await app.register(walletRoutes, { ctx });
  await app.register(walletSeedRoutes, { ctx });
  await app.register(walletOperatorRoutes, { ctx });
  await app.register(fourEyesRoutes, { ctx });
}

/** On-chain deposits (CHAIN_EVM_*): the address deriver and the watcher, led by one node. */
function chainDeposits(app: FastifyInstance, ctx: WalletContext): ChainDeposits | undefined {
  const config = app.config.chainEvm;
  if (!config) return undefined;
  const log = app.log.child({ module: "wallet.chain" });
  const watcher = new EvmWatcher({
    db: ctx.db,
    chain: config,
    log,
    onCredited: (id) => announceDeposit(ctx, id),
  });
  const leader = new ChainWatchLeader(
    { database: app.database, watcher, log, afterRound: chainPayouts(ctx, config, watcher, log) },
    { pollMs: config.pollMs ?? 500, retryMs: 2000 },
  );
  app.addHook("onReady", async () => leader.start());
  app.addHook("onClose", async () => leader.stop());
  return { config, deriver: new AddressDeriver(config.xpub), watcher, leader };
}

/** With CHAIN_EVM_SIGNER_*: withdrawals on the chain are paid through the signer, sweeps run; the leader's extra work. */
function chainPayouts(
  ctx: WalletContext,
  config: NonNullable<FastifyInstance["config"]["chainEvm"]>,
  watcher: EvmWatcher,
  log: FastifyInstance["log"],
): (() => Promise<void>) | undefined {
  const signer = config.signer;
  if (!signer) return undefined;
  const deps = {
    db: ctx.db,
    chain: { ...config, signer },
    client: watcher.client,
    signer: new SignerClient(signer),
    log,
  };
  const payouts = new ChainPayouts({ ...deps, onSettled: (id) => announceWithdrawal(ctx, id) });
  const sweeps = new ChainSweeps(deps);
  ctx.chainPayouts = payouts;
  return async () => {
    await payouts.track();
    await sweeps.round().catch((err: unknown) => log.warn({ err }, "chain: sweep round failed"));
  };
}

export default fp(walletPlugin, {
  name: "wallet",
  dependencies: ["database", "auth", "market", "jobs", "bus", "clock", "notifier"],
});
