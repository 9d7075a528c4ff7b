// An operator empties a Chinese text in a form: the request must remove it (the five forms
// once each had their own lang() helper, and three kept the old Chinese text).
import type { OperatorEarnProduct, OperatorIeoProject, OperatorLoanSet } from "@candor/contract";
import { describe, expect, it } from "vitest";
import { type ContentFormValues, contentBody } from "../src/features/content/content-body";
import { type ContestFormValues, contestBody } from "../src/features/contests/contest-body";
import type { OperatorContest } from "../src/features/contests/types";
import { type ProductFormValues, productBody } from "../src/features/earn/product-body";
import { type ProjectFormValues, projectBody } from "../src/features/ieo/project-body";
import { type SetFormValues, setBody } from "../src/features/loans/set-body";

const zhAndJa = { "en-us": "Old", "zh-cn": "舊", "ja-jp": "古い" };

describe("emptying a Chinese text removes it", () => {
  it("contest", () => {
    const current = { name: zhAndJa, rules: zhAndJa } as unknown as OperatorContest;
    const values = { nameEn: "New", nameZh: "", rulesEn: "Rules", rulesZh: "  " } as ContestFormValues;
    const body = contestBody(
      { ...values, ...times, prize: "1", prizeSplit: ["1"], entryFunds: "1", symbols: [] },
      current,
    );
    expect(body.name).toEqual({ "en-us": "New", "ja-jp": "古い" });
    expect(body.rules).toEqual({ "en-us": "Rules", "ja-jp": "古い" });
  });

  it("loan set", () => {
    const current = { texts: { name: zhAndJa, riskNotice: zhAndJa } } as unknown as OperatorLoanSet;
    const body = setBody(
      {
        type: "credit",
        nameEn: "New",
        nameZh: "",
        riskEn: "Risk",
        riskZh: "",
        days: [],
        dailyRatePct: "0.05",
        overdueRatePct: "0.1",
      } as unknown as SetFormValues,
      current,
    );
    expect(body.name).toEqual({ "en-us": "New", "ja-jp": "古い" });
    expect(body.riskNotice).toEqual({ "en-us": "Risk", "ja-jp": "古い" });
  });

  it("IEO project", () => {
    const current = {
      texts: { name: zhAndJa, description: zhAndJa, riskText: zhAndJa },
    } as unknown as OperatorIeoProject;
    const values = {
      nameEn: "New",
      nameZh: "",
      symbol: "abc",
      estimatedPrice: "1",
      descriptionEn: "D",
      descriptionZh: "",
      riskEn: "R",
      riskZh: "",
    };
    const body = projectBody({ ...values, ...ieoTimes } as unknown as ProjectFormValues, current);
    expect(body.name).toEqual({ "en-us": "New", "ja-jp": "古い" });
    expect(body.description).toEqual({ "en-us": "D", "ja-jp": "古い" });
    expect(body.riskText).toEqual({ "en-us": "R", "ja-jp": "古い" });
  });

  it("earn product", () => {
    const current = {
      texts: { name: zhAndJa, description: zhAndJa, riskNotice: zhAndJa },
    } as unknown as OperatorEarnProduct;
    const values = { type: "arbitrage", nameEn: "New", nameZh: "", riskEn: "Risk", riskZh: "" } as ProductFormValues;
    const body = productBody(values, current);
    expect(body.name).toEqual({ "en-us": "New", "ja-jp": "古い" });
    expect(body.riskNotice).toEqual({ "en-us": "Risk", "ja-jp": "古い" });
  });

  it("content item (the server merges texts per language, so an emptied language travels as empty)", () => {
    const values = {
      kind: "news",
      titleEn: "New",
      titleZh: "",
      summaryEn: "S",
      summaryZh: "",
      bodyEn: "B",
      bodyZh: "",
    };
    const body = contentBody(values as unknown as ContentFormValues, false);
    expect(body.title).toEqual({ "en-us": "New", "zh-cn": "" });
    expect(body.summary).toEqual({ "en-us": "S", "zh-cn": "" });
    expect(body.body).toEqual({ "en-us": "B", "zh-cn": "" });
  });
});

const times = {
  startAt: "2026-12-01 00:00",
  endAt: "2026-12-08 00:00",
  entryStart: "2026-11-30 00:00",
  entryEnd: "2026-12-07 00:00",
  minClosedTrades: 1,
  prizeNeedsProfit: true,
};
const ieoTimes = {
  applyStart: "2026-12-01T00:00",
  applyEnd: "2026-12-02T00:00",
  drawAt: "2026-12-02T01:00",
  payEnd: "2026-12-04T00:00",
  listAt: "2026-12-05T00:00",
};
