// The app's React imports resolve to Preact (build/preact.ts) in the unit tests as in the
// build, so a test renders with what ships.
import { describe, expect, it } from "vitest";

describe("React API on Preact", () => {
  it.each([
    ["react", "preact/compat"],
    ["react-dom", "preact/compat"],
    ["react-dom/client", "preact/compat/client"],
    ["use-sync-external-store/shim", "preact/compat"],
  ])("%s is %s", async (name, preact) => {
    expect(await import(/* @vite-ignore */ name)).toBe(await import(/* @vite-ignore */ preact));
  });
});
