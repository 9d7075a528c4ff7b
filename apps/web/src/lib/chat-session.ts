// Support chat identity on this device: the customer's session token when logged in,
// otherwise a guest chat token (a random secret from POST /api/chat/guest, kept in
// local storage). The device id sent with it is only a hint; the token is what opens the
// conversation. After login the guest conversation is merged into the account; logout
// clears local storage, so the app becomes a new chat guest.
import type { BodyOf, ChatConversation, EndpointAt, Envelope, PathsOf, QueryOf, ResultOf } from "@candor/contract";
import { chatPaths } from "@candor/contract/paths";
import { useUserStore } from "../stores/user";
import { ApiError } from "./api-client";
import { currentLang, i18n } from "./i18n";

export const CHAT_GUEST_KEY = "candor-chat-guest";
export const CHAT_DEVICE_KEY = "candor-chat-device";

/** The chat paths (the contract's route table). */
export const CHAT_PATHS = chatPaths;

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

/** How long a chat call may take before it gives up (the seed's chat timeout). */
export const CHAT_TIMEOUT_MS = 30_000;

type ChatCall<M extends "GET" | "POST", P extends string> = EndpointAt<M, P>;

/**
 * A chat call with the chat token (an endpoint of the contract's table: body, query and
 * result typed); failures throw ApiError with the server's message.
 */
export async function chatFetch<M extends "GET" | "POST", P extends PathsOf<M>>(
  method: M,
  path: P,
  body?: BodyOf<ChatCall<M, P>>,
  token = chatToken(),
  query?: QueryOf<ChatCall<M, P>>,
): Promise<ResultOf<ChatCall<M, P>>> {
  type T = ResultOf<ChatCall<M, P>>;
  const headers: Record<string, string> = { "X-Lang": currentLang(), Accept: "application/json" };
  if (token) headers["X-Access-Token"] = token;
  if (body !== undefined) headers["Content-Type"] = "application/json";
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query ?? {})) if (v !== undefined && v !== null) params.set(k, String(v));
  const qs = params.toString();
  const url = qs ? `${path}?${qs}` : path;
  // The seed's chat client gives up after 30 s: a call that hangs ends with the timeout text.
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort("timeout"), CHAT_TIMEOUT_MS);
  let response: Response;
  let envelope: Envelope<T> | null = null;
  try {
    response = await fetch(url, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: controller.signal,
    });
    try {
      envelope = (await response.json()) as Envelope<T>;
    } catch {}
  } catch {
    const timedOut = controller.signal.reason === "timeout";
    throw new ApiError(
      0,
      i18n.t(timedOut ? "common:timeout" : "common:networkError"),
      timedOut ? "timeout" : "network",
    );
  } finally {
    clearTimeout(timer);
  }
  if (envelope?.success) return envelope.result;
  throw new ApiError(
    envelope?.code ?? response.status,
    envelope?.message || i18n.t("common:error"),
    "api",
    response.headers,
  );
}

/** A solved security check for the next guest token (the server asks for one after a few from one address). */
let guestCaptcha: string | null = null;
export function setGuestChatCaptcha(payload: string | null) {
  guestCaptcha = payload;
}

let ensuring: Promise<string> | null = null;

/**
 * A valid chat token: verify the current one (1 valid, 2 invalid); when invalid, take a
 * guest token and verify again — the seed client's flow.
 */
export function ensureChatToken(): Promise<string> {
  ensuring ??= (async () => {
    const current = chatToken();
    if (current && (await chatFetch("POST", CHAT_PATHS.verify, undefined, current)) === 1) return current;
    const captcha = guestCaptcha;
    guestCaptcha = null; // a check is good for one try
    const { token } = await chatFetch(
      "POST",
      CHAT_PATHS.guest,
      { deviceId: chatDeviceId(), ...(captcha ? { captcha } : {}) },
      null,
    );
    if ((await chatFetch("POST", CHAT_PATHS.verify, undefined, token)) !== 1) {
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
  return chatFetch("GET", CHAT_PATHS.conversation);
}
