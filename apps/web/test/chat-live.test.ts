// Issue 39 §2: the support chat's socket is open on every screen while the app is: an
// agent's message plays the sound (0.7) and refreshes the unread badge wherever the
// customer is; a recall or a read mark does not; the chat screen listens to the same
// socket; a device without a chat identity opens none.
import type { ChatMessage } from "@candor/contract";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { listenToChat, SOUND_VOLUME, startChatLive, stopChatLive } from "../src/lib/chat-live";
import { CHAT_GUEST_KEY } from "../src/lib/chat-session";
import { useChatUnread } from "../src/lib/chat-unread";

class FakeSocket {
  static readonly OPEN = 1;
  static all: FakeSocket[] = [];
  readyState = 0;
  onopen: (() => void) | null = null;
  onclose: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onmessage: ((e: { data: string }) => void) | null = null;
  constructor(
    readonly url: string,
    readonly protocols: string[],
  ) {
    FakeSocket.all.push(this);
  }
  send() {}
  close() {}
}

const agentMessage = (id: number): ChatMessage =>
  ({
    id,
    sender: "agent",
    type: "text",
    content: "Hello",
    clientMsgId: null,
    createdAt: "2026-11-25T10:00:00.000Z",
    recalled: false,
    readByCustomer: false,
    readByAgent: true,
  }) as unknown as ChatMessage;

const globals = globalThis as unknown as { WebSocket: unknown; Audio: unknown };
let sounds: number[] = [];
const onSound = (e: Event) => sounds.push((e as CustomEvent<{ volume: number }>).detail.volume);
let saved: { WebSocket: unknown; Audio: unknown };

beforeEach(() => {
  FakeSocket.all = [];
  sounds = [];
  saved = { WebSocket: globals.WebSocket, Audio: globals.Audio };
  globals.WebSocket = FakeSocket;
  globals.Audio = class {
    volume = 1;
    play() {
      return Promise.resolve();
    }
  };
  window.addEventListener("candor:chat-sound", onSound);
  localStorage.clear();
  useChatUnread.getState().set(0);
  // The chat API: the token verifies (1), the conversation has 3 unread.
  vi.spyOn(globalThis, "fetch").mockImplementation(async (url) => {
    const result = String(url).includes("verify") ? 1 : { id: 7, unread: 3 };
    return new Response(JSON.stringify({ success: true, code: 200, message: "", result }), {
      headers: { "Content-Type": "application/json" },
    });
  });
});
afterEach(() => {
  stopChatLive();
  vi.restoreAllMocks();
  window.removeEventListener("candor:chat-sound", onSound);
  globals.WebSocket = saved.WebSocket;
  globals.Audio = saved.Audio;
});

async function openLive(): Promise<FakeSocket> {
  localStorage.setItem(CHAT_GUEST_KEY, "cg_guest-token");
  startChatLive();
  await vi.waitFor(() => expect(FakeSocket.all).toHaveLength(1));
  const socket = FakeSocket.all[0] as FakeSocket;
  socket.readyState = 1;
  socket.onopen?.();
  return socket;
}

describe("the chat socket while the app is open", () => {
  it("a device without a chat identity opens no socket", () => {
    startChatLive();
    expect(FakeSocket.all).toHaveLength(0);
  });

  it("opens under the device's guest token", async () => {
    const socket = await openLive();
    expect(socket.protocols).toEqual(["cg_guest-token"]);
  });

  it("an agent's message on another screen plays the sound at 0.7 and refreshes the badge", async () => {
    const socket = await openLive();
    socket.onmessage?.({ data: JSON.stringify({ type: "message", data: agentMessage(1) }) });
    expect(sounds).toEqual([SOUND_VOLUME]);
    expect(SOUND_VOLUME).toBe(0.7);
    await vi.waitFor(() => expect(useChatUnread.getState().count).toBe(3));
  });

  it.each([
    ["a recall", { type: "recall", data: { id: 1 } }],
    ["a read mark", { type: "read", data: { by: "agent", upTo: 1 } }],
    ["the customer's own message", { type: "message", data: { ...agentMessage(2), sender: "customer" } }],
  ])("%s plays no sound", async (_, frame) => {
    const socket = await openLive();
    socket.onmessage?.({ data: JSON.stringify(frame) });
    expect(sounds).toEqual([]);
  });

  it("the chat screen hears the same socket, and the badge is left to it while it is open", async () => {
    const socket = await openLive();
    const events: string[] = [];
    const states: string[] = [];
    const stop = listenToChat(
      (e) => events.push(e.type),
      (s) => states.push(s),
    );
    expect(states).toEqual(["open"]);
    socket.onmessage?.({ data: JSON.stringify({ type: "message", data: agentMessage(3) }) });
    expect(events).toEqual(["message"]);
    expect(sounds).toHaveLength(1);
    expect(FakeSocket.all).toHaveLength(1);
    expect(useChatUnread.getState().count).toBe(0);
    stop();
  });
});
