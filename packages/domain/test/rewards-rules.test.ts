// Rewards rules as tables: VIP level by assets, progress to the next level, gifts due,
// task status, rebate amounts and the Monday envelope calendar.
import { describe, expect, it } from "vitest";
import {
  envelopeExpiry,
  envelopeStatus,
  giftLevelsDue,
  heldGiftLevelsDue,
  isEnvelopeDay,
  levelForAssets,
  netEquity,
  progressToNext,
  rebateAmount,
  rebatesAllowed,
  taskStatus,
} from "../src/rewards";

const LEVELS = [
  { level: 0, minAssetsUsdt: "0" },
  { level: 2, minAssetsUsdt: "10000" },
  { level: 1, minAssetsUsdt: "1000" },
  { level: 3, minAssetsUsdt: "50000" },
];

describe("VIP level by total assets", () => {
  it.each([
    ["0", 0],
    ["999.999999", 0],
    ["1000", 1],
    ["9999.99", 1],
    ["10000", 2],
    ["49999", 2],
    ["50000", 3],
    ["9000000", 3],
    ["-5", 0],
  ])("%s USDT → level %i", (total, level) => {
    expect(levelForAssets(LEVELS, total)).toBe(level);
  });
});

describe("progress to the next level", () => {
  it.each([
    ["0", { level: 0, nextLevel: 1, missingUsdt: "1000", ratio: "0" }],
    ["500", { level: 0, nextLevel: 1, missingUsdt: "500", ratio: "0.5" }],
    ["5500", { level: 1, nextLevel: 2, missingUsdt: "4500", ratio: "0.5" }],
    ["60000", { level: 3, nextLevel: null, missingUsdt: "0", ratio: "1" }],
  ])("%s USDT", (total, expected) => {
    expect(progressToNext(LEVELS, total)).toEqual(expected);
  });
});

describe("gifts due on reaching a level", () => {
  it.each([
    [1, [], [1]],
    [3, [], [1, 2, 3]],
    [3, [1, 2], [3]],
    [2, [1, 2, 3], []],
    [0, [], []],
  ] as const)("level %i with %j reached before → %j", (level, reached, due) => {
    expect(giftLevelsDue(level, reached)).toEqual(due);
  });
});

describe("task status", () => {
  it.each([
    [0, 1, false, "open"],
    [1, 1, false, "done"],
    [2, 3, false, "open"],
    [5, 3, false, "done"],
    [1, 1, true, "claimed"],
  ] as const)("progress %i of %i, claimed %s → %s", (progress, target, claimed, status) => {
    expect(taskStatus(progress, target, claimed)).toBe(status);
  });
});

describe("rebate amount", () => {
  it.each([
    ["1.5", "0.2", "0.3"],
    ["0.123456789", "0.2", "0.02469135"],
    ["10", "0", "0"],
    ["0", "0.2", "0"],
    ["3", "2", "3"],
  ])("fee %s × share %s → %s", (fee, share, amount) => {
    expect(rebateAmount(fee, share)).toBe(amount);
  });

  it.each([
    ["GB", ["GB"], false],
    ["gb", ["GB"], false],
    ["DE", ["GB"], true],
    [null, ["GB"], true],
    ["GB", [], true],
  ] as const)("country %s with %j switched off → paid %s", (country, blocked, allowed) => {
    expect(rebatesAllowed(country, blocked)).toBe(allowed);
  });
});

describe("Monday red envelopes", () => {
  it.each([
    ["2026-11-23", true],
    ["2026-11-24", false],
    ["2026-11-29", false],
    ["2026-11-30", true],
  ])("%s is envelope day: %s", (date, monday) => {
    expect(isEnvelopeDay(date)).toBe(monday);
  });

  it("expires seven days after it is handed out", () => {
    const expires = envelopeExpiry("2026-11-23");
    expect(expires.toISOString()).toBe("2026-11-30T00:00:00.000Z");
    expect(envelopeStatus(null, expires, new Date("2026-11-29T23:59:59Z"))).toBe("unopened");
    expect(envelopeStatus(null, expires, new Date("2026-11-30T00:00:00Z"))).toBe("expired");
    expect(envelopeStatus(new Date("2026-11-24T00:00:00Z"), expires, new Date("2026-12-30T00:00:00Z"))).toBe("opened");
  });
});

describe("VIP base: net equity", () => {
  it.each([
    ["no loans or withdrawals", "1500", [], "1500"],
    ["a pledge loan: collateral and borrowed money minus what is owed", "210000", ["60000"], "150000"],
    ["a deposit with all of it on hold for withdrawal", "1500", ["1500"], "0"],
    ["loan and withdrawal together", "13000", ["4000", "500.5"], "8499.5"],
    ["owing more than the assets is zero, never negative", "100", ["250"], "0"],
  ])("%s", (_name, assets, deductions, expected) => {
    expect(netEquity(assets, deductions)).toBe(expected);
  });
});

describe("gifts due after a level was held for a full day", () => {
  it.each([
    ["reached today: nothing yet", [{ level: 1, since: "2026-03-05" }], "2026-03-05", [], []],
    ["held since yesterday's run", [{ level: 1, since: "2026-03-04" }], "2026-03-05", [], [1]],
    [
      "rose today to 3, held 1–2 since yesterday",
      [
        { level: 1, since: "2026-03-04" },
        { level: 2, since: "2026-03-04" },
        { level: 3, since: "2026-03-05" },
      ],
      "2026-03-05",
      [],
      [1, 2],
    ],
    ["reached before: never twice", [{ level: 1, since: "2026-03-01" }], "2026-03-05", [1], []],
    ["level 0 has no gift", [{ level: 0, since: "2026-03-01" }], "2026-03-05", [], []],
  ])("%s", (_name, held, date, reached, due) => {
    expect(heldGiftLevelsDue(held, date, reached)).toEqual(due);
  });
});
