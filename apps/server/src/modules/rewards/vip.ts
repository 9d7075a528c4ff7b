// VIP levels: the level follows the customer's net equity (asset centre total in USDT minus
// outstanding loans minus withdrawals on hold), measured by the daily run at 00:00 UTC only —
// never on request, so money borrowed or already leaving for a moment buys nothing. Each
// level's gift exists once ever (reward_vip_reached) and becomes due only after the level was
// held from one daily run to the next (reward_vip_held); it is paid when the customer claims
// it. Every Monday customers at a level with an envelope get one to open within 7 days.
// users.vip_level mirrors the level (users' service); the credit-loan limit reads it.
import type { Lang, MyVip, OperatorLevel, OperatorLevelInput, RedEnvelope, VipGift, VipLevel } from "@candor/contract";
import {
  dec,
  envelopeExpiry,
  envelopeStatus,
  heldGiftLevelsDue,
  isEnvelopeDay,
  levelForAssets,
  netEquity,
  progressToNext,
  toMoneyString,
} from "@candor/domain";
import { sql } from "drizzle-orm";
import type { Db } from "../../db";
import { badRequest, conflict, notFound } from "../../lib/errors";
import {
  batch,
  type LedgerOp,
  ledgerTransaction,
  listUserIdsWithBalances,
  platformAccount,
  userAccount,
} from "../ledger/service";
import { outstandingLoans } from "../loans/service";
import { setVipLevel } from "../users/service";
import { queryUserAssets, withdrawalsOnHold } from "../wallet/service";
import { REWARD_CURRENCY, type RewardsDeps } from "./context";
import { rewardRows as q } from "./tasks";

interface LevelRow {
  level: number;
  name: string;
  min_assets_usdt: string;
  gift: string;
  weekly_red_envelope: string;
  benefits: Record<string, string[]> | string;
}

export async function levelRows(db: Db): Promise<OperatorLevel[]> {
  const found = await q<LevelRow>(
    db,
    sql`SELECT level, name, min_assets_usdt::text AS min_assets_usdt, gift::text AS gift,
               weekly_red_envelope::text AS weekly_red_envelope, benefits
        FROM reward_levels ORDER BY level`,
  );
  return found.map((r) => ({
    level: Number(r.level),
    name: r.name,
    minAssetsUsdt: toMoneyString(r.min_assets_usdt),
    gift: toMoneyString(r.gift),
    weeklyRedEnvelope: toMoneyString(r.weekly_red_envelope),
    benefits: typeof r.benefits === "string" ? JSON.parse(r.benefits) : r.benefits,
    currency: REWARD_CURRENCY,
  }));
}

/** The rules page: every level with its threshold and benefits in the request language. */
export async function listLevels(db: Db, lang: Lang): Promise<VipLevel[]> {
  return (await levelRows(db)).map((l) => ({ ...l, benefits: l.benefits[lang] ?? l.benefits["en-us"] ?? [] }));
}

/**
 * The VIP base now: net equity in USDT — total assets less what the customer owes on loans and
 * what is on hold for withdrawal (each valued at the current rate, rounded up; a currency
 * without a price is in neither side).
 */
export async function vipBase(deps: RewardsDeps, userId: number): Promise<string> {
  const [assets, held, owed] = await Promise.all([
    queryUserAssets(deps.db, deps.market, userId),
    withdrawalsOnHold(deps.db, userId),
    outstandingLoans(deps.db, userId),
  ]);
  const deductions = [...held, ...owed].flatMap((d) => {
    const rate = deps.market.usdtRate(d.currency);
    return rate === null ? [] : [dec(d.amount).mul(rate).toDecimalPlaces(8, 0)];
  });
  return netEquity(assets.totalUsdt, deductions);
}

/**
 * The daily evaluation of one customer for business date `date`: the level from net equity
 * now; levels held since an earlier daily run get their gift recorded (once per level, ever).
 * Safe to run concurrently (state, held and gift rows are keyed; ledger keys are unique).
 */
export async function evaluateVip(
  deps: RewardsDeps,
  userId: number,
  date: string,
  levels?: OperatorLevel[],
): Promise<{ level: number; totalUsdt: string }> {
  const { db } = deps;
  const rules = levels ?? (await levelRows(db));
  const totalUsdt = await vipBase(deps, userId);
  const level = levelForAssets(rules, totalUsdt);
  const [before] = await q<{ level: number | string }>(
    db,
    sql`SELECT level FROM reward_vip_state WHERE user_id = ${userId}`,
  );
  await db.execute(
    sql`INSERT INTO reward_vip_state (user_id, level, total_usdt, evaluated_at)
        VALUES (${userId}, ${level}, ${totalUsdt}, business_now())
        ON CONFLICT (user_id) DO UPDATE SET level = EXCLUDED.level, total_usdt = EXCLUDED.total_usdt,
          evaluated_at = EXCLUDED.evaluated_at`,
  );
  const previous = before ? Number(before.level) : null;
  if (previous !== level) await setVipLevel(db, userId, level);
  await recordHeld(db, userId, level, date, rules);
  return { level, totalUsdt };
}

/**
 * Keeps the levels held without a break (a fall ends the holding of every level above), and
 * records the gift of each level held since an earlier daily run and never reached before.
 */
async function recordHeld(db: Db, userId: number, level: number, date: string, levels: OperatorLevel[]): Promise<void> {
  await db.execute(sql`DELETE FROM reward_vip_held WHERE user_id = ${userId} AND level > ${level}`);
  if (level === 0) return;
  await db.execute(
    sql`INSERT INTO reward_vip_held (user_id, level, since)
        SELECT ${userId}, l, ${date}::date FROM generate_series(1, ${level}::int) AS l
        ON CONFLICT (user_id, level) DO NOTHING`,
  );
  const held = await q<{ level: number | string; since: string }>(
    db,
    sql`SELECT level, to_char(since, 'YYYY-MM-DD') AS since FROM reward_vip_held WHERE user_id = ${userId}`,
  );
  const reached = await q<{ level: number | string }>(
    db,
    sql`SELECT level FROM reward_vip_reached WHERE user_id = ${userId}`,
  );
  const due = heldGiftLevelsDue(
    held.map((h) => ({ level: Number(h.level), since: h.since })),
    date,
    reached.map((r) => Number(r.level)),
  );
  for (const l of due) {
    const gift = levels.find((x) => x.level === l)?.gift ?? "0";
    await db.execute(
      sql`INSERT INTO reward_vip_reached (user_id, level, gift) VALUES (${userId}, ${l}, ${gift}) ON CONFLICT DO NOTHING`,
    );
  }
}

/** Pays a reached level's gift once: 404 not reached (or no gift), 409 already claimed. */
export async function claimGift(deps: RewardsDeps, userId: number, level: number): Promise<VipGift> {
  return ledgerTransaction(deps.db, async (tx) => {
    const [row] = await q<GiftRow>(
      tx,
      sql`UPDATE reward_vip_reached SET claimed_at = business_now()
          WHERE user_id = ${userId} AND level = ${level} AND claimed_at IS NULL AND gift > 0
          RETURNING ${GIFT_COLUMNS}`,
    );
    if (!row) {
      const [found] = await q<GiftRow>(
        tx,
        sql`SELECT ${GIFT_COLUMNS} FROM reward_vip_reached WHERE user_id = ${userId} AND level = ${level} AND gift > 0`,
      );
      throw found ? conflict("rewardGiftClaimed") : notFound("rewardGiftNotFound");
    }
    const op: LedgerOp = {
      type: "transfer",
      currency: REWARD_CURRENCY,
      debit: platformAccount("rewards"),
      credit: userAccount(userId),
      amount: toMoneyString(row.gift),
      key: `reward:vip-gift:${userId}:${level}`,
      kind: "vip_gift",
      reference: { type: "vip_level", id: level },
      memo: `VIP${level} one-time gift`,
    };
    await batch(tx, [op]);
    return toGift(row);
  });
}

interface GiftRow {
  level: number | string;
  gift: string;
  reached_at: Date | string;
  claimed_at: Date | string | null;
}
const GIFT_COLUMNS = sql`level, gift::text AS gift, reached_at, claimed_at`;
const toGift = (r: GiftRow): VipGift => ({
  level: Number(r.level),
  amount: toMoneyString(r.gift),
  currency: REWARD_CURRENCY,
  reachedAt: new Date(r.reached_at).toISOString(),
  claimedAt: r.claimed_at === null ? null : new Date(r.claimed_at).toISOString(),
});

async function giftsOf(db: Db, userId: number): Promise<VipGift[]> {
  const rows = await q<GiftRow>(
    db,
    sql`SELECT ${GIFT_COLUMNS} FROM reward_vip_reached WHERE user_id = ${userId} AND gift > 0 ORDER BY level`,
  );
  return rows.map(toGift);
}

/**
 * Daily (00:00 UTC business time): the level of every customer holding real funds, and of
 * every customer above level 0 (who may have fallen); on Mondays, the red envelopes.
 */
export async function vipDaily(deps: RewardsDeps, date: string): Promise<{ evaluated: number; envelopes: number }> {
  const levels = await levelRows(deps.db);
  const ranked = await q<{ user_id: string | number }>(
    deps.db,
    sql`SELECT user_id FROM reward_vip_state WHERE level > 0`,
  );
  const done = new Set<number>();
  const evaluate = async (id: number) => {
    if (done.has(id)) return;
    done.add(id);
    await evaluateVip(deps, id, date, levels);
  };
  let after = 0;
  for (;;) {
    const ids = await listUserIdsWithBalances(deps.db, after, 500);
    for (const id of ids) await evaluate(id);
    if (ids.length < 500) break;
    after = ids[ids.length - 1] ?? after;
  }
  for (const r of ranked) await evaluate(Number(r.user_id));
  const envelopes = isEnvelopeDay(date) ? await handOutEnvelopes(deps.db, date) : 0;
  return { evaluated: done.size, envelopes };
}

/** One envelope per customer at a level with an envelope, for the week starting `date` (idempotent). */
export async function handOutEnvelopes(db: Db, date: string): Promise<number> {
  const created = await q<{ id: unknown }>(
    db,
    sql`INSERT INTO reward_envelopes (user_id, level, amount, currency, week_date, expires_at)
        SELECT s.user_id, s.level, l.weekly_red_envelope, ${REWARD_CURRENCY}, ${date}::date,
               ${envelopeExpiry(date).toISOString()}::timestamptz
        FROM reward_vip_state s JOIN reward_levels l ON l.level = s.level
        WHERE s.level > 0 AND l.weekly_red_envelope > 0
        ON CONFLICT (user_id, week_date) DO NOTHING
        RETURNING id`,
  );
  return created.length;
}

interface EnvelopeRow {
  id: string | number;
  user_id: string | number;
  level: number;
  amount: string;
  currency: string;
  created_at: Date | string;
  expires_at: Date | string;
  opened_at: Date | string | null;
}

function toEnvelope(r: EnvelopeRow, now: Date): RedEnvelope {
  const openedAt = r.opened_at === null ? null : new Date(r.opened_at);
  const expiresAt = new Date(r.expires_at);
  return {
    id: Number(r.id),
    level: Number(r.level),
    amount: toMoneyString(r.amount),
    currency: r.currency,
    status: envelopeStatus(openedAt, expiresAt, now),
    createdAt: new Date(r.created_at).toISOString(),
    expiresAt: expiresAt.toISOString(),
    openedAt: openedAt?.toISOString() ?? null,
  };
}

const ENVELOPE_COLUMNS = sql`id, user_id, level, amount::text AS amount, currency, created_at, expires_at, opened_at`;

export async function myVip(deps: RewardsDeps, userId: number): Promise<MyVip> {
  const { db } = deps;
  const levels = await levelRows(db);
  // The level of the last daily run (never re-evaluated on request).
  const [state] = await q<{ total_usdt: string; evaluated_at: Date | string }>(
    db,
    sql`SELECT total_usdt::text AS total_usdt, evaluated_at FROM reward_vip_state WHERE user_id = ${userId}`,
  );
  const totalUsdt = toMoneyString(state?.total_usdt ?? "0");
  const progress = progressToNext(levels, totalUsdt);
  const current = levels.find((l) => l.level === progress.level);
  const next = levels.find((l) => l.level === progress.nextLevel);
  const envelopes = await q<EnvelopeRow>(
    db,
    sql`SELECT ${ENVELOPE_COLUMNS} FROM reward_envelopes WHERE user_id = ${userId} ORDER BY id DESC LIMIT 10`,
  );
  const now = deps.clock.now();
  return {
    level: progress.level,
    name: current?.name ?? `VIP${progress.level}`,
    totalAssetsUsdt: totalUsdt,
    nextLevel: progress.nextLevel,
    nextMinAssetsUsdt: next?.minAssetsUsdt ?? null,
    missingUsdt: progress.missingUsdt,
    progress: progress.ratio,
    evaluatedAt: state ? new Date(state.evaluated_at).toISOString() : null,
    envelopes: envelopes.map((e) => toEnvelope(e, now)),
    gifts: await giftsOf(db, userId),
  };
}

/** Opens one of the customer's envelopes: 404 not theirs, 409 opened or expired; pays once. */
export async function openEnvelope(deps: RewardsDeps, userId: number, id: number): Promise<RedEnvelope> {
  const now = deps.clock.now();
  const row = await ledgerTransaction(deps.db, async (tx) => {
    const [found] = await q<EnvelopeRow>(
      tx,
      sql`SELECT ${ENVELOPE_COLUMNS} FROM reward_envelopes WHERE id = ${id} AND user_id = ${userId} FOR UPDATE`,
    );
    if (!found) throw notFound("rewardEnvelopeNotFound");
    const status = toEnvelope(found, now).status;
    if (status === "opened") throw conflict("rewardEnvelopeOpened");
    if (status === "expired") throw conflict("rewardEnvelopeExpired");
    const [opened] = await q<EnvelopeRow>(
      tx,
      sql`UPDATE reward_envelopes SET opened_at = ${now.toISOString()}::timestamptz WHERE id = ${id}
          RETURNING ${ENVELOPE_COLUMNS}`,
    );
    await batch(tx, [
      {
        type: "transfer",
        currency: found.currency,
        debit: platformAccount("rewards"),
        credit: userAccount(userId),
        amount: toMoneyString(found.amount),
        key: `reward:envelope:${id}`,
        kind: "vip_envelope",
        reference: { type: "red_envelope", id },
        memo: `VIP${found.level} weekly red envelope`,
      },
    ]);
    return opened ?? found;
  });
  return toEnvelope(row, now);
}

/** Operator: edits one level; thresholds must stay in order and level 0 stays the free start. */
export async function saveLevel(db: Db, input: OperatorLevelInput): Promise<OperatorLevel> {
  if (
    input.level === 0 &&
    (dec(input.minAssetsUsdt).gt(0) || dec(input.gift).gt(0) || dec(input.weeklyRedEnvelope).gt(0))
  ) {
    throw badRequest("rewardLevelZero");
  }
  const levels = await levelRows(db);
  const below = levels.filter((l) => l.level < input.level).at(-1);
  const above = levels.find((l) => l.level > input.level);
  if (
    input.level > 0 &&
    ((below && !dec(input.minAssetsUsdt).gt(below.minAssetsUsdt)) ||
      (above && !dec(input.minAssetsUsdt).lt(above.minAssetsUsdt)))
  ) {
    throw badRequest("rewardLevelOrder");
  }
  const existing = levels.find((l) => l.level === input.level);
  const benefits = JSON.stringify(input.benefits ?? existing?.benefits ?? {});
  await db.execute(
    sql`INSERT INTO reward_levels (level, name, min_assets_usdt, gift, weekly_red_envelope, benefits)
        VALUES (${input.level}, ${input.name}, ${input.minAssetsUsdt}, ${input.gift}, ${input.weeklyRedEnvelope}, ${benefits}::jsonb)
        ON CONFLICT (level) DO UPDATE SET name = EXCLUDED.name, min_assets_usdt = EXCLUDED.min_assets_usdt,
          gift = EXCLUDED.gift, weekly_red_envelope = EXCLUDED.weekly_red_envelope, benefits = EXCLUDED.benefits,
          updated_at = now()`,
  );
  const saved = (await levelRows(db)).find((l) => l.level === input.level);
  if (!saved) throw notFound();
  return saved;
}
