// Wallet currencies (USDT and the crypto bases of the market symbols) with their
// networks, minimums and withdrawal fee — seeded, operator-editable — and the wallet
// settings (review time limit, unverified daily limit, sandbox delay, bank details).
import {
  type UpdateCurrencyBody,
  type UpdateWalletSettingsBody,
  type WalletCurrency,
  WalletSettings,
} from "@candor/contract";
import { dec, toMoneyString } from "@candor/domain";
import { asc, eq, sql } from "drizzle-orm";
import type { Db } from "../../db";
import { badRequest, conflict, notFound } from "../../lib/errors";
import { getSetting, setSetting } from "../settings/service";
import { isKnownNetwork, networkInfo } from "./networks";
import { walletCurrencies } from "./schema";

export type CurrencyRow = typeof walletCurrencies.$inferSelect;

/** What the wallet needs from the market: the USDT value of one unit (null before a price). */
export interface Rates {
  usdtRate(currency: string): string | null;
}

interface CurrencySeed {
  code: string;
  name: string;
  precision: number;
  networks: string[];
  minDeposit: string;
  minWithdrawal: string;
  withdrawalFee: string;
}

// Minimums and fees in the range exchanges charge for each network (fee < minimum).
export const CURRENCY_SEEDS: CurrencySeed[] = [
  {
    code: "USDT",
    name: "Tether USD",
    precision: 6,
    networks: ["TRC20", "ERC20", "BEP20"],
    minDeposit: "10",
    minWithdrawal: "10",
    withdrawalFee: "1",
  },
  {
    code: "BTC",
    name: "Bitcoin",
    precision: 8,
    networks: ["BTC"],
    minDeposit: "0.0001",
    minWithdrawal: "0.001",
    withdrawalFee: "0.0002",
  },
  {
    code: "ETH",
    name: "Ethereum",
    precision: 8,
    networks: ["ERC20"],
    minDeposit: "0.001",
    minWithdrawal: "0.01",
    withdrawalFee: "0.002",
  },
  {
    code: "BNB",
    name: "BNB",
    precision: 8,
    networks: ["BEP20"],
    minDeposit: "0.01",
    minWithdrawal: "0.05",
    withdrawalFee: "0.001",
  },
  {
    code: "SOL",
    name: "Solana",
    precision: 8,
    networks: ["SOL"],
    minDeposit: "0.01",
    minWithdrawal: "0.1",
    withdrawalFee: "0.01",
  },
  {
    code: "XRP",
    name: "XRP",
    precision: 6,
    networks: ["XRP"],
    minDeposit: "1",
    minWithdrawal: "10",
    withdrawalFee: "0.25",
  },
  {
    code: "DOGE",
    name: "Dogecoin",
    precision: 8,
    networks: ["DOGE"],
    minDeposit: "10",
    minWithdrawal: "50",
    withdrawalFee: "5",
  },
  {
    code: "ADA",
    name: "Cardano",
    precision: 6,
    networks: ["ADA"],
    minDeposit: "1",
    minWithdrawal: "10",
    withdrawalFee: "1",
  },
  {
    code: "TRX",
    name: "TRON",
    precision: 6,
    networks: ["TRC20"],
    minDeposit: "10",
    minWithdrawal: "20",
    withdrawalFee: "1",
  },
  {
    code: "LTC",
    name: "Litecoin",
    precision: 8,
    networks: ["LTC"],
    minDeposit: "0.01",
    minWithdrawal: "0.05",
    withdrawalFee: "0.001",
  },
  {
    code: "DOT",
    name: "Polkadot",
    precision: 8,
    networks: ["DOT"],
    minDeposit: "0.1",
    minWithdrawal: "1",
    withdrawalFee: "0.1",
  },
  {
    code: "LINK",
    name: "Chainlink",
    precision: 8,
    networks: ["ERC20"],
    minDeposit: "0.1",
    minWithdrawal: "1",
    withdrawalFee: "0.3",
  },
  {
    code: "AVAX",
    name: "Avalanche",
    precision: 8,
    networks: ["AVAXC"],
    minDeposit: "0.01",
    minWithdrawal: "0.1",
    withdrawalFee: "0.01",
  },
];

const WALLET_SETTINGS_KEY = "wallet";

export const DEFAULT_WALLET_SETTINGS: WalletSettings = {
  reviewHours: 24,
  unverifiedDailyLimitUsdt: "5000",
  sandboxConfirmSeconds: 1,
  bankTransfer: null,
};

// Shown only in sandbox deployments, so the bank-transfer screen has something to show.
const SANDBOX_BANK: WalletSettings["bankTransfer"] = {
  bankName: "Sandbox Bank (not a real account)",
  accountName: "Candor Sandbox",
  accountNumber: "SANDBOX-0000-0000",
  swift: null,
  note: "Sandbox only: no real transfer is needed; the deposit confirms by itself.",
};

/** Inserts missing currencies and the wallet settings; never overwrites an operator's edits. */
export async function seedWallet(db: Db, options: { sandbox: boolean }): Promise<void> {
  await db
    .insert(walletCurrencies)
    .values(CURRENCY_SEEDS.map((c, i) => ({ ...c, sort: (i + 1) * 10 })))
    .onConflictDoNothing();
  const existing = await getSetting<unknown>(db, WALLET_SETTINGS_KEY, null);
  if (existing === null) {
    await setSetting(db, WALLET_SETTINGS_KEY, {
      ...DEFAULT_WALLET_SETTINGS,
      bankTransfer: options.sandbox ? SANDBOX_BANK : null,
    } satisfies WalletSettings);
  }
}

export async function getWalletSettings(db: Db): Promise<WalletSettings> {
  const raw = await getSetting<unknown>(db, WALLET_SETTINGS_KEY, DEFAULT_WALLET_SETTINGS);
  const parsed = WalletSettings.safeParse(raw);
  return parsed.success ? parsed.data : DEFAULT_WALLET_SETTINGS;
}

export async function updateWalletSettings(db: Db, patch: UpdateWalletSettingsBody): Promise<WalletSettings> {
  const current = await getWalletSettings(db);
  const next: WalletSettings = {
    reviewHours: patch.reviewHours ?? current.reviewHours,
    unverifiedDailyLimitUsdt:
      patch.unverifiedDailyLimitUsdt !== undefined
        ? toMoneyString(patch.unverifiedDailyLimitUsdt)
        : current.unverifiedDailyLimitUsdt,
    sandboxConfirmSeconds: patch.sandboxConfirmSeconds ?? current.sandboxConfirmSeconds,
    bankTransfer: patch.bankTransfer === undefined ? current.bankTransfer : patch.bankTransfer,
  };
  await setSetting(db, WALLET_SETTINGS_KEY, next);
  return next;
}

// ---------------------------------------------------------------- lookups

export async function listCurrencyRows(db: Db): Promise<CurrencyRow[]> {
  return db.select().from(walletCurrencies).orderBy(asc(walletCurrencies.sort), asc(walletCurrencies.code));
}

// The balance read lists every wallet currency on each request. The list (codes in the
// operator's order) changes only when an operator edits a currency: read it at most once a
// second per app; an edit clears it at once on its node (others follow within the second).
const CODES_TTL_MS = 1000;
const codesCache = new WeakMap<Db, { at: number; codes: Promise<string[]> }>();

/** Wallet currency codes in display order (sort, then code). */
export function listCurrencyCodes(db: Db): Promise<string[]> {
  const now = Date.now();
  const hit = codesCache.get(db);
  if (hit && now - hit.at < CODES_TTL_MS) return hit.codes;
  const codes = listCurrencyRows(db).then((rows) => rows.map((r) => r.code));
  codesCache.set(db, { at: now, codes });
  codes.catch(() => codesCache.delete(db));
  return codes;
}

export async function findCurrency(db: Db, code: string): Promise<CurrencyRow | null> {
  const [row] = await db.select().from(walletCurrencies).where(eq(walletCurrencies.code, code)).limit(1);
  return row ?? null;
}

/** The currency named in a request; 400 naming it when the wallet does not know it. */
export async function requireCurrency(db: Db, code: string): Promise<CurrencyRow> {
  const row = await findCurrency(db, code);
  if (!row) throw badRequest("walletUnknownCurrency", { currency: code });
  return row;
}

/** The network of a request (default: the currency's first); 400 when the currency is not on it. */
export function requireNetwork(currency: CurrencyRow, network: string | undefined): string {
  const chosen = network ?? currency.networks[0];
  if (!chosen || !currency.networks.includes(chosen)) {
    throw badRequest("walletUnknownNetwork", { network: network ?? "-", currency: currency.code });
  }
  return chosen;
}

// NUMERIC(36,18) holds 18 integer digits; anything near that is a typo, not money.
export const AMOUNT_MAX = dec("1e15");

/** An amount within the currency's decimals and a sane size; 400 naming the field otherwise. */
export function checkAmount(currency: CurrencyRow, amount: string, field = "amount"): string {
  const value = dec(amount);
  if (value.gte(AMOUNT_MAX)) throw badRequest("tooLongField", { field });
  if (value.decimalPlaces() > currency.precision) {
    throw badRequest("walletTooManyDecimals", { field, precision: currency.precision });
  }
  return toMoneyString(value);
}

export const networksOf = (row: CurrencyRow) =>
  row.networks.map((code) => ({ network: code, name: isKnownNetwork(code) ? networkInfo(code).name : code }));

export function toWalletCurrency(row: CurrencyRow, rates: Rates): WalletCurrency {
  return {
    currency: row.code,
    name: row.name,
    precision: row.precision,
    networks: networksOf(row),
    minDeposit: toMoneyString(row.minDeposit),
    minWithdrawal: toMoneyString(row.minWithdrawal),
    withdrawalFee: toMoneyString(row.withdrawalFee),
    depositEnabled: row.depositEnabled,
    withdrawalEnabled: row.withdrawalEnabled,
    usdtRate: rates.usdtRate(row.code),
  };
}

export async function listCurrencies(db: Db, rates: Rates): Promise<WalletCurrency[]> {
  return (await listCurrencyRows(db)).map((row) => toWalletCurrency(row, rates));
}

/** Operator: change a currency's rules. The fee must stay below the minimum withdrawal. */
export async function updateCurrency(db: Db, rates: Rates, input: UpdateCurrencyBody): Promise<WalletCurrency> {
  const row = await findCurrency(db, input.currency);
  if (!row) throw notFound("walletUnknownCurrency", { currency: input.currency });
  for (const network of input.networks ?? []) {
    if (!isKnownNetwork(network)) throw badRequest("walletUnknownNetwork", { network, currency: row.code });
  }
  const precision = input.precision ?? row.precision;
  const probe = { ...row, precision };
  const minWithdrawal = input.minWithdrawal
    ? checkAmount(probe, input.minWithdrawal, "minWithdrawal")
    : row.minWithdrawal;
  const withdrawalFee =
    input.withdrawalFee !== undefined ? checkAmount(probe, input.withdrawalFee, "withdrawalFee") : row.withdrawalFee;
  if (!dec(withdrawalFee).lt(dec(minWithdrawal))) throw conflict("walletFeeNotBelowMinimum");
  codesCache.delete(db);
  const [updated] = await db
    .update(walletCurrencies)
    .set({
      ...(input.name !== undefined ? { name: input.name } : {}),
      precision,
      ...(input.networks ? { networks: [...new Set(input.networks)] } : {}),
      ...(input.minDeposit ? { minDeposit: checkAmount(probe, input.minDeposit, "minDeposit") } : {}),
      minWithdrawal,
      withdrawalFee,
      ...(input.depositEnabled !== undefined ? { depositEnabled: input.depositEnabled } : {}),
      ...(input.withdrawalEnabled !== undefined ? { withdrawalEnabled: input.withdrawalEnabled } : {}),
      ...(input.sort !== undefined ? { sort: input.sort } : {}),
      updatedAt: sql`now()`,
    })
    .where(eq(walletCurrencies.code, row.code))
    .returning();
  if (!updated) throw notFound();
  return toWalletCurrency(updated, rates);
}

/**
 * A currency listed at run time (an IEO token at its listing): held, traded and exchanged
 * in the app; no deposit network, so deposits and withdrawals stay off. Idempotent: an
 * existing currency is kept as it is.
 */
export async function addListedCurrency(db: Db, input: { code: string; name: string; precision: number }) {
  codesCache.delete(db);
  const [max] = await db.select({ m: sql<number | null>`max(${walletCurrencies.sort})` }).from(walletCurrencies);
  await db
    .insert(walletCurrencies)
    .values({
      code: input.code,
      name: input.name,
      precision: input.precision,
      networks: [],
      minDeposit: "1",
      minWithdrawal: "1",
      withdrawalFee: "0",
      depositEnabled: false,
      withdrawalEnabled: false,
      sort: Number(max?.m ?? 0) + 10,
    })
    .onConflictDoNothing();
  codesCache.delete(db);
}
