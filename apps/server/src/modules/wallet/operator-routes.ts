// Operator wallet endpoints (the console's screens): withdrawal review and payout,
// deposit confirmation, balance adjustments as ledger transfers, currency rules and
// wallet settings.
import { walletOperatorEndpoints as E } from "@candor/contract";
import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { BaseError } from "viem";
import { AppError } from "../../lib/errors";
import { route } from "../../lib/route";
import { liftFreeze } from "./address-safety";
import { adjustBalance } from "./adjustments";
import { heldChainDeposits, recentChainSweeps } from "./chain/operator-views";
import { reconcileChain } from "./chain/reconcile";
import { chainWatchStatus } from "./chain/status";
import type { WalletContext } from "./context";
import { getWalletSettings, updateCurrency, updateWalletSettings } from "./currencies";
import { confirmDeposit, listDeposits, rejectDeposit } from "./deposits";
import { thenAnnounce } from "./events";
import { guardAdjustment, guardWithdrawalApproval } from "./four-eyes";
import { requestKey } from "./routes";
import { approveWithdrawal, failWithdrawal, markWithdrawalPaid, rejectWithdrawal } from "./withdrawal-transitions";
import { getOperatorWithdrawal, listWithdrawals } from "./withdrawals";

export const walletOperatorRoutes: FastifyPluginAsyncZod<{ ctx: WalletContext }> = async (app, { ctx }) => {
  const db = ctx.db;
  const fourEyesLimit = app.config.fourEyesLimitUsdt ?? "10000";
  const withdrawalAudit = {
    config: {
      auditTarget: "withdrawal",
      auditBefore: (request: FastifyRequest) => getOperatorWithdrawal(db, (request.body as { id: number }).id),
    },
  };

  route(app, E.withdrawalList, ({ query }) => listWithdrawals(db, query));

  route(
    app,
    E.withdrawalApprove,
    async ({ staff, body }) => {
      // Above FOUR_EYES_LIMIT_USDT one person cannot: walletPaths.approvalWithdrawal.
      await guardWithdrawalApproval(ctx, fourEyesLimit, body.id);
      return approveWithdrawal(ctx, staff.id, body.id);
    },
    withdrawalAudit,
  );

  route(
    app,
    E.withdrawalReject,
    ({ staff, body }) =>
      thenAnnounce(ctx, "withdrawal", body.id, () => rejectWithdrawal(db, staff.id, body.id, body.reason)),
    withdrawalAudit,
  );

  route(
    app,
    E.withdrawalFail,
    ({ staff, body }) =>
      thenAnnounce(ctx, "withdrawal", body.id, () => failWithdrawal(ctx, staff.id, body.id, body.reason)),
    withdrawalAudit,
  );

  route(
    app,
    E.withdrawalMarkPaid,
    ({ body }) =>
      thenAnnounce(ctx, "withdrawal", body.id, () =>
        markWithdrawalPaid(db, "operator", body.id, body.reference ?? "operator"),
      ),
    withdrawalAudit,
  );

  route(app, E.depositList, ({ query }) => listDeposits(db, query));

  route(app, E.chainStatus, () => chainWatchStatus(db, ctx.chain));
  route(app, E.chainHeld, () => heldChainDeposits(db, ctx.chain));
  route(app, E.chainSweeps, () => recentChainSweeps(db, ctx.chain));
  route(app, E.chainReconciliation, async () =>
    ctx.chain
      ? // The node down or refusing (viem's errors): 503 with a message, not a server error.
        reconcileChain(db, ctx.chain.config, ctx.chain.watcher.client).catch((err: unknown) => {
          throw err instanceof BaseError ? new AppError(503, "walletChainUnavailable") : err;
        })
      : { block: null, checkedAddresses: 0, differences: [] },
  );

  route(
    app,
    E.depositConfirm,
    ({ body }) =>
      thenAnnounce(ctx, "deposit", body.id, () => confirmDeposit(db, body.id, body.receivedAmount, body.reference)),
    { config: { auditTarget: "deposit" } },
  );

  route(
    app,
    E.depositReject,
    ({ body }) => thenAnnounce(ctx, "deposit", body.id, () => rejectDeposit(db, body.id, body.reason)),
    { config: { auditTarget: "deposit" } },
  );

  route(
    app,
    E.adjust,
    ({ staff, body, request }) => {
      // Above FOUR_EYES_LIMIT_USDT one person cannot: walletPaths.approvalAdjustment.
      guardAdjustment(ctx, fourEyesLimit, body);
      return adjustBalance(db, staff.id, { ...body, clientRequestId: requestKey(request, body.clientRequestId) });
    },
    { config: { auditTarget: "customer" } },
  );

  route(app, E.currencyUpdate, ({ body }) => updateCurrency(db, ctx.rates, body), {
    config: { auditTarget: "currency" },
  });

  route(app, E.settings, () => getWalletSettings(db));

  route(app, E.settingsUpdate, ({ body }) => updateWalletSettings(db, body), {
    config: { auditTarget: "settings", auditBefore: () => getWalletSettings(db) },
  });

  route(app, E.freezeLift, ({ staff, body }) => liftFreeze(db, body.id, staff.id, body.reason), {
    config: { auditTarget: "customer" },
  });
};
