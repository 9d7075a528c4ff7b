// The support chat's socket while the app is open (issue 39 §2), not only on the chat
// screen: an agent's message plays the notification sound (volume 0.7; never for a recall
// or a read mark) and updates the unread badge on whatever screen is showing. Started by
// the session background (after the first screen) under the device's chat identity: the
// customer's session when logged in — a login restarts it under the customer — or the
// guest token a guest already has. A device without any chat identity (never opened the
// chat, or just logged out) has no conversation an agent could write to, so it opens no
// socket and makes no guest identity until the chat screen does (docs/product.md).
// The chat screen listens here instead of opening a second socket.
import type { ChatSocketEvent } from "@candor/contract";
import { ApiError } from "./api-client";
import { ChatConnection, type ConnectionState } from "./chat-connection";
import { chatToken, ensureChatToken } from "./chat-session";
import { refreshChatUnread } from "./chat-unread";

export const SOUND_URL = "/sounds/chat.wav";
export const SOUND_VOLUME = 0.7;

const eventListeners = new Set<(e: ChatSocketEvent) => void>();
const stateListeners = new Set<(s: ConnectionState) => void>();
let state: ConnectionState = "closed";
let current: ChatConnection | null = null;
/** The chat screen is showing: it marks messages read itself, so the badge is not refreshed here. */
let screenOpen = false;

export function playChatSound(): void {
  try {
    const audio = new Audio(SOUND_URL);
    audio.volume = SOUND_VOLUME;
    void audio.play().catch(() => {});
  } catch {}
  // Lets tests (and anything else on the page) see that a notification sound played.
  window.dispatchEvent(new CustomEvent("candor:chat-sound", { detail: { volume: SOUND_VOLUME } }));
}

function onEvent(e: ChatSocketEvent): void {
  if (e.type === "message" && e.data.sender === "agent") {
    playChatSound();
    if (!screenOpen) void refreshChatUnread();
  }
  for (const listener of eventListeners) listener(e);
}

function setState(next: ConnectionState): void {
  state = next;
  for (const listener of stateListeners) listener(next);
}

/**
 * The token to connect with. A refused one (a guest whose new identity needs the security
 * check first) stops the socket instead of asking again every 5 s; the chat screen opens
 * it again once the check is passed.
 */
async function identity(): Promise<string> {
  try {
    return await ensureChatToken();
  } catch (err) {
    if (err instanceof ApiError && err.code >= 400 && err.code < 500) stopChatLive();
    throw err;
  }
}

/** Open the socket if this device has a chat identity and none is open; returns the stop function. */
export function startChatLive(): () => void {
  if (!current && chatToken()) {
    const connection = new ChatConnection(identity, onEvent, setState);
    current = connection;
    connection.start();
  }
  return stopChatLive;
}

export function stopChatLive(): void {
  current?.stop();
  current = null;
  setState("closed");
}

/** The chat screen: its events and connection state while it is shown (the socket opens if it was not). */
export function listenToChat(
  listener: (e: ChatSocketEvent) => void,
  onState: (s: ConnectionState) => void,
): () => void {
  screenOpen = true;
  eventListeners.add(listener);
  stateListeners.add(onState);
  onState(state);
  return () => {
    screenOpen = false;
    eventListeners.delete(listener);
    stateListeners.delete(onState);
  };
}
