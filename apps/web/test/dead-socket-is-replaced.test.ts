// Issue 39 §3: every websocket (market, account, chat) expects an answer within a bound
// after each ping and reconnects when none comes, so a socket that stays open but carries
// nothing is replaced; the chat's HTTP calls give up after 30 s.
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { startAccountFeed } from "../src/lib/account-feed";
import {
  HEARTBEAT_MS as CHAT_PING_MS,
  RECONNECT_MS as CHAT_RECONNECT_MS,
  ChatConnection,
} from "../src/lib/chat-connection";
import { CHAT_TIMEOUT_MS, chatFetch } from "../src/lib/chat-session";
import { HEARTBEAT_MS as MARKET_PING_MS, MarketSocket, RECONNECT_DELAY_MS } from "../src/lib/market/socket";
import { PONG_TIMEOUT_MS } from "../src/lib/socket-liveness";

class FakeSocket {
  static readonly OPEN = 1;
  static all: FakeSocket[] = [];
  readyState = 0;
  sent: string[] = [];
  closed = false;
  openedAt = 0;
  onopen: (() => void) | null = null;
  onclose: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onmessage: ((e: { data: string }) => void) | null = null;
  constructor(readonly url: string) {
    FakeSocket.all.push(this);
  }
  open() {
    this.openedAt = Date.now();
    this.readyState = 1;
    this.onopen?.();
  }
  receive(data: string) {
    this.onmessage?.({ data });
  }
  send(data: string) {
    this.sent.push(data);
  }
  close() {
    this.closed = true;
  }
}

const globals = globalThis as unknown as { WebSocket: unknown };
let saved: unknown;
beforeEach(() => {
  vi.useFakeTimers();
  FakeSocket.all = [];
  saved = globals.WebSocket;
  globals.WebSocket = FakeSocket;
});
afterEach(() => {
  vi.useRealTimers();
  globals.WebSocket = saved;
});

/**
 * Let the next ping go by (the socket opened at `openedAt`, pings every `pingMs`), answered
 * with `answer` or not, up to the moment its answer was due.
 */
function pingOnce(socket: FakeSocket, pingMs: number, answer?: string) {
  const now = Date.now();
  const nextPing = socket.openedAt + Math.ceil((now - socket.openedAt + 1) / pingMs) * pingMs;
  vi.advanceTimersByTime(nextPing - now);
  if (answer) socket.receive(answer);
  vi.advanceTimersByTime(PONG_TIMEOUT_MS);
}

describe("a socket that stays open but answers nothing is replaced", () => {
  it("market: an answered ping keeps the socket; an unanswered one reconnects", async () => {
    const market = new MarketSocket(
      () => "ws://test/market",
      () => Promise.resolve(),
    );
    const off = market.subscribe(["ticker.BTCUSDT"], () => {});
    await vi.advanceTimersByTimeAsync(0);
    const first = FakeSocket.all[0] as FakeSocket;
    first.open();
    pingOnce(first, MARKET_PING_MS, JSON.stringify({ op: "pong", ts: 1 }));
    expect(first.sent.some((m) => m.includes('"ping"'))).toBe(true);
    expect(FakeSocket.all).toHaveLength(1);
    expect(market.open).toBe(true);

    pingOnce(first, MARKET_PING_MS);
    expect(first.closed).toBe(true);
    expect(market.open).toBe(false);
    vi.advanceTimersByTime(RECONNECT_DELAY_MS);
    expect(FakeSocket.all).toHaveLength(2);
    const second = FakeSocket.all[1] as FakeSocket;
    second.open();
    expect(second.sent.some((m) => m.includes("ticker.BTCUSDT"))).toBe(true);
    off();
  });

  it("account feed: silence after a ping reconnects; any frame counts as an answer", () => {
    (globalThis as unknown as { location: unknown }).location ??= { protocol: "http:", host: "localhost" };
    const stop = startAccountFeed("token", { invalidateQueries: () => Promise.resolve() } as never);
    const first = FakeSocket.all[0] as FakeSocket;
    first.open();
    pingOnce(first, 55_000, JSON.stringify({ type: "account", data: { kinds: [] } }));
    expect(FakeSocket.all).toHaveLength(1);
    pingOnce(first, 55_000);
    expect(first.closed).toBe(true);
    vi.advanceTimersByTime(5_000);
    expect(FakeSocket.all).toHaveLength(2);
    stop();
  });

  it("chat: a silent socket is replaced and the state says so", async () => {
    const states: string[] = [];
    const chat = new ChatConnection(
      () => Promise.resolve("chat-token"),
      () => {},
      (s) => states.push(s),
    );
    chat.start();
    await vi.advanceTimersByTimeAsync(0);
    const first = FakeSocket.all[0] as FakeSocket;
    first.open();
    pingOnce(first, CHAT_PING_MS, "pong");
    expect(FakeSocket.all).toHaveLength(1);
    pingOnce(first, CHAT_PING_MS);
    expect(first.closed).toBe(true);
    expect(states.at(-1)).toBe("closed");
    await vi.advanceTimersByTimeAsync(CHAT_RECONNECT_MS);
    expect(FakeSocket.all).toHaveLength(2);
    chat.stop();
  });
});

describe("the chat's HTTP calls give up after 30 s", () => {
  it("a call that never answers ends with the timeout text", async () => {
    const fetchSpy = vi.spyOn(globalThis, "fetch").mockImplementation(
      (_url, init) =>
        new Promise((_, reject) => {
          init?.signal?.addEventListener("abort", () => reject(new DOMException("aborted", "AbortError")));
        }),
    );
    try {
      const call = chatFetch("POST", "/api/chat/verify" as never, undefined, "t").catch((e: unknown) => e);
      await vi.advanceTimersByTimeAsync(CHAT_TIMEOUT_MS - 1);
      let settled = false;
      void call.then(() => {
        settled = true;
      });
      await vi.advanceTimersByTimeAsync(0);
      expect(settled).toBe(false);
      await vi.advanceTimersByTimeAsync(1);
      const error = (await call) as { kind: string; code: number };
      expect(error.kind).toBe("timeout");
      expect(error.code).toBe(0);
    } finally {
      fetchSpy.mockRestore();
    }
  });
});
