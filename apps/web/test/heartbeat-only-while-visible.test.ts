// The activity report feeds "online" in support chat: it is sent at once and every 60 s,
// but only while the page is visible (docs/product.md "Differences from the seed").
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { api } from "../src/lib/api-client";
import { ACTIVE_REPORT_PATH, HEARTBEAT_INTERVAL_MS, startActivityHeartbeat } from "../src/lib/use-heartbeat";

let visibility: DocumentVisibilityState = "visible";
beforeEach(() => {
  vi.useFakeTimers();
  vi.spyOn(document, "visibilityState", "get").mockImplementation(() => visibility);
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe("the activity report", () => {
  it("beats while visible and never while hidden", () => {
    const post = vi.spyOn(api, "post").mockResolvedValue(undefined as never);
    visibility = "visible";
    const stop = startActivityHeartbeat();
    expect(post).toHaveBeenCalledTimes(1);
    expect(post.mock.calls[0]?.[0]).toBe(ACTIVE_REPORT_PATH);
    vi.advanceTimersByTime(HEARTBEAT_INTERVAL_MS);
    expect(post).toHaveBeenCalledTimes(2);

    visibility = "hidden";
    vi.advanceTimersByTime(HEARTBEAT_INTERVAL_MS * 5);
    expect(post).toHaveBeenCalledTimes(2);

    visibility = "visible";
    vi.advanceTimersByTime(HEARTBEAT_INTERVAL_MS);
    expect(post).toHaveBeenCalledTimes(3);
    stop();
    vi.advanceTimersByTime(HEARTBEAT_INTERVAL_MS * 3);
    expect(post).toHaveBeenCalledTimes(3);
  });
});
