// The truth about losses (issue 34 §1; README.md here): the share of customers whose futures
// and options trading lost money over the 12 months before a business date, computed from
// the ledger by the daily job and stored once per date; and a customer's own monthly results.
import type { LossRate, MyResults } from "@candor/contract";
import { type CustomerResult, type Decimal, dec, LOSS_RATE_PRODUCTS, lossRate, toMoneyString } from "@candor/domain";
import { desc, eq } from "drizzle-orm";
import type { Db } from "../../db";
import type { BusinessClock } from "../clock/service";
import { getCustomerTradingResults, getMonthlyResults, type MonthlyLine } from "../ledger/service";
import { lossRates } from "./schema";

export interface DisclosureDeps {
  db: Db;
  clock: BusinessClock;
  /** Value of one unit in USDT, null when unpriced (left out). */
  usdtRate(currency: string): string | null;
  minimumSample: number;
}

const dayStart = (date: string) => new Date(`${date}T00:00:00.000Z`);

/** The same moment `months` calendar months earlier (UTC). */
function monthsBefore(d: Date, months: number): Date {
  const out = new Date(d);
  out.setUTCMonth(out.getUTCMonth() - months);
  return out;
}

export class DisclosureService {
  constructor(private readonly deps: DisclosureDeps) {}

  private get db() {
    return this.deps.db;
  }

  /** Business time → the ledger's record time (the sandbox clock's offset). */
  private toRecordTime(business: Date): Date {
    return new Date(business.getTime() - this.deps.clock.offsetMs);
  }

  private toUsdt(currency: string, amount: string): Decimal | null {
    const rate = this.deps.usdtRate(currency);
    return rate === null ? null : dec(amount).times(rate);
  }

  /**
   * The figure for a business date over [date − 12 months, date) and stores it; a date
   * already stored keeps its figure (idempotent: the job, a rerun and start-up agree).
   */
  async computeFor(date: string): Promise<LossRate> {
    const stored = await this.stored(date);
    if (stored) return stored;
    const end = dayStart(date);
    const results = await getCustomerTradingResults(
      this.db,
      this.toRecordTime(monthsBefore(end, 12)),
      this.toRecordTime(end),
    );
    const byCustomer = new Map<number, { futures: [Decimal, number]; options: [Decimal, number] }>();
    for (const r of results) {
      const usdt = this.toUsdt(r.currency, r.net);
      let c = byCustomer.get(r.userId);
      if (!c) {
        c = { futures: [dec(0), 0], options: [dec(0), 0] };
        byCustomer.set(r.userId, c);
      }
      const p = c[r.product];
      if (usdt !== null) p[0] = p[0].plus(usdt);
      p[1] += r.closed;
    }
    const table: CustomerResult[] = [...byCustomer.values()].map((c) => ({
      futures: c.futures[1] > 0 ? toMoneyString(c.futures[0]) : null,
      options: c.options[1] > 0 ? toMoneyString(c.options[0]) : null,
    }));
    const minimumSample = this.deps.minimumSample;
    const figures = lossRate(table, minimumSample);
    await this.db
      .insert(lossRates)
      .values(
        figures.map((f) => ({
          businessDate: date,
          product: f.product,
          customers: f.customers,
          losing: f.losing,
          losingShare: f.losingShare,
          minimumSample,
          computedAt: this.deps.clock.now(),
        })),
      )
      .onConflictDoNothing();
    return (await this.stored(date)) as LossRate;
  }

  private async stored(date: string): Promise<LossRate | null> {
    const found = await this.db.select().from(lossRates).where(eq(lossRates.businessDate, date));
    return found.length === 0 ? null : toLossRate(found);
  }

  /** The latest stored figure (today's is computed when none is stored yet). */
  async latest(): Promise<LossRate> {
    const [last] = await this.db
      .select({ date: lossRates.businessDate })
      .from(lossRates)
      .orderBy(desc(lossRates.businessDate))
      .limit(1);
    return last ? ((await this.stored(last.date)) as LossRate) : this.computeFor(this.deps.clock.today());
  }

  /** The caller's realised results per business month, this month and the `months − 1` before, in USDT. */
  async myResults(userId: number, months: number): Promise<MyResults> {
    const now = this.deps.clock.now();
    const thisMonth = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
    const from = monthsBefore(thisMonth, months - 1);
    const lines = await getMonthlyResults(
      this.db,
      userId,
      this.toRecordTime(from),
      this.toRecordTime(now),
      this.deps.clock.offsetMs,
    );
    const zero = (): Record<MonthlyLine, Decimal> => ({
      futures_pnl: dec(0),
      futures_fee: dec(0),
      options_pnl: dec(0),
      spot_fee: dec(0),
      loan_interest: dec(0),
    });
    const byMonth = new Map<string, Record<MonthlyLine, Decimal>>();
    for (let i = 0; i < months; i++)
      byMonth.set(
        monthsBefore(thisMonth, months - 1 - i)
          .toISOString()
          .slice(0, 7),
        zero(),
      );
    const total = zero();
    for (const l of lines) {
      const usdt = this.toUsdt(l.currency, l.net);
      const m = byMonth.get(l.month);
      if (usdt === null || !m) continue;
      m[l.line] = m[l.line].plus(usdt);
      total[l.line] = total[l.line].plus(usdt);
    }
    return {
      currency: "USDT",
      from: from.toISOString(),
      to: now.toISOString(),
      months: [...byMonth.entries()].map(([month, f]) => ({ month, ...figures(f) })),
      totals: figures(total),
    };
  }
}

/** Paid lines arrive as negative flows (customer → platform); shown as amounts paid. */
function figures(f: Record<MonthlyLine, Decimal>) {
  const net = f.futures_pnl.plus(f.futures_fee).plus(f.options_pnl).plus(f.spot_fee).plus(f.loan_interest);
  return {
    futuresPnl: toMoneyString(f.futures_pnl),
    futuresFees: toMoneyString(f.futures_fee.neg()),
    optionsPnl: toMoneyString(f.options_pnl),
    spotFees: toMoneyString(f.spot_fee.neg()),
    interestPaid: toMoneyString(f.loan_interest.neg()),
    net: toMoneyString(net),
  };
}

function toLossRate(found: (typeof lossRates.$inferSelect)[]): LossRate {
  const byProduct = new Map(found.map((r) => [r.product, r]));
  return {
    asOf: found[0]?.businessDate ?? "",
    minimumSample: found[0]?.minimumSample ?? 0,
    products: LOSS_RATE_PRODUCTS.map((product) => {
      const r = byProduct.get(product);
      return {
        product,
        customers: r?.customers ?? 0,
        losingShare: r?.losingShare == null ? null : dec(r.losingShare).toFixed(4),
      };
    }),
  };
}
