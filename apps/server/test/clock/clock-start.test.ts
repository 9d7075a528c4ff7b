// A sandbox clock that starts at a stated instant (SANDBOX_CLOCK_START; `startClockAt` in
// tests), so a rule that depends on the weekday or the month end is tested on the day it
// names, not on the day the suite happens to run (issue 29). The daily jobs are scheduled
// on the started clock's date; an instant before real time, or a database that already ran
// jobs, keeps the clock where it is; outside sandbox the variable is refused.
import { describe, expect, it } from "vitest";
import { buildApp } from "../../src/app";
import { ConfigError, loadConfig } from "../../src/config";
import { createTestDatabase, MIDWEEK, nextUtc, setupApp, startClockAt, testConfig } from "../helper";

const { app, database } = await setupApp(startClockAt(MIDWEEK));

const businessNow = async () => {
  const res = await app.inject({ method: "GET", url: "/dev/clock" });
  expect(res.statusCode).toBe(200);
  return new Date(res.json().result.now);
};

describe("a sandbox clock started at a stated instant", () => {
  it("reads that instant (a Wednesday, 10:00 UTC) and moves on from it", async () => {
    const now = await businessNow();
    expect(now.getUTCDay()).toBe(3);
    expect(now.getTime() - Date.parse(MIDWEEK)).toBeGreaterThanOrEqual(0);
    expect(now.getTime() - Date.parse(MIDWEEK)).toBeLessThan(60_000);
  });

  it("schedules the daily jobs on the started clock's date, not on the machine's", async () => {
    const date = MIDWEEK.slice(0, 10);
    const rows = await database.query<{ job_key: string }>("SELECT job_key FROM jobs WHERE job_key LIKE $1", [
      `%:${date}`,
    ]);
    expect(rows.length).toBeGreaterThan(0);
    const machineDate = new Date().toISOString().slice(0, 10);
    if (machineDate !== date) {
      const machine = await database.query("SELECT job_key FROM jobs WHERE job_key LIKE $1", [`%:${machineDate}`]);
      expect(machine).toHaveLength(0);
    }
  });

  it("is set once: a restart on the same database keeps business time where it went", async () => {
    const moved = await app.inject({ method: "POST", url: "/dev/clock/advance", payload: { seconds: 86_400 } });
    expect(moved.statusCode).toBe(200);
    const before = app.clock.offsetMs;
    expect(await app.clock.startAt(Date.parse(MIDWEEK))).toBe(false);
    expect(app.clock.offsetMs).toBe(before);
  });
});

describe("instants the clock does not start at", () => {
  it("an instant before real time leaves the clock at real time", async () => {
    const database = await createTestDatabase();
    const past = buildApp({
      config: testConfig({ clockStartAt: Date.parse("2026-03-04T10:00:00Z") }),
      database,
      logger: false,
    });
    const other = await past;
    try {
      await other.ready();
      expect(other.clock.offsetMs).toBe(0);
      expect(Math.abs(other.clock.nowMs() - Date.now())).toBeLessThan(5_000);
    } finally {
      await other.close();
      await database.close();
    }
  });

  it("names a month's last seconds for a month-end rule", () => {
    const end = new Date(nextUtc("any", "23:59:30", "last"));
    expect(end.getUTCHours()).toBe(23);
    expect(new Date(end.getTime() + 60_000).getUTCDate()).toBe(1);
  });

  it("is refused outside sandbox, and when it is not a UTC instant", () => {
    expect(() => loadConfig({ SANDBOX: "false", SANDBOX_CLOCK_START: "2030-01-09T10:00:00Z" })).toThrow(ConfigError);
    expect(() => loadConfig({ SANDBOX_CLOCK_START: "next wednesday" })).toThrow(ConfigError);
    expect(loadConfig({ SANDBOX_CLOCK_START: "2030-01-09T10:00:00Z" }).clockStartAt).toBe(
      Date.parse("2030-01-09T10:00:00Z"),
    );
  });
});
