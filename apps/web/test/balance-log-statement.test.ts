// The balance log reads like a bank statement in every language (issue 35 §6): every reason
// code the server can write (LEDGER_KINDS, which the ledger's types enforce) has a title in all
// eight languages, never the raw code; memos come out translated; an own-account move is one
// line "Margin for BTC/USDT long · 2×" with "Spot → Futures margin" under it.
import fs from "node:fs";
import path from "node:path";
import { type BalanceLogRecord, LANGS } from "@candor/contract";
import { LEDGER_KIND_TITLES } from "@candor/contract/ledger-kind-titles";
import { BALANCE_LOG_CATEGORIES, LEDGER_KIND_CATEGORIES, LEDGER_KINDS } from "@candor/contract/ledger-kinds";
import { beforeAll, describe, expect, it } from "vitest";
import { kindTitle, memoText, pairLabel, statementLine } from "../src/features/wallet/statement";
import { changeLanguage, i18n, initI18n } from "../src/lib/i18n";

type Json = { [key: string]: string | Json };
const dir = path.resolve(import.meta.dirname, "../src/features/wallet/locales");
const strings = (lang: string) =>
  (JSON.parse(fs.readFileSync(path.join(dir, `${lang}.json`), "utf8")) as { statement: Record<string, Json> })
    .statement;

describe.each(LANGS)("%s statement strings", (lang) => {
  const s = strings(lang);
  it("has a title for every ledger reason code, and none for a code the server does not write", () => {
    const titles = LEDGER_KIND_TITLES[lang];
    for (const kind of LEDGER_KINDS) {
      expect(titles[kind], `${lang}: ${kind}`).toBeTruthy();
      expect(titles[kind], `${lang}: ${kind} shown raw`).not.toBe(kind);
    }
    expect(Object.keys(titles).sort()).toEqual([...LEDGER_KINDS, "unknown"].sort());
  });
  it("names every filter category", () => {
    for (const c of ["all", ...BALANCE_LOG_CATEGORIES]) expect((s.categories as Json)[c], c).toBeTruthy();
  });
});

it("puts every reason code in exactly one category", () => {
  const all = Object.values(LEDGER_KIND_CATEGORIES).flat();
  expect(new Set(all).size).toBe(all.length);
});

const record = (over: Partial<BalanceLogRecord>): BalanceLogRecord => ({
  id: "1",
  currency: "USDT",
  amount: "-100",
  kind: "futures_margin",
  createdAt: "2026-11-27T10:00:00.000Z",
  accountKind: "spot",
  phase: "posted",
  referenceType: "position",
  referenceId: "7",
  memo: "BTCUSDT long 2x margin",
  toAccountKind: "margin",
  virtual: false,
  memoKey: "futuresMargin",
  memoParams: { symbol: "BTCUSDT", direction: "long", leverage: "2" },
  ...over,
});

describe("statement lines", () => {
  beforeAll(async () => {
    await initI18n("en-us");
  });
  const t = (lang: string) => {
    const fixed = i18n.getFixedT(lang, "wallet");
    return (key: string, options?: Record<string, unknown>) => fixed(key, options ?? {}) as string;
  };

  it("writes pairs with a slash", () => {
    expect([pairLabel("BTCUSDT"), pairLabel("XAUUSD"), pairLabel("EURUSD"), pairLabel("USDT")]).toEqual([
      "BTC/USDT",
      "XAU/USD",
      "EUR/USD",
      "USDT",
    ]);
  });

  it.each([
    ["en-us", "Margin for BTC/USDT long · 2×", "Spot → Futures margin"],
    ["zh-cn", "BTC/USDT 做多保證金 · 2倍", "現貨 → 合約保證金"],
    ["tai", "มาร์จิ้นสำหรับ BTC/USDT ซื้อขึ้น (Long) · 2×", "สปอต → มาร์จิ้นสัญญา"],
  ])("%s: a move to futures margin is one line", async (lang, title, detail) => {
    await changeLanguage(lang as never);
    expect(statementLine(t(lang), record({}))).toEqual({ title, detail, internal: true, virtual: false });
  });

  it("titles a transfer by its reason code in the reader's language, never the raw code", async () => {
    await changeLanguage("zh-cn");
    const zh = t("zh-cn");
    expect(kindTitle(zh, "loan_disburse")).toBe("借款到帳");
    expect(kindTitle(zh, "contest_grant")).toBe("比賽資金（虛擬）");
    expect(kindTitle(zh, "something_new")).toBe("其他變動");
    const en = t("en-us");
    const line = statementLine(
      en,
      record({ kind: "loan_disburse", toAccountKind: null, amount: "500", memo: "", memoKey: null, memoParams: {} }),
    );
    expect(line).toEqual({ title: "Loan received", detail: "Done", internal: false, virtual: false });
  });

  it("translates known memos and keeps free text as written", async () => {
    await changeLanguage("tai");
    const th = t("tai");
    expect(memoText(th, { memo: "VIP3 one-time gift", memoKey: "vipGift", memoParams: { level: "3" } })).toBe(
      "ของขวัญครั้งเดียว VIP3",
    );
    expect(memoText(th, { memo: "Rebate on futures fee…", memoKey: "rebate", memoParams: { source: "futures" } })).toBe(
      "ส่วนแบ่งค่าธรรมเนียมสัญญาของผู้ที่คุณเชิญ",
    );
    expect(memoText(th, { memo: "Goodwill credit, ticket 42", memoKey: null, memoParams: {} })).toBe(
      "Goodwill credit, ticket 42",
    );
    expect(memoText(th, { memo: "", memoKey: null, memoParams: {} })).toBeNull();
  });

  it("marks contest and demo money as virtual", async () => {
    await changeLanguage("en-us");
    const line = statementLine(
      t("en-us"),
      record({
        kind: "contest_grant",
        currency: "CUSDT",
        accountKind: "contest",
        toAccountKind: null,
        amount: "10000",
        virtual: true,
        memo: "Contest 4: virtual entry funds",
        memoKey: "contestEntry",
        memoParams: { contest: "4" },
      }),
    );
    expect(line).toEqual({
      title: "Contest funds (virtual)",
      detail: "Contest #4: virtual entry funds",
      internal: false,
      virtual: true,
    });
  });
});
