// The mid of a venue's bid and ask, as the OANDA price source uses it: exact, no rounding.
import { describe, expect, it } from "vitest";
import { midOf } from "../src";

describe("mid of bid and ask", () => {
  it.each([
    ["4062.315", "4062.655", "4062.485"],
    ["1.15171", "1.15184", "1.151775"], // one more decimal than either side, never rounded
    ["155.112", "155.112", "155.112"],
    ["0.00000592", "0.00000593", "0.000005925"],
  ])("bid %s, ask %s → %s", (bid, ask, mid) => {
    expect(midOf(bid, ask)).toBe(mid);
  });
});
