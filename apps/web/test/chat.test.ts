// Support chat screen rules as tables: merging live and loaded messages, read and recall
// events, day separators in the customer's time zone, what the pickers accept, the recall
// window, the send shortcut, and which socket frames are shown (never pong).
import type { ChatMessage } from "@candor/contract";
import { describe, expect, it } from "vitest";
import {
  applyRead,
  applyRecall,
  canRecall,
  dayLabel,
  fileProblem,
  isSendShortcut,
  mergeMessages,
  textTooLong,
  withDaySeparators,
} from "../src/features/chat/chat-logic";
import { accountFeedLive, invalidateFor, pollUnlessLive, startAccountFeed } from "../src/lib/account-feed";
import { parseFrame } from "../src/lib/chat-connection";

const msg = (id: number, over: Partial<ChatMessage> = {}): ChatMessage => ({
  id,
  conversationId: 1,
  type: "text",
  content: `m${id}`,
  sender: "customer",
  agentName: null,
  createdAt: "2026-11-23T10:00:00.000Z",
  read: false,
  recalled: false,
  clientMsgId: null,
  ...over,
});

describe("messages", () => {
  it("merges newest-first pages and live events into one oldest-first list without duplicates", () => {
    const merged = mergeMessages([msg(3), msg(1)], [msg(2), msg(3, { read: true })]);
    expect(merged.map((m) => [m.id, m.read])).toEqual([
      [1, false],
      [2, false],
      [3, true],
    ]);
    // An older copy never undoes a read mark or a recall.
    expect(mergeMessages([msg(1, { read: true, recalled: true })], [msg(1)])[0]).toMatchObject({
      read: true,
      recalled: true,
    });
  });

  it.each([
    ["agent read → my messages up to upTo", "agent", 2, [true, false, true, false]],
    ["customer read → agent messages up to upTo", "customer", 4, [false, true, false, false]],
    ["customer read → nothing of mine", "customer", 1, [false, false, false, false]],
  ] as const)("%s", (_name, by, upTo, expected) => {
    const fixed = [msg(1), msg(3, { sender: "agent" }), msg(2), msg(5)];
    expect(applyRead(fixed, by, upTo).map((m) => m.read)).toEqual(expected);
  });

  it("a recall empties the content", () => {
    expect(applyRecall([msg(1), msg(2)], 2)[1]).toMatchObject({ recalled: true, content: "" });
  });
});

describe("day separators", () => {
  it("puts one separator before each day, in the customer's time zone", () => {
    const rows = withDaySeparators(
      [
        msg(1, { createdAt: "2026-11-22T23:30:00.000Z" }),
        msg(2, { createdAt: "2026-11-23T00:30:00.000Z" }),
        msg(3, { createdAt: "2026-11-23T08:00:00.000Z" }),
      ],
      "UTC",
    );
    expect(rows.map((r) => (r.type === "day" ? r.key : r.item.id))).toEqual(["2026-11-22", 1, "2026-11-23", 2, 3]);
    // In Tokyo (UTC+9) all three fall on 23 November.
    const tokyo = withDaySeparators([msg(1, { createdAt: "2026-11-22T23:30:00.000Z" })], "Asia/Tokyo");
    expect(tokyo[0]).toEqual({ type: "day", key: "2026-11-23" });
  });

  it.each([
    ["2026-11-23", { kind: "today" }],
    ["2026-11-22", { kind: "yesterday" }],
    ["2026-11-01", { kind: "date", date: "2026-11-01" }],
  ])("%s is %o", (key, label) => {
    expect(dayLabel(key, new Date("2026-11-23T12:00:00Z"), "UTC")).toEqual(label);
  });
});

describe("pickers and input", () => {
  it.each([
    ["image", { type: "image/png", size: 1000 }, null],
    ["image", { type: "image/jpeg", size: 5 * 1024 * 1024 }, null],
    ["image", { type: "image/jpeg", size: 5 * 1024 * 1024 + 1 }, "imageTooLarge"],
    ["image", { type: "video/mp4", size: 1000 }, "imagesOnly"],
    ["video", { type: "video/mp4", size: 50 * 1024 * 1024 }, null],
    ["video", { type: "video/mp4", size: 50 * 1024 * 1024 + 1 }, "videoTooLarge"],
    ["video", { type: "image/png", size: 10 }, "videosOnly"],
    ["video", { type: "application/pdf", size: 10 }, "videosOnly"],
  ] as const)("%s picker, %o → %s", (kind, file, problem) => {
    expect(fileProblem(kind, file)).toBe(problem);
  });

  it.each([
    [{ key: "Enter", ctrlKey: true, metaKey: false }, true],
    [{ key: "Enter", ctrlKey: false, metaKey: true }, true],
    [{ key: "Enter", ctrlKey: false, metaKey: false }, false],
    [{ key: "a", ctrlKey: true, metaKey: false }, false],
  ])("send shortcut %o → %s", (e, sends) => {
    expect(isSendShortcut(e)).toBe(sends);
  });

  it("counts characters, not UTF-16 units, against the 2,000 limit", () => {
    expect(textTooLong("😀".repeat(2000))).toBe(false);
    expect(textTooLong("a".repeat(2001))).toBe(true);
  });

  it.each([
    [60_000, "customer", true],
    [120_000, "customer", true],
    [120_001, "customer", false],
    [1_000, "agent", false],
  ] as const)("recall %i ms after sending a %s message → %s", (age, sender, ok) => {
    const sent = Date.parse("2026-11-23T10:00:00.000Z");
    expect(canRecall(msg(1, { sender }), sent + age)).toBe(ok);
  });
});

describe("socket frames", () => {
  it.each([
    ["pong", null],
    ['{"type":"pong"}', null],
    ['{"type":"error","data":{"code":401}}', null],
    ["not json", null],
    ['{"type":"read","data":{"conversationId":1,"by":"agent","upTo":3}}', "read"],
    ['{"type":"recall","data":{"id":1}}', "recall"],
  ])("%s → %s", (frame, type) => {
    expect(parseFrame(frame)?.type ?? null).toBe(type);
  });
});

describe("private account channel", () => {
  it.each([
    [["balances"], [["wallet"], ["exchange"], ["demo"], ["options"], ["spot"], ["earn"], ["futures", "summary"]]],
    // Each query once: ["futures"] covers the summary and ["wallet"] the asset centre.
    [
      ["positions", "balances"],
      [["futures"], ["wallet"], ["exchange"], ["demo"], ["options"], ["spot"], ["earn"]],
    ],
    [["orders"], [["spot"], ["options"], ["paged"]]],
    [
      ["balances", "positions", "orders"],
      [["wallet"], ["exchange"], ["demo"], ["options"], ["spot"], ["earn"], ["futures"], ["paged"]],
    ],
    [
      ["orders", "orders"],
      [["spot"], ["options"], ["paged"]],
    ],
    [["unknown"], []],
  ])("%o makes %o stale", (kinds, keys) => {
    const stale: unknown[] = [];
    invalidateFor({ invalidateQueries: (f: { queryKey: unknown }) => stale.push(f.queryKey) } as never, kinds);
    expect(stale).toEqual(keys);
  });

  it("screens poll only while the channel is down, and refresh everything when it opens or drops", () => {
    const { sockets, stale, client, restore } = fakeAccountSockets(0);
    const poll = pollUnlessLive<{ open: number }>(3_000, (d) => (d?.open ?? 0) > 0);
    try {
      const stop = startAccountFeed("token", client);
      expect(accountFeedLive()).toBe(false);
      expect(poll({ state: { data: { open: 2 } } })).toBe(3_000);
      expect(poll({ state: { data: { open: 0 } } })).toBe(false);

      sockets[0]?.onopen?.();
      expect(accountFeedLive()).toBe(true);
      expect(poll({ state: { data: { open: 2 } } })).toBe(false);
      expect(stale).toContainEqual(["options"]);

      stale.length = 0;
      sockets[0]?.onclose?.();
      expect(accountFeedLive()).toBe(false);
      expect(poll({ state: { data: { open: 2 } } })).toBe(3_000);
      expect(stale).toContainEqual(["futures"]);
      stop();
    } finally {
      restore();
    }
  });

  it("a staff KYC decision ('profile') reloads the profile and the verification data at once (issue 35 §5e)", () => {
    const { sockets, stale, client, restore } = fakeAccountSockets(1);
    let profiles = 0;
    try {
      const stop = startAccountFeed("token", client, () => profiles++);
      sockets[0]?.onmessage?.({ data: JSON.stringify({ type: "account", data: { kinds: ["balances"], at: 1 } }) });
      expect(profiles).toBe(0);
      stale.length = 0;
      sockets[0]?.onmessage?.({ data: JSON.stringify({ type: "account", data: { kinds: ["profile"], at: 2 } }) });
      expect(profiles).toBe(1);
      expect(stale).toEqual([["kyc"], ["loans", "identity"], ["loans", "info"]]);
      stop();
    } finally {
      restore();
    }
  });
});

/** WebSocket and location replaced by fakes for the account feed; `restore` puts the real ones back. */
function fakeAccountSockets(readyState: number) {
  type Fake = { onopen?: () => void; onclose?: () => void; onmessage?: (e: { data: string }) => void };
  const sockets: Fake[] = [];
  class FakeSocket implements Fake {
    static readonly OPEN = 1;
    readyState = readyState;
    onopen?: () => void;
    onclose?: () => void;
    onmessage?: (e: { data: string }) => void;
    constructor() {
      sockets.push(this);
    }
    send() {}
    close() {
      this.onclose?.();
    }
  }
  const globals = globalThis as unknown as { WebSocket: unknown; location: unknown };
  const saved = { WebSocket: globals.WebSocket, location: globals.location };
  globals.WebSocket = FakeSocket;
  globals.location = { protocol: "http:", host: "localhost" };
  const stale: unknown[] = [];
  const client = { invalidateQueries: (f: { queryKey: unknown }) => stale.push(f.queryKey) } as never;
  const restore = () => {
    globals.WebSocket = saved.WebSocket;
    globals.location = saved.location;
  };
  return { sockets, stale, client, restore };
}
