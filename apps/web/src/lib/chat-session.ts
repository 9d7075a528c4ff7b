// Support chat identity on this device: the customer's session token when logged in,
// otherwise a guest chat token (a random secret from POST /api/chat/guest, kept in
// local storage). The device id sent with it is only a hint; the token is what opens the
// conversation. After login the guest conversation is merged into the account; logout
// clears local storage, so the app becomes a new chat guest.
import type { ChatConversation, Envelope } from "@candor/contract";
import { useUserStore } from "../stores/user";
import { ApiError } from "./api-client";
import { currentLang, i18n } from "./i18n";

export const CHAT_GUEST_KEY = "candor-chat-guest";
export const CHAT_DEVICE_KEY = "candor-chat-device";

export const CHAT_PATHS = {
  guest: "/api/chat/guest",
  verify: "/api/chat/verify",
  send: "/api/chat/customer-to-service",
  list: "/api/chat/chatMessage/list/me",
  conversation: "/api/chat/conversation/me",
  read: "/api/chat/message/read/me",
  recall: "/api/chat/message/recall",
  merge: "/api/chat/merge",
  upload: "/api/chat/upload",
} as const;

function storage(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

export function chatDeviceId(): string {
  let id = storage(CHAT_DEVICE_KEY);
  if (!id) {
    id = crypto.randomUUID();
    try {
      localStorage.setItem(CHAT_DEVICE_KEY, id);
    } catch {}
  }
  return id;
}

/** The token chat calls use now (null: none yet). */
export function chatToken(): string | null {
  return useUserStore.getState().token ?? storage(CHAT_GUEST_KEY);
}

/** A chat call with the chat token; failures throw ApiError with the server's message. */
export async function chatFetch<T>(method: "GET" | "POST", path: string, body?: unknown, token = chatToken()) {
  const headers: Record<string, string> = { "X-Lang": currentLang(), Accept: "application/json" };
  if (token) headers["X-Access-Token"] = token;
  if (body !== undefined) headers["Content-Type"] = "application/json";
  let response: Response;
  try {
    response = await fetch(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  } catch {
    throw new ApiError(0, i18n.t("common:networkError"), "network");
  }
  let envelope: Envelope<T> | null = null;
  try {
    envelope = (await response.json()) as Envelope<T>;
  } catch {}
  if (envelope?.success) return envelope.result;
  throw new ApiError(envelope?.code ?? response.status, envelope?.message || i18n.t("common:error"));
}

let ensuring: Promise<string> | null = null;

/**
 * A valid chat token: verify the current one (1 valid, 2 invalid); when invalid, take a
 * guest token and verify again — the seed client's flow.
 */
export function ensureChatToken(): Promise<string> {
  ensuring ??= (async () => {
    const current = chatToken();
    if (current && (await chatFetch<number>("POST", CHAT_PATHS.verify, undefined, current)) === 1) return current;
    const { token } = await chatFetch<{ token: string }>("POST", CHAT_PATHS.guest, { deviceId: chatDeviceId() }, null);
    if ((await chatFetch<number>("POST", CHAT_PATHS.verify, undefined, token)) !== 1) {
      throw new ApiError(401, i18n.t("common:error"));
    }
    // A logged-in customer whose session is no longer valid chats as a guest until they log in again.
    localStorage.setItem(CHAT_GUEST_KEY, token);
    if (useUserStore.getState().token === current && current !== null && !current.startsWith("cg_")) {
      useUserStore.getState().clearSession();
    }
    return token;
  })().finally(() => {
    ensuring = null;
  });
  return ensuring;
}

/**
 * After login or registration: the guest conversation of this device joins the account.
 * Called with the new session token before the app starts using it (see completeLogin).
 */
export async function mergeGuestChat(token: string): Promise<void> {
  const guestToken = storage(CHAT_GUEST_KEY);
  if (!guestToken) return;
  try {
    await chatFetch("POST", CHAT_PATHS.merge, { guestToken }, token);
  } catch {
    // already merged or expired: nothing to move
  }
  localStorage.removeItem(CHAT_GUEST_KEY);
}

export function fetchChatConversation(): Promise<ChatConversation> {
  return chatFetch<ChatConversation>("GET", CHAT_PATHS.conversation);
}
