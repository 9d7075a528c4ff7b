import { describe, expect, it } from "vitest";

describe("zod without eval (CSP forbids it)", () => {
  it("the app's setting reaches zod's global config, and object schemas parse", async () => {
    await import("../src/lib/zod-jitless");
    const { z } = await import("zod");
    expect(z.config().jitless).toBe(true);
    expect(z.object({ a: z.string() }).parse({ a: "x", b: 1 })).toEqual({ a: "x" });
  });
});
