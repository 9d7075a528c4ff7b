// IEO screens' logic as tables of scenarios: the next milestone and its countdown, what a
// quantity costs, when a win can be paid, the browser's recomputation of a draw (checked
// against Node's own HMAC-SHA-256, independently of the screen's Web Crypto code), and the
// promise words no IEO text may use in any language.
import { createHash, createHmac } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { drawWinners, ieoBeaconText, ieoEntriesText, ieoTicketMessage } from "@candor/domain";
import { describe, expect, it } from "vitest";
import {
  applyRoom,
  beaconText,
  canPay,
  checkMix,
  costOf,
  entriesText,
  formatCountdown,
  type IeoDates,
  nextMilestone,
  plain,
  recomputeWinners,
  sameWinners,
  sha256Hex,
} from "../src/features/ieo/ieo-logic";

const DATES = {
  applyStart: "2026-12-01T00:00:00.000Z",
  applyEnd: "2026-12-02T00:00:00.000Z",
  drawAt: "2026-12-03T00:00:00.000Z",
  payEnd: "2026-12-04T00:00:00.000Z",
  listAt: "2026-12-05T00:00:00.000Z",
};

describe("the next milestone of each status", () => {
  it.each([
    ["upcoming", "applyStart"],
    ["issuing", "applyEnd"],
    ["drawing", "drawAt"],
    ["paying", "payEnd"],
    ["completed", "listAt"],
  ] as const)("%s → %s", (status, key) => {
    const p: IeoDates = { ...DATES, status };
    expect(nextMilestone(p)).toEqual({ key, at: DATES[key] });
  });
  it("a listed project has none", () => {
    expect(nextMilestone({ ...DATES, status: "listed" })).toBeNull();
  });
});

describe("countdown", () => {
  it.each([
    [0, "00:00:00"],
    [-5_000, "00:00:00"],
    [999, "00:00:00"],
    [61_000, "00:01:01"],
    [3_600_000 + 2_000, "01:00:02"],
    [86_400_000 * 2 + 3_723_000, "2d 01:02:03"],
  ])("%i ms → %s", (ms, text) => expect(formatCountdown(ms)).toBe(text));
});

describe("cost of a quantity at a price, truncated to the currency's decimals", () => {
  it.each([
    [10, "0.5", "USDT", "5"],
    [3, "0.333333", "USDT", "0.99"],
    [1, "1.239", "USDT", "1.23"],
    [0, "1", "USDT", null],
    [2.5, "1", "USDT", null],
    [2, null, "USDT", null],
    [2, "abc", "USDT", null],
  ])("%s × %s %s → %s", (q, price, currency, cost) => expect(costOf(q, price, currency)).toBe(cost));
});

describe("what may still be applied for", () => {
  it.each([
    [100, null, 100],
    [100, { remaining: 40 }, 40],
    [100, { remaining: 0 }, 0],
    [100, { remaining: -3 }, 0],
  ])("max %i, my %j → %i", (max, my, room) => expect(applyRoom(max, my)).toBe(room));
});

describe("a win can be paid before the payment deadline only", () => {
  const end = Date.parse(DATES.payEnd);
  it.each([
    ["won", end - 1, true],
    ["won", end, false],
    ["won", end + 1, false],
    ["applied", end - 1, false],
    ["paid", end - 1, false],
    ["expired", end - 1, false],
  ] as const)("%s at payEnd%+i ms → %s", (status, now, ok) => expect(canPay(status, DATES.payEnd, now)).toBe(ok));
});

it("shows quantities exactly, with separators", () => {
  expect(plain(1_000_000)).toBe("1,000,000");
  expect(plain("0.50")).toBe("0.5");
  expect(plain(null)).toBe("--");
});

/** The published algorithm, written again with Node's crypto (not the screen's code). */
function referenceDraw(
  seed: string,
  entries: { orderId: number; quantity: number }[],
  total: number,
  mix: { entriesDigest: string; beacon: string } | null = null,
) {
  const prefix = mix ? `${mix.entriesDigest}:${mix.beacon}:` : "";
  const tickets = entries.flatMap((e) =>
    Array.from({ length: e.quantity }, (_, i) => ({
      orderId: e.orderId,
      score: createHmac("sha256", Buffer.from(seed, "utf8")).update(`${prefix}${e.orderId}:${i}`).digest("hex"),
    })),
  );
  tickets.sort((a, b) => (a.score < b.score ? -1 : a.score > b.score ? 1 : 0));
  const won = new Map<number, number>();
  for (const t of tickets.slice(0, total)) won.set(t.orderId, (won.get(t.orderId) ?? 0) + 1);
  return [...won].map(([orderId, wonQuantity]) => ({ orderId, wonQuantity }));
}

const nodeSha = (text: string) => createHash("sha256").update(text, "utf8").digest("hex");

describe("the draw recomputed in the browser", () => {
  const seed = "9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08";
  const entries = [
    { orderId: 11, quantity: 5 },
    { orderId: 12, quantity: 1 },
    { orderId: 13, quantity: 7 },
    { orderId: 20, quantity: 3 },
  ];
  // As the server publishes them: the digest of the entries and the beacon tick's hash.
  const beaconTick = { symbol: "BTCUSDT", ts: "2026-12-02T00:00:01.234Z", price: "91234.50" };
  const entriesDigest = nodeSha("11:5\n12:1\n13:7\n20:3");
  const beacon = nodeSha("BTCUSDT|2026-12-02T00:00:01.234Z|91234.50");
  const mix = { entriesDigest, beacon };
  const published = {
    entries,
    entriesDigest,
    beacon,
    beaconTick,
    applicationsClosedAt: "2026-12-02T00:00:00.500Z",
  };

  it("hashes the seed string like SHA-256 of its UTF-8 bytes", async () => {
    expect(await sha256Hex(seed)).toBe(createHash("sha256").update(seed, "utf8").digest("hex"));
  });
  it.each([1, 4, 9, 15, 16, 40])("%i tokens on offer: the same winners as the reference", async (total) => {
    const mine = await recomputeWinners(seed, entries, total, mix);
    const reference = referenceDraw(seed, entries, total, mix);
    expect(mine).not.toBeNull();
    expect(sameWinners(mine ?? [], reference)).toBe(true);
    expect((mine ?? []).reduce((n, w) => n + w.wonQuantity, 0)).toBe(Math.min(total, 16));
  });
  it.each([1, 9, 15])("%i tokens on offer: the same winners as the server's draw (packages/domain)", async (total) => {
    const score = (orderId: number, i: number) =>
      createHmac("sha256", Buffer.from(seed, "utf8"))
        .update(ieoTicketMessage(orderId, i, mix))
        .digest("hex");
    const server = drawWinners(entries, total, score);
    expect(sameWinners((await recomputeWinners(seed, entries, total, mix)) ?? [], server)).toBe(true);
  });
  it("computes the entry digest and the beacon text as the server does", () => {
    expect(entriesText([...entries].reverse())).toBe(ieoEntriesText(entries));
    expect(nodeSha(entriesText(entries))).toBe(entriesDigest);
    expect(beaconText(beaconTick)).toBe(ieoBeaconText(beaconTick));
  });
  it("checks the published digest and beacon; a changed entry, tick or a tick before the close fails", async () => {
    expect(await checkMix(published)).toBe(true);
    expect(await checkMix({ ...published, entries: [...entries, { orderId: 21, quantity: 1 }] })).toBe(false);
    expect(await checkMix({ ...published, beaconTick: { ...beaconTick, price: "91234.51" } })).toBe(false);
    expect(await checkMix({ ...published, applicationsClosedAt: "2026-12-02T00:00:02.000Z" })).toBe(false);
    expect(await checkMix({ ...published, beacon: null })).toBe(false);
  });
  it("a draw of the earlier algorithm (no digest, no beacon) is recomputed from the seed and order ids", async () => {
    expect(await checkMix({ entries, entriesDigest: null, beacon: null, beaconTick: null })).toBe(true);
    const mine = await recomputeWinners(seed, entries, 9);
    expect(sameWinners(mine ?? [], referenceDraw(seed, entries, 9))).toBe(true);
  });
  it("the mix changes who wins: the seed alone no longer tells", async () => {
    const seedOnly = referenceDraw(seed, entries, 4);
    const mixed = referenceDraw(seed, entries, 4, mix);
    const other = referenceDraw(seed, entries, 4, { entriesDigest, beacon: nodeSha("another tick") });
    expect(sameWinners(seedOnly, mixed) && sameWinners(mixed, other)).toBe(false);
  });
  it("notices a changed winner list", async () => {
    const mine = (await recomputeWinners(seed, entries, 4, mix)) ?? [];
    const tampered = mine.map((w, i) => (i === 0 ? { ...w, wonQuantity: w.wonQuantity + 1 } : w));
    expect(sameWinners(mine, tampered)).toBe(false);
  });
});

describe("no promise words in any language", () => {
  const dir = path.resolve(import.meta.dirname, "../src/features/ieo/locales");
  const banned =
    /guarantee|risk[- ]free|no risk|보장|무위험|保証|保本|保證|無風險|リスクなし|รับประกัน|ไม่มีความเสี่ยง|dijamin|tanpa risiko|đảm bảo|không rủi ro|garantizad|sin riesgo/i;
  it.each(fs.readdirSync(dir).map((f) => [f]))("%s", (file) => {
    const text = fs.readFileSync(path.join(dir, file), "utf8");
    expect(text.match(banned)?.[0] ?? null).toBeNull();
  });
});
