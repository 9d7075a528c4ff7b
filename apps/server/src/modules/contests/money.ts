// Contest money in the ledger: the grant at join (treasury CUSDT → the customer's "contest"
// account), the entry's equity (contest balances incl. C-prefixed spot holdings at the live
// bid, + futures margin + unrealised P&L of the contest positions), and the sweep back to
// the treasury at exit or end. One live entry per customer (unique index), so the
// customer's CUSDT "contest" and "margin" accounts belong to that one entry.
import { contestEquity, dec, quoteFromMid, toMoneyString } from "@candor/domain";
import type { Db } from "../../db";
import { CONTEST_CURRENCY, CONTEST_PREFIX } from "../../lib/trade-mode";
import { closingQuote, getFuturesEquity } from "../contracts/service";
import { batch, getBalances, type LedgerOp, platformAccount, userAccount } from "../ledger/service";
import type { MarketService } from "../market/service";

export interface EntryMoney {
  /** Available CUSDT (posted CUSDT balance of the contest account, holds included). */
  available: string;
  margin: string;
  unrealisedPnl: string;
  spotValue: string;
  equity: string;
}

/** The symbol a C-prefixed holding is valued with ("CBTC" → BTCUSDT), null when none. */
export function holdingSymbol(market: MarketService, currency: string): string | null {
  if (!currency.startsWith(CONTEST_PREFIX) || currency === CONTEST_CURRENCY) return null;
  const base = currency.slice(CONTEST_PREFIX.length);
  const info = market.findSymbol(`${base}USDT`);
  return info ? info.symbol : null;
}

/** Bid of a symbol now (what selling would give), null without a price. */
export function bidOf(market: MarketService, symbol: string): string | null {
  const info = market.findSymbol(symbol);
  const last = market.lastTick(symbol);
  if (!info || !last) return null;
  return quoteFromMid(last.price, info.spread, info.pricePrecision).bid;
}

/** The entry's money now, from the ledger and the open contest positions. */
export async function entryMoney(db: Db, market: MarketService, userId: number): Promise<EntryMoney> {
  const [balances, futures] = await Promise.all([
    getBalances(db, userId, { kind: "contest" }),
    getFuturesEquity(db, market, userId, "contest"),
  ]);
  let available = dec(0);
  let spotValue = dec(0);
  for (const b of balances) {
    if (b.currency === CONTEST_CURRENCY) {
      available = available.plus(b.balance);
      continue;
    }
    const symbol = holdingSymbol(market, b.currency);
    const bid = symbol ? bidOf(market, symbol) : null;
    if (bid) spotValue = spotValue.plus(dec(b.balance).mul(bid));
  }
  const equity = contestEquity({
    available,
    margin: futures.margin,
    unrealisedPnl: futures.unrealisedPnl,
    spotValue,
  });
  return {
    available: toMoneyString(available),
    margin: futures.margin,
    unrealisedPnl: futures.unrealisedPnl,
    spotValue: toMoneyString(spotValue.toDecimalPlaces(8)),
    equity,
  };
}

/**
 * Exit/end: every C-prefixed holding of the entry must have a fresh price in market hours
 * (it is valued at that bid in the final equity, which ranks real prizes): 409 otherwise.
 */
export async function requireFreshHoldingPrices(db: Db, market: MarketService, userId: number): Promise<void> {
  const balances = await getBalances(db, userId, { kind: "contest" });
  for (const b of balances) {
    if (b.currency === CONTEST_CURRENCY || !dec(b.balance).gt(0)) continue;
    const symbol = holdingSymbol(market, b.currency);
    if (symbol) closingQuote(market, symbol);
  }
}

/** Join: the entry funds, treasury CUSDT → customer's contest account (key contest:<id>:grant:<entryId>). */
export async function grantEntryFunds(tx: Db, contestId: number, entryId: number, userId: number, amount: string) {
  await batch(tx, [
    {
      type: "transfer",
      currency: CONTEST_CURRENCY,
      debit: platformAccount("treasury"),
      credit: userAccount(userId, "contest"),
      amount: toMoneyString(amount),
      key: `contest:${contestId}:grant:${entryId}`,
      kind: "contest_grant",
      reference: { type: "contest_entry", id: entryId },
      memo: `Contest ${contestId}: virtual entry funds`,
    },
  ]);
}

/**
 * Exit/end (after the positions are closed and open orders cancelled): every contest
 * balance (CUSDT and C-prefixed holdings) goes back to the treasury (keys
 * contest:<id>:return:<entryId>:<currency>). Returns the number of transfers.
 */
export async function sweepContestMoney(tx: Db, contestId: number, entryId: number, userId: number): Promise<number> {
  const balances = await getBalances(tx, userId, { kind: "contest" });
  const ops: LedgerOp[] = balances
    .filter((b) => dec(b.available).gt(0))
    .map((b) => ({
      type: "transfer" as const,
      currency: b.currency,
      debit: userAccount(userId, "contest"),
      credit: platformAccount("treasury"),
      amount: b.available,
      key: `contest:${contestId}:return:${entryId}:${b.currency}`,
      kind: "contest_return",
      reference: { type: "contest_entry", id: entryId },
      memo: `Contest ${contestId}: virtual money returned`,
    }));
  if (ops.length > 0) await batch(tx, ops);
  return ops.length;
}
