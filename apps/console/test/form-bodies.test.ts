// The request bodies the five forms send (the values an operator typed → the contract's input).
import type { OperatorContentItem, OperatorEarnProduct, OperatorIeoProject, OperatorLoanSet } from "@candor/contract";
import { ContentItemInput, ContestInput, EarnProductInput, IeoProjectInput, LoanSetInput } from "@candor/contract";
import { describe, expect, it } from "vitest";
import { contentBody, contentValues } from "../src/features/content/content-body";
import { contestBody, contestValues } from "../src/features/contests/contest-body";
import type { OperatorContest } from "../src/features/contests/types";
import { type ProductFormValues, productBody, productValues } from "../src/features/earn/product-body";
import { type ProjectFormValues, projectBody, projectValues } from "../src/features/ieo/project-body";
import { type SetFormValues, setBody, setValues, toggleBody } from "../src/features/loans/set-body";

describe("contest", () => {
  const values = {
    nameEn: " Summer cup ",
    nameZh: "夏季盃",
    rulesEn: "",
    rulesZh: "",
    entryStart: "2026-12-01 00:00",
    entryEnd: "2026-12-06 00:00",
    startAt: "2026-12-02 00:00",
    endAt: "2026-12-08 00:00",
    prize: " 500 ",
    prizeSplit: ["0.5", " 0.3", "0.2"],
    entryFunds: "10000",
    symbols: ["btcusdt "],
    minClosedTrades: 2,
    prizeNeedsProfit: false,
  };

  it("sends UTC times as ISO, trimmed amounts, upper-case symbols and no empty rules", () => {
    const body = contestBody(values, null);
    expect(body).toEqual({
      name: { "en-us": "Summer cup", "zh-cn": "夏季盃" },
      startAt: "2026-12-02T00:00:00.000Z",
      endAt: "2026-12-08T00:00:00.000Z",
      entryStart: "2026-12-01T00:00:00.000Z",
      entryEnd: "2026-12-06T00:00:00.000Z",
      prize: "500",
      prizeSplit: ["0.5", "0.3", "0.2"],
      entryFunds: "10000",
      symbols: ["BTCUSDT"],
      minClosedTrades: 2,
      prizeNeedsProfit: false,
    });
    expect(ContestInput.safeParse(body).success).toBe(true);
  });

  it("an edit starts from the contest's values and sends them back unchanged", () => {
    const contest = {
      name: { "en-us": "Cup", "ja-jp": "杯" },
      rules: { "en-us": "Rules" },
      startAt: "2026-12-02T00:00:00.000Z",
      endAt: "2026-12-08T00:00:00.000Z",
      entryStart: "2026-12-01T00:00:00.000Z",
      entryEnd: "2026-12-06T00:00:00.000Z",
      prize: "500",
      prizeSplit: ["1"],
      entryFunds: "10000",
      symbols: ["BTCUSDT"],
      minClosedTrades: 1,
      prizeNeedsProfit: true,
    } as unknown as OperatorContest;
    const body = contestBody(contestValues(contest) as typeof values, contest);
    expect(body.name).toEqual({ "en-us": "Cup", "ja-jp": "杯" });
    expect(body.rules).toEqual({ "en-us": "Rules" });
    expect(body.startAt).toBe(contest.startAt);
  });
});

describe("loan set", () => {
  const values: SetFormValues = {
    type: "pledge",
    nameEn: "Pledge",
    currency: "USDT",
    minAmount: "100",
    maxAmount: "2000",
    days: ["7", "30"],
    dailyRatePct: "0.04",
    interestFreeDays: 0,
    overdueRatePct: "0.1",
    collateralCurrencies: ["BTC"],
    initialLtv: "0.5",
    marginCallLtv: "0.7",
    liquidationLtv: "0.8",
    enabled: true,
  };

  it("a pledge setting carries its collateral and LTVs, a credit one does not", () => {
    const pledge = setBody(values, null);
    expect(pledge).toMatchObject({ days: [7, 30], collateralCurrencies: ["BTC"], initialLtv: "0.5", riskNotice: {} });
    // Rates are typed in percent and sent as the fraction the API keeps.
    expect(pledge).toMatchObject({ dailyRate: "0.0004", overdueRate: "0.001" });
    expect(LoanSetInput.safeParse(pledge).success).toBe(true);
    const credit = setBody({ ...values, type: "credit" }, null);
    expect(credit).not.toHaveProperty("initialLtv");
    expect(credit).not.toHaveProperty("collateralCurrencies");
  });

  it("toggling sends the same setting with only enabled changed", () => {
    const current = {
      ...values,
      id: 3,
      name: "Pledge",
      days: [7, 30],
      dailyRate: "0.0004",
      overdueRate: "0.001",
      texts: { name: { "en-us": "Pledge", "zh-cn": "質押" }, riskNotice: {} },
    } as unknown as OperatorLoanSet;
    const body = toggleBody(current, false);
    expect(body.enabled).toBe(false);
    expect(body.name).toEqual({ "en-us": "Pledge", "zh-cn": "質押" });
    expect(body).toMatchObject({ dailyRate: "0.0004", overdueRate: "0.001" });
    expect(body).toEqual({ ...setBody(setValues(current) as SetFormValues, current), enabled: false });
  });
});

describe("IEO project", () => {
  it("sends the five UTC times as ISO and an upper-case symbol", () => {
    const values = {
      nameEn: "Token",
      symbol: "abc",
      estimatedPrice: " 0.25 ",
      totalQuantity: 5000,
      maxPerCustomer: 50,
      applyStart: "2026-12-01 10:00",
      applyEnd: "2026-12-01 12:00",
      drawAt: "2026-12-01 13:00",
      payEnd: "2026-12-02 10:00",
      listAt: "2026-12-03 10:00",
      descriptionEn: "A token",
      riskEn: "Risky",
    } as ProjectFormValues;
    const body = projectBody(values, null);
    expect(body).toMatchObject({
      symbol: "ABC",
      estimatedPrice: "0.25",
      applyStart: "2026-12-01T10:00:00.000Z",
      listAt: "2026-12-03T10:00:00.000Z",
      name: { "en-us": "Token" },
    });
    expect(IeoProjectInput.safeParse(body).success).toBe(true);
  });

  it("a new project's default times follow each other", () => {
    const v = projectValues(null) as ProjectFormValues;
    const times = [v.applyStart, v.applyEnd, v.drawAt, v.payEnd, v.listAt].map((s) =>
      Date.parse(`${s.replace(" ", "T")}Z`),
    );
    expect(times.every((t, i) => i === 0 || t > (times[i - 1] as number))).toBe(true);
  });

  it("an edit shows the project's times in UTC", () => {
    const p = {
      texts: { name: { "en-us": "T" }, description: { "en-us": "D" }, riskText: { "en-us": "R" } },
      applyStart: "2026-12-01T10:00:00.000Z",
      applyEnd: "2026-12-01T12:00:00.000Z",
      drawAt: "2026-12-01T13:00:00.000Z",
      payEnd: "2026-12-02T10:00:00.000Z",
      listAt: "2026-12-03T10:00:00.000Z",
    } as unknown as OperatorIeoProject;
    expect(projectValues(p)).toMatchObject({ applyStart: "2026-12-01 10:00", listAt: "2026-12-03 10:00" });
  });
});

describe("earn product", () => {
  const base = {
    nameEn: "Fixed",
    riskEn: "Not a deposit",
    currency: "USDT",
    termDays: 14,
    minAmount: "10",
    maxAmount: "1000",
    vipLevel: 0,
    earlyRedemption: false,
  };

  it("an arbitrage product has a daily rate; the sale end is a UTC time", () => {
    const body = productBody(
      { ...base, type: "arbitrage", dailyRatePct: "0.02", saleEndAt: "2026-12-31 23:00" } as ProductFormValues,
      null,
    );
    expect(body).toMatchObject({ dailyRate: "0.0002", saleEndAt: "2026-12-31T23:00:00.000Z", perCustomerLimit: null });
    expect(EarnProductInput.safeParse(body).success).toBe(true);
  });

  it("a mining product sends its machine and prices, a debt one its borrower texts", () => {
    const mining = productBody(
      {
        ...base,
        type: "mining",
        manufacturer: "Bitmain",
        model: "S19",
        hashrate: "95",
        power: "3250",
        pricePerTh: "12",
        electricityPrice: "0.05",
      } as ProductFormValues,
      null,
    );
    expect(mining).toMatchObject({
      dailyRate: null,
      pricePerTh: "12",
      machine: { manufacturer: "Bitmain", hashrate: "95" },
    });
    expect(EarnProductInput.safeParse(mining).success).toBe(true);
    const current = {
      texts: { name: {}, description: {}, riskNotice: {}, borrower: { "en-us": "Old", "zh-cn": "舊" } },
    } as unknown as OperatorEarnProduct;
    const debt = productBody(
      { ...base, type: "debt", borrowerEn: "Acme", policyEn: "Claims" } as ProductFormValues,
      current,
    );
    expect(debt).toMatchObject({ borrower: { "en-us": "Acme", "zh-cn": "舊" }, defaultPolicy: { "en-us": "Claims" } });
  });

  it("a new product's defaults", () => {
    expect(productValues(null)).toEqual({ type: "arbitrage", currency: "USDT", vipLevel: 0, earlyRedemption: false });
  });
});

describe("content item", () => {
  it("a new item carries its kind and publish time; a draft has none", () => {
    const values = {
      kind: "announcement",
      titleEn: "Maintenance",
      bodyEn: "<p>Soon</p>",
      linkMode: 1,
      pinned: true,
      ticker: false,
      publishAt: "2026-12-01 08:00",
    } as const;
    const body = contentBody(values, true);
    expect(body).toMatchObject({
      kind: "announcement",
      category: null,
      title: { "en-us": "Maintenance" },
      body: { "en-us": "<p>Soon</p>" },
      publishAt: "2026-12-01T08:00:00.000Z",
      imageUrl: null,
    });
    expect(ContentItemInput.safeParse(body).success).toBe(true);
    expect(contentBody({ ...values, publishAt: "" }, true).publishAt).toBeNull();
  });

  it("an edit sends no kind nor publish time", () => {
    const item = {
      kind: "news",
      category: null,
      title: { "en-us": "T", "zh-cn": "標" },
      summary: {},
      body: {},
      imageUrl: null,
      linkUrl: null,
      linkMode: 1,
      pinned: false,
      ticker: false,
    } as unknown as OperatorContentItem;
    const values = contentValues(item, "news");
    const body = contentBody(values as Parameters<typeof contentBody>[0], false);
    expect(body).not.toHaveProperty("kind");
    expect(body).not.toHaveProperty("publishAt");
    expect(body.title).toEqual({ "en-us": "T", "zh-cn": "標" });
  });
});
