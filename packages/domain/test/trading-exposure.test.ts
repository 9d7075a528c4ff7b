import { describe, expect, it } from "vitest";
import { exposureHeadroom, futuresWorstCase, optionWorstCase } from "../src";

describe("exposure", () => {
  it("a futures position may cost the house its notional, an option its possible profit", () => {
    expect(futuresWorstCase("200", 2).toString()).toBe("400");
    expect(optionWorstCase("100", "0.85").toString()).toBe("85");
  });

  it("headroom is balance − what is open + limit, exactly", () => {
    expect(exposureHeadroom({ balance: "-100", openWorstCase: "800.1", limit: "1000" }).toString()).toBe("99.9");
    expect(exposureHeadroom({ balance: "0", openWorstCase: "1000", limit: "1000" }).toString()).toBe("0");
    expect(exposureHeadroom({ balance: "0", openWorstCase: "1000.000000000000000001", limit: "1000" }).isNeg()).toBe(
      true,
    );
  });
});
