// The reality check's timer with fake timers: a check every N minutes of a trading session,
// none after Stop, the next one N minutes after Continue, off when never started.
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createRealityTimer } from "../src/features/protection/reality-timer";

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => vi.useRealTimers());

const MIN = 60_000;

describe("reality check timer", () => {
  it("is due after N minutes with the minutes spent, then again N minutes after Continue", () => {
    const due: number[] = [];
    const timer = createRealityTimer(15, (m) => due.push(m));
    timer.start();
    vi.advanceTimersByTime(15 * MIN - 1);
    expect(due).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(due).toEqual([15]);
    // The dialog is open: nothing more until the customer answers.
    vi.advanceTimersByTime(60 * MIN);
    expect(due).toEqual([15]);
    timer.continue();
    vi.advanceTimersByTime(15 * MIN);
    expect(due).toEqual([15, 90]);
  });

  it("Stop ends the session: no further check, and a new session counts from zero", () => {
    const due: number[] = [];
    const timer = createRealityTimer(30, (m) => due.push(m));
    timer.start();
    vi.advanceTimersByTime(10 * MIN);
    timer.stop();
    expect(timer.running).toBe(false);
    vi.advanceTimersByTime(60 * MIN);
    expect(due).toEqual([]);
    timer.start();
    vi.advanceTimersByTime(30 * MIN);
    expect(due).toEqual([30]);
  });

  it("starting twice does not restart the count; continue without a session does nothing", () => {
    const due: number[] = [];
    const timer = createRealityTimer(15, (m) => due.push(m));
    timer.continue();
    vi.advanceTimersByTime(30 * MIN);
    expect(due).toEqual([]);
    timer.start();
    vi.advanceTimersByTime(10 * MIN);
    timer.start();
    vi.advanceTimersByTime(5 * MIN);
    expect(due).toEqual([15]);
  });
});
