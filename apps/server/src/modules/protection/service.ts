// Consumer protection (issue 34 §2): the customer's deposit and loss limits, the reality
// check, time-outs and self-exclusion, and the checks every money-in and risk-taking path
// passes (./gate.ts calls assertDepositAllowed / assertMayTakeRisk before those routes run).
// The arithmetic is @candor/domain's (protection/). Business time comes from the clock
// module; deposit and ledger records are stamped by the database's own now(), so windows
// are measured back from the database's time (business now − the sandbox clock's offset).
import type { ExclusionBody, Lang, LimitFieldName, UserLimits, UserLimitsBody } from "@candor/contract";
import {
  changeEffectiveAt,
  dec,
  depositLimitPassed,
  type Exclusion,
  exclusionEnd,
  LIMIT_FIELDS,
  type Limits,
  type LimitWindow,
  lengthenExclusion,
  lossLimitReached,
  type PendingChange,
  runningExclusion,
  toMoneyString,
  WINDOW_MS,
  type WindowSums,
  windowOf,
} from "@candor/domain";
import { and, eq, gte, inArray, lte, sql } from "drizzle-orm";
import type { Db } from "../../db";
import { t } from "../../i18n";
import { conflict, forbidden, notFound } from "../../lib/errors";
import type { BusinessClock } from "../clock/service";
import { getRealisedResults } from "../ledger/service";
import { deposits } from "../wallet/schema";
import { protectionExclusions, protectionLimits, protectionPending } from "./schema";

/** What a risk-taking request opens (for the loss limit: only trading counts). */
export type RiskKind = "futures" | "options" | "spot" | "earn" | "loans" | "ieo" | "contests";
const TRADING: readonly RiskKind[] = ["futures", "options", "spot"];

export interface ProtectionDeps {
  db: Db;
  clock: BusinessClock;
  /** Value of 1 unit in USDT (the wallet's asset valuation uses the same), null when unpriced. */
  usdtRate: (currency: string) => string | null;
}

const numeric = (v: string | null): string | null => (v === null ? null : toMoneyString(v));

export class ProtectionService {
  constructor(private readonly deps: ProtectionDeps) {}

  private get db() {
    return this.deps.db;
  }

  /** The database's time scale (record stamps) for a business moment. */
  private toRecordTime(business: Date): Date {
    return new Date(business.getTime() - this.deps.clock.offsetMs);
  }

  /** Applies every pending change that has come due (stored limits then equal the limits in force). */
  private async settleDue(userId: number, now: Date): Promise<void> {
    const due = await this.db
      .delete(protectionPending)
      .where(and(eq(protectionPending.userId, userId), lte(protectionPending.effectiveAt, now)))
      .returning();
    if (due.length === 0) return;
    const set: Partial<Record<LimitFieldName, string | null>> = {};
    for (const p of due) set[p.field as LimitFieldName] = p.value;
    await this.db
      .insert(protectionLimits)
      .values({ userId, ...set })
      .onConflictDoUpdate({ target: protectionLimits.userId, set: { ...set, updatedAt: now } });
  }

  private async load(userId: number): Promise<{
    limits: Limits;
    realityCheckMinutes: number | null;
    pending: PendingChange[];
    exclusion: Exclusion | null;
  }> {
    const now = this.deps.clock.now();
    await this.settleDue(userId, now);
    const [[row], pending, [ex]] = await Promise.all([
      this.db.select().from(protectionLimits).where(eq(protectionLimits.userId, userId)),
      this.db.select().from(protectionPending).where(eq(protectionPending.userId, userId)),
      this.db.select().from(protectionExclusions).where(eq(protectionExclusions.userId, userId)),
    ]);
    const limits = Object.fromEntries(
      LIMIT_FIELDS.map((f) => [f, numeric((row?.[f] as string | null | undefined) ?? null)]),
    ) as Limits;
    return {
      limits,
      realityCheckMinutes: row?.realityCheckMinutes ?? null,
      pending: pending
        .map((p) => ({ field: p.field as LimitFieldName, value: numeric(p.value), effectiveAt: p.effectiveAt }))
        .sort((a, b) => LIMIT_FIELDS.indexOf(a.field) - LIMIT_FIELDS.indexOf(b.field)),
      exclusion: runningExclusion(ex ? { kind: ex.kind, until: ex.until } : null, now),
    };
  }

  async get(userId: number): Promise<UserLimits> {
    const s = await this.load(userId);
    return {
      ...s.limits,
      realityCheckMinutes: s.realityCheckMinutes,
      pending: s.pending.map((p) => ({ ...p, effectiveAt: p.effectiveAt.toISOString() })),
      exclusion: s.exclusion ? { kind: s.exclusion.kind, until: s.exclusion.until.toISOString() } : null,
    };
  }

  /** Operator read (404 for an unknown customer). */
  async getForOperator(userId: number, exists: boolean): Promise<UserLimits> {
    if (!exists) throw notFound();
    return this.get(userId);
  }

  /** A lower limit applies at once; a higher one, or removing one, after the 24-hour cool-off. */
  async set(
    userId: number,
    body: UserLimitsBody & Partial<Record<LimitFieldName, string | null>>,
  ): Promise<UserLimits> {
    const now = this.deps.clock.now();
    const { limits } = await this.load(userId);
    const immediate: Partial<typeof protectionLimits.$inferInsert> = {};
    for (const field of LIMIT_FIELDS) {
      const next = body[field];
      if (next === undefined) continue;
      const value = next === null || dec(next).isZero() ? (next === null ? null : "0") : toMoneyString(next);
      const at = changeEffectiveAt(limits[field], value, now);
      if (at.getTime() <= now.getTime()) {
        immediate[field] = value;
        await this.db
          .delete(protectionPending)
          .where(and(eq(protectionPending.userId, userId), eq(protectionPending.field, field)));
      } else {
        await this.db
          .insert(protectionPending)
          .values({ userId, field, value, effectiveAt: at, createdAt: now })
          .onConflictDoUpdate({
            target: [protectionPending.userId, protectionPending.field],
            set: { value, effectiveAt: at, createdAt: now },
          });
      }
    }
    // The reality check is a reminder, not a limit: any change applies at once.
    if (body.realityCheckMinutes !== undefined) immediate.realityCheckMinutes = body.realityCheckMinutes;
    if (Object.keys(immediate).length > 0) {
      await this.db
        .insert(protectionLimits)
        .values({ ...immediate, userId })
        .onConflictDoUpdate({ target: protectionLimits.userId, set: { ...immediate, updatedAt: now } });
    }
    return this.get(userId);
  }

  /** Takes a time-out or self-exclusion; a running one is only ever lengthened. */
  async exclude(userId: number, body: ExclusionBody): Promise<UserLimits["exclusion"]> {
    const now = this.deps.clock.now();
    const requested: Exclusion = { kind: body.kind, until: exclusionEnd(body.period, now) };
    const [row] = await this.db.select().from(protectionExclusions).where(eq(protectionExclusions.userId, userId));
    const current = row ? { kind: row.kind, until: row.until } : null;
    const next = lengthenExclusion(current, requested, now);
    if (next !== current) {
      await this.db
        .insert(protectionExclusions)
        .values({ userId, kind: next.kind, until: next.until, createdAt: now, updatedAt: now })
        .onConflictDoUpdate({
          target: protectionExclusions.userId,
          // Only ever later: two requests at once cannot shorten each other.
          set: { kind: next.kind, until: next.until, updatedAt: now },
          setWhere: sql`${protectionExclusions.until} < ${next.until.toISOString()}::timestamptz`,
        });
    }
    const [after] = await this.db.select().from(protectionExclusions).where(eq(protectionExclusions.userId, userId));
    return after ? { kind: after.kind, until: after.until.toISOString() } : null;
  }

  /** The running exclusion, or null. */
  async exclusionOf(userId: number): Promise<Exclusion | null> {
    const [row] = await this.db.select().from(protectionExclusions).where(eq(protectionExclusions.userId, userId));
    return runningExclusion(row ? { kind: row.kind, until: row.until } : null, this.deps.clock.now());
  }

  /** Of `userIds`, those excluded right now (marketing skips them). */
  async excludedAmong(userIds: readonly number[]): Promise<Set<number>> {
    if (userIds.length === 0) return new Set();
    const rows = await this.db
      .select({ userId: protectionExclusions.userId })
      .from(protectionExclusions)
      .where(
        and(inArray(protectionExclusions.userId, [...userIds]), gte(protectionExclusions.until, this.deps.clock.now())),
      );
    return new Set(rows.map((r) => r.userId));
  }

  private exclusionError(e: Exclusion) {
    const until = e.until.toISOString().slice(0, 16).replace("T", " ");
    return forbidden(e.kind === "timeout" ? "protectionTimeoutActive" : "protectionSelfExclusionActive", { until });
  }

  /** 403 while a time-out or self-exclusion runs (deposit addresses and every money-in path). */
  async assertNotExcluded(userId: number): Promise<void> {
    const e = await this.exclusionOf(userId);
    if (e) throw this.exclusionError(e);
  }

  /** 403 while excluded; 409 when an opening trade meets a reached loss limit. */
  async assertMayTakeRisk(userId: number, kind: RiskKind, lang: Lang): Promise<void> {
    const s = await this.load(userId);
    if (s.exclusion) throw this.exclusionError(s.exclusion);
    if (!TRADING.includes(kind)) return;
    if (s.limits.lossDay === null && s.limits.lossWeek === null && s.limits.lossMonth === null) return;
    const results = await this.realisedByWindow(userId);
    const reached = lossLimitReached(s.limits, results);
    if (reached) {
      throw conflict("protectionLossLimit", {
        limit: t(lang, `protection.${windowOf(reached)}`),
        amount: s.limits[reached] as string,
      });
    }
  }

  /** 403 while excluded; 409 when `amount` of `currency` would pass a deposit limit (or cannot be valued). */
  async assertDepositAllowed(userId: number, currency: string, amount: string, lang: Lang): Promise<void> {
    const s = await this.load(userId);
    if (s.exclusion) throw this.exclusionError(s.exclusion);
    if (s.limits.depositDay === null && s.limits.depositWeek === null && s.limits.depositMonth === null) return;
    const amountUsdt = this.toUsdt(currency, amount);
    const used = await this.depositedByWindow(userId);
    const passed = depositLimitPassed(s.limits, used, amountUsdt);
    if (passed) {
      throw conflict("protectionDepositLimit", {
        limit: t(lang, `protection.${windowOf(passed)}`),
        amount: s.limits[passed] as string,
        used: used[windowOf(passed)],
      });
    }
  }

  private toUsdt(currency: string, amount: string): string {
    const rate = this.deps.usdtRate(currency);
    if (rate === null) throw conflict("protectionNoPrice", { currency });
    return toMoneyString(dec(amount).times(rate));
  }

  private windowStarts(): Record<LimitWindow, Date> {
    const now = this.toRecordTime(this.deps.clock.now()).getTime();
    return {
      day: new Date(now - WINDOW_MS.day),
      week: new Date(now - WINDOW_MS.week),
      month: new Date(now - WINDOW_MS.month),
    };
  }

  /** Deposits credited or under review in each rolling window, in USDT. */
  async depositedByWindow(userId: number): Promise<WindowSums> {
    const starts = this.windowStarts();
    const rows = await this.db
      .select({ currency: deposits.currency, amount: deposits.amount, createdAt: deposits.createdAt })
      .from(deposits)
      .where(and(eq(deposits.userId, userId), inArray(deposits.status, [0, 1]), gte(deposits.createdAt, starts.month)));
    const sums: Record<LimitWindow, ReturnType<typeof dec>> = { day: dec(0), week: dec(0), month: dec(0) };
    for (const r of rows) {
      const usdt = this.toUsdt(r.currency, r.amount);
      for (const w of ["day", "week", "month"] as const) if (r.createdAt >= starts[w]) sums[w] = sums[w].plus(usdt);
    }
    return { day: toMoneyString(sums.day), week: toMoneyString(sums.week), month: toMoneyString(sums.month) };
  }

  /** Net realised results (negative = loss) in each rolling window, in USDT; unpriced currencies are left out. */
  async realisedByWindow(userId: number): Promise<WindowSums> {
    const starts = this.windowStarts();
    const out = {} as WindowSums;
    for (const w of ["day", "week", "month"] as const) out[w] = await this.realisedSince(userId, starts[w]);
    return out;
  }

  private async realisedSince(userId: number, recordTime: Date): Promise<string> {
    let total = dec(0);
    for (const r of await getRealisedResults(this.db, userId, recordTime)) {
      const rate = this.deps.usdtRate(r.currency);
      if (rate !== null) total = total.plus(dec(r.net).times(rate));
    }
    return toMoneyString(total);
  }

  /** The reality check's figures: realised result since a business moment (default now). */
  async sessionSummary(userId: number, since: string | undefined) {
    const now = this.deps.clock.now();
    const from = since ? new Date(since) : now;
    const start = Number.isNaN(from.getTime()) || from > now ? now : from;
    const realisedUsdt =
      start.getTime() === now.getTime() ? "0" : await this.realisedSince(userId, this.toRecordTime(start));
    return { since: start.toISOString(), now: now.toISOString(), realisedUsdt };
  }
}
