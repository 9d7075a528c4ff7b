// The service worker's Web Push handlers (public/push-sw.js), run against a fake `self`:
// a push shows the notification from the payload (title, body, data.url); a click focuses
// an open app window and takes it to the url, or opens one; a foreign url is never opened.
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it, vi } from "vitest";

const source = readFileSync(path.join(__dirname, "../public/push-sw.js"), "utf8");

type Handler = (event: unknown) => void;

function fakeSelf(windows: Array<{ url: string }> = []) {
  const handlers = new Map<string, Handler>();
  const shown: Array<{ title: string; options: Record<string, unknown> }> = [];
  const focused: string[] = [];
  const navigated: string[] = [];
  const opened: string[] = [];
  interface FakeWindow {
    url: string;
    focus: () => Promise<FakeWindow | undefined>;
    navigate: (url: string) => Promise<void>;
  }
  const clientWindows: FakeWindow[] = windows.map((w) => ({
    url: w.url,
    focus: vi.fn(async (): Promise<FakeWindow | undefined> => {
      focused.push(w.url);
      return clientWindows.find((c) => c.url === w.url);
    }),
    navigate: vi.fn(async (url: string) => {
      navigated.push(url);
    }),
  }));
  const self = {
    location: { origin: "https://app.candor.test" },
    addEventListener: (type: string, fn: Handler) => handlers.set(type, fn),
    registration: {
      showNotification: vi.fn(async (title: string, options: Record<string, unknown>) => {
        shown.push({ title, options });
      }),
    },
    clients: {
      matchAll: vi.fn(async () => clientWindows),
      openWindow: vi.fn(async (url: string) => {
        opened.push(url);
      }),
    },
  };
  new Function("self", source)(self);
  return { self, handlers, shown, focused, navigated, opened };
}

async function dispatch(handler: Handler | undefined, event: Record<string, unknown>) {
  let waited: Promise<unknown> = Promise.resolve();
  handler?.({ ...event, waitUntil: (p: Promise<unknown>) => (waited = p) });
  await waited;
}

const payload = {
  alertId: 7,
  symbol: "BTCUSDT",
  kind: "above",
  value: "51000",
  price: "51234.50",
  title: "Price alert: BTCUSDT",
  body: "BTCUSDT reached 51234.50 (your alert: ≥ 51000).",
  url: "/alerts?symbol=BTCUSDT",
};

describe("the service worker's push handler", () => {
  it("shows the notification with the payload's title, body and url", async () => {
    const sw = fakeSelf();
    await dispatch(sw.handlers.get("push"), { data: { json: () => payload, text: () => JSON.stringify(payload) } });
    expect(sw.shown).toHaveLength(1);
    expect(sw.shown[0]?.title).toBe("Price alert: BTCUSDT");
    expect(sw.shown[0]?.options).toMatchObject({
      body: payload.body,
      tag: "price-alert-7",
      data: { url: "/alerts?symbol=BTCUSDT" },
    });
  });

  it("a payload that is not JSON still shows something, and a foreign url becomes /", async () => {
    const sw = fakeSelf();
    await dispatch(sw.handlers.get("push"), {
      data: {
        json: () => {
          throw new SyntaxError("not json");
        },
        text: () => "hello",
      },
    });
    expect(sw.shown[0]).toMatchObject({ title: "Candor", options: { body: "hello", data: { url: "/" } } });
    await dispatch(sw.handlers.get("push"), { data: { json: () => ({ ...payload, url: "https://evil.test/x" }) } });
    expect(sw.shown[1]?.options.data).toEqual({ url: "/" });
    await dispatch(sw.handlers.get("push"), { data: { json: () => ({ ...payload, url: "//evil.test/x" }) } });
    expect(sw.shown[2]?.options.data).toEqual({ url: "/" });
  });
});

describe("the service worker's notificationclick handler", () => {
  const click = (url: unknown) => {
    const close = vi.fn();
    return { notification: { close, data: { url } }, close };
  };

  it("focuses an open app window and takes it to the url", async () => {
    const sw = fakeSelf([{ url: "https://app.candor.test/market" }]);
    const event = click("/alerts?symbol=BTCUSDT");
    await dispatch(sw.handlers.get("notificationclick"), event);
    expect(event.close).toHaveBeenCalled();
    expect(sw.focused).toEqual(["https://app.candor.test/market"]);
    expect(sw.navigated).toEqual(["https://app.candor.test/alerts?symbol=BTCUSDT"]);
    expect(sw.opened).toEqual([]);
  });

  it("opens a window when none is open", async () => {
    const sw = fakeSelf();
    await dispatch(sw.handlers.get("notificationclick"), click("/alerts?symbol=ETHUSDT"));
    expect(sw.opened).toEqual(["https://app.candor.test/alerts?symbol=ETHUSDT"]);
  });

  it("never opens another site", async () => {
    const sw = fakeSelf();
    await dispatch(sw.handlers.get("notificationclick"), click("https://evil.test/"));
    expect(sw.opened).toEqual(["https://app.candor.test/"]);
  });
});
