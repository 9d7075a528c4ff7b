// SETTLEMENT_RECONCILE_MS: how often the settlement leader re-reads open futures positions
// (default every second); a bad value stops the start naming it.
import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "../../src/config";

describe("settlement reconcile interval", () => {
  it("defaults to one second and takes a value in milliseconds", () => {
    expect(loadConfig({}).settlementReconcileMs).toBe(1000);
    expect(loadConfig({ SETTLEMENT_RECONCILE_MS: "250" }).settlementReconcileMs).toBe(250);
  });

  it.each(["0", "10", "600000", "soon"])("%s is refused naming SETTLEMENT_RECONCILE_MS", (value) => {
    expect(() => loadConfig({ SETTLEMENT_RECONCILE_MS: value })).toThrow(ConfigError);
    expect(() => loadConfig({ SETTLEMENT_RECONCILE_MS: value })).toThrow("SETTLEMENT_RECONCILE_MS");
  });
});
