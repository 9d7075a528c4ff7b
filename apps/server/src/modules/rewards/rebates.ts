// Rebates, one level only: a disclosed share of the trading fees a directly invited customer
// pays (futures opening/closing fees, spot fees, the flash exchange spread), credited per fee transfer from the fees
// account and listed per trade. Switched off for recipients in the deployment's blocked
// countries (GB by default).
import type { Page, RebateRecord, RebateSource } from "@candor/contract";
import { dec, rebateAmount, rebatesAllowed, toMoneyString } from "@candor/domain";
import { sql } from "drizzle-orm";
import type { Db } from "../../db";
import { isRealMoney } from "../../lib/trade-mode";
import { getFlashExchangeSpread } from "../exchange/service";
import {
  AccountClosedError,
  batch,
  type FollowedTransfer,
  ledgerTransaction,
  platformAccount,
  userAccount,
} from "../ledger/service";
import { getInviterId, getUserCountry, listInvitees, maskUsername } from "../users/service";
import type { RewardsDeps } from "./context";
import { rewardRows as q } from "./tasks";

export const FEE_KINDS: Record<string, RebateSource> = { futures_fee: "futures", spot_fee: "spot" };

/**
 * The fee a transfer is evidence of: a fee transfer itself, or the spread paid on a flash
 * exchange (its paying leg; the spread is in the currency received).
 */
async function feeOf(
  db: Db,
  t: FollowedTransfer,
): Promise<{ source: RebateSource; currency: string; fee: string } | null> {
  const source = FEE_KINDS[t.kind];
  if (source) return { source, currency: t.currency, fee: t.amount };
  if (t.kind === "exchange" && t.referenceType === "flash_exchange" && t.debitUserId !== null) {
    const spread = await getFlashExchangeSpread(db, Number(t.referenceId));
    if (spread && spread.userId === t.debitUserId) {
      return { source: "exchange", currency: spread.currency, fee: spread.spreadCostAmount };
    }
  }
  return null;
}

/** Pays the inviter's share of one fee transfer (idempotent per transfer). */
export async function rebateFor(deps: RewardsDeps, t: FollowedTransfer): Promise<boolean> {
  const payer = t.debitUserId;
  // Real fees only (DESIGN: demo and contest money is play money), paid in the real fee's currency.
  if (payer === null || !isRealMoney(t.debitKind, t.currency)) return false;
  const fee = await feeOf(deps.db, t);
  if (!fee || !isRealMoney("spot", fee.currency)) return false;
  const { source } = fee;
  const inviterId = await getInviterId(deps.db, payer);
  if (inviterId === null || inviterId === payer) return false;
  if (!rebatesAllowed(await getUserCountry(deps.db, inviterId), deps.rebateBlockedCountries)) return false;
  const amount = rebateAmount(fee.fee, deps.rebateShare);
  if (!dec(amount).gt(0)) return false;
  // An inviter who closed their account gets nothing (the ledger refuses it): the fee stays
  // with Candor and the transfer is handled, not retried for ever.
  return ledgerTransaction(deps.db, async (tx) => {
    const [row] = await q<{ id: string | number }>(
      tx,
      sql`INSERT INTO reward_rebates (source_ref, inviter_id, invitee_id, source, trade_ref, currency, fee, share, amount)
          VALUES (${`ledger:${t.id}`}, ${inviterId}, ${payer}, ${source}, ${`${t.referenceType}:${t.referenceId}`},
                  ${fee.currency}, ${fee.fee}, ${deps.rebateShare}, ${amount})
          ON CONFLICT (source_ref) DO NOTHING RETURNING id`,
    );
    if (!row) return false;
    await batch(tx, [
      {
        type: "transfer",
        currency: fee.currency,
        debit: platformAccount("fees"),
        credit: userAccount(inviterId),
        amount,
        key: `reward:rebate:${t.id}`,
        kind: "rebate",
        reference: { type: "reward_rebate", id: Number(row.id) },
        memo: `Rebate on ${source} fee of an invited customer`,
      },
    ]);
    return true;
  }).catch((err: unknown) => {
    if (err instanceof AccountClosedError) return false;
    throw err;
  });
}

export async function listRebates(
  db: Db,
  inviterId: number,
  pageNo: number,
  pageSize: number,
): Promise<Page<RebateRecord>> {
  const [total] = await q<{ n: string | number }>(
    db,
    sql`SELECT count(*) AS n FROM reward_rebates WHERE inviter_id = ${inviterId}`,
  );
  const found = await q<{
    id: string | number;
    invitee_id: string | number;
    source: RebateSource;
    trade_ref: string;
    currency: string;
    fee: string;
    share: string;
    amount: string;
    created_at: Date | string;
  }>(
    db,
    sql`SELECT id, invitee_id, source, trade_ref, currency, fee::text AS fee, share::text AS share,
               amount::text AS amount, created_at
        FROM reward_rebates WHERE inviter_id = ${inviterId}
        ORDER BY id DESC LIMIT ${pageSize} OFFSET ${(pageNo - 1) * pageSize}`,
  );
  const names = new Map((await listInvitees(db, inviterId)).map((u) => [u.id, maskUsername(u.username)]));
  return {
    records: found.map((r) => ({
      id: Number(r.id),
      invitee: names.get(Number(r.invitee_id)) ?? "***",
      source: r.source,
      tradeRef: r.trade_ref,
      currency: r.currency,
      fee: toMoneyString(r.fee),
      share: toMoneyString(r.share),
      amount: toMoneyString(r.amount),
      createdAt: new Date(r.created_at).toISOString(),
    })),
    total: Number(total?.n ?? 0),
    pageNo,
    pageSize,
  };
}

/** Rebates received, in USDT (other currencies are not part of the sum). */
export async function rebateIncome(db: Db, inviterId: number): Promise<string> {
  const [r] = await q<{ s: string | null }>(
    db,
    sql`SELECT sum(amount)::text AS s FROM reward_rebates WHERE inviter_id = ${inviterId} AND currency = 'USDT'`,
  );
  return toMoneyString(dec(r?.s ?? "0"));
}
