// Issue 37: what waits for the first screen (the rest of the language's strings, the error
// screen, the service worker's precache, the price stream, the session's background jobs)
// must not start before that screen has been shown. It waited only for the page's load
// event and an idle moment, and both come while the shell is still downloading the first
// screen's chunks (the load event does not wait for module preloads): on a slow link the
// later downloads then shared the bandwidth with the first screen and delayed its paint.
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

type Idle = typeof import("../src/lib/idle");

async function freshIdle(): Promise<Idle> {
  vi.resetModules();
  return import("../src/lib/idle");
}

/** Whether the promise has settled after the timers and microtasks run so far. */
async function settled(p: Promise<unknown>): Promise<boolean> {
  let done = false;
  void p.then(() => {
    done = true;
  });
  await vi.advanceTimersByTimeAsync(0);
  return done;
}

describe("afterFirstScreen", () => {
  beforeEach(() => {
    vi.useFakeTimers();
    // The page has loaded (readyState "complete" in jsdom) and the main thread is idle.
    vi.stubGlobal("requestIdleCallback", (cb: () => void) => setTimeout(cb, 1));
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it("waits for the first screen although the page has loaded and the thread is idle", async () => {
    const idle = await freshIdle();
    expect(document.readyState).toBe("complete");
    const later = idle.afterFirstScreen();
    await vi.advanceTimersByTimeAsync(1_000);
    expect(await settled(later)).toBe(false);
    idle.firstScreenShown();
    await vi.advanceTimersByTimeAsync(100);
    expect(await settled(later)).toBe(true);
  });

  it("goes on without the signal once FIRST_SCREEN_WAIT_MS have passed (an error screen, the desktop frame)", async () => {
    const idle = await freshIdle();
    const later = idle.afterFirstScreen();
    await vi.advanceTimersByTimeAsync(idle.FIRST_SCREEN_WAIT_MS - 10);
    expect(await settled(later)).toBe(false);
    await vi.advanceTimersByTimeAsync(100);
    expect(await settled(later)).toBe(true);
  });

  it("does not wait again for a caller that comes after the first screen", async () => {
    const idle = await freshIdle();
    idle.firstScreenShown();
    const later = idle.afterFirstScreen();
    await vi.advanceTimersByTimeAsync(10);
    expect(await settled(later)).toBe(true);
  });
});
