// The IEO lottery as a table of scenarios: scores given per ticket (the server uses
// HMAC-SHA-256(seed, "<orderId>:<i>")); the lowest scores win.
import { describe, expect, it } from "vitest";
import { drawWinners, ieoTicketMessage } from "../src";

/** Scores from a table "orderId:i" → hex. */
const table = (scores: Record<string, string>) => (orderId: number, i: number) => {
  const s = scores[ieoTicketMessage(orderId, i)];
  if (s === undefined) throw new Error(`no score for ${orderId}:${i}`);
  return s;
};

describe("drawWinners", () => {
  it.each([
    {
      name: "under-subscribed: everyone wins in full, no score needed",
      entries: [
        { orderId: 1, quantity: 3 },
        { orderId: 2, quantity: 2 },
      ],
      total: 10,
      scores: {},
      won: [3, 2],
    },
    {
      name: "exactly subscribed: everyone wins in full",
      entries: [
        { orderId: 1, quantity: 5 },
        { orderId: 2, quantity: 5 },
      ],
      total: 10,
      scores: {},
      won: [5, 5],
    },
    {
      name: "over-subscribed: lowest scores win",
      entries: [
        { orderId: 1, quantity: 2 },
        { orderId: 2, quantity: 2 },
      ],
      total: 2,
      scores: { "1:0": "0a", "1:1": "ff", "2:0": "01", "2:1": "80" },
      won: [1, 1],
    },
    {
      name: "one order takes all the lowest tickets",
      entries: [
        { orderId: 7, quantity: 3 },
        { orderId: 9, quantity: 1 },
      ],
      total: 3,
      scores: { "7:0": "10", "7:1": "11", "7:2": "12", "9:0": "13" },
      won: [3, 0],
    },
    {
      name: "hex compares as text of equal length (lowercase)",
      entries: [
        { orderId: 1, quantity: 1 },
        { orderId: 2, quantity: 1 },
      ],
      total: 1,
      scores: { "1:0": "b0", "2:0": "a9" },
      won: [0, 1],
    },
    {
      name: "no entries",
      entries: [],
      total: 5,
      scores: {},
      won: [],
    },
  ])("$name", ({ entries, total, scores, won }) => {
    const result = drawWinners(entries, total, table(scores as Record<string, string>));
    expect(result.map((w) => w.wonQuantity)).toEqual(won);
    expect(result.map((w) => w.orderId)).toEqual(entries.map((e) => e.orderId));
    const sum = result.reduce((s, w) => s + w.wonQuantity, 0);
    expect(sum).toBe(
      Math.min(
        total,
        entries.reduce((s, e) => s + e.quantity, 0),
      ),
    );
  });

  it("refuses an order listed twice", () => {
    expect(() =>
      drawWinners(
        [
          { orderId: 1, quantity: 1 },
          { orderId: 1, quantity: 1 },
        ],
        1,
        () => "00",
      ),
    ).toThrow(/twice/);
  });
});
