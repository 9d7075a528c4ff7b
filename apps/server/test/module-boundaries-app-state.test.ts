// No process-wide state: what the modules register at start-up (the contests guard for the
// trading modules, demo's reset steps and equity sources, the event bus) belongs to the
// Fastify instance, so two apps built in one process (tests, the OpenAPI generator, a
// bench) never see each other's.
import { describe, expect, it } from "vitest";
import { setupApp } from "./helper";

const one = await setupApp();
const two = await setupApp();

describe("two apps in one process", () => {
  it("each has its own registries", () => {
    expect(one.app.tradeModes).not.toBe(two.app.tradeModes);
    expect(one.app.demo).not.toBe(two.app.demo);
    expect(one.app.bus).not.toBe(two.app.bus);
    // The trading modules registered their parts with each app.
    expect(one.app.demo.steps()).toHaveLength(3); // futures, options, spot
    expect(two.app.demo.steps()).toHaveLength(3);
    expect(one.app.demo.sources()).toHaveLength(1); // futures
  });

  it("a demo part registered with one app is not the other's", () => {
    const off = [
      one.app.demo.registerResetStep("test", async () => undefined),
      one.app.demo.registerEquitySource("test", async () => ({ margin: "0", unrealisedPnl: "0", equity: "0" })),
    ];
    try {
      expect(one.app.demo.steps()).toHaveLength(4);
      expect(one.app.demo.sources()).toHaveLength(2);
      expect(two.app.demo.steps()).toHaveLength(3);
      expect(two.app.demo.sources()).toHaveLength(1);
    } finally {
      for (const unregister of off) unregister();
    }
    expect(one.app.demo.steps()).toHaveLength(3);
  });

  it("a contest guard installed in one app does not check the other's trades", async () => {
    const db = two.app.database.db;
    // The second app's own guard (contests module): no entry of customer 1 in contest 999.
    await expect(two.app.tradeModes.check(db, 1, "contest", 999, null)).rejects.toMatchObject({
      key: "contestNotTradable",
    });
    one.app.tradeModes.setContestGuard(async () => {
      throw new Error("the first app's guard");
    });
    await expect(one.app.tradeModes.check(one.app.database.db, 1, "contest", 999, null)).rejects.toThrow(
      "the first app's guard",
    );
    await expect(two.app.tradeModes.check(db, 1, "contest", 999, null)).rejects.toMatchObject({
      key: "contestNotTradable",
    });
  });
});
