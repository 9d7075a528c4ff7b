// The private account channel: while logged in, one socket on /api/websocket/account
// (the session token as subprotocol) says when balances, positions or orders changed, and
// the matching server data is refetched — screens need not poll for it. Reconnects every
// 5 s while the page is open; a ping every 55 s keeps proxies from closing it, and one
// left unanswered replaces the socket (./socket-liveness.ts). Screens
// poll only while the channel is down (`pollUnlessLive`): when it drops, or when it
// comes back, every account query is refreshed once, so nothing is missed in between.
import { accountFeedPaths } from "@candor/contract/paths";
import { pairLabel } from "@candor/domain";
import type { QueryClient } from "@tanstack/react-query";
import { plainAmount } from "./format";
import { i18n } from "./i18n";
import { dropDeadSocket, type Liveness, watchLiveness } from "./socket-liveness";
import { showToast } from "./toast";

export const ACCOUNT_WS_PATH = accountFeedPaths.socket;
/** A window event for each fired price alert on the account socket (detail: the notice). */
export const PRICE_ALERT_EVENT = "candor:price-alert";

export interface PriceAlertNotice {
  alertId: number;
  symbol: string;
  kind: string;
  value: string;
  price: string;
  url: string;
}

function showPriceAlert(n: PriceAlertNotice): void {
  if (!n || typeof n.symbol !== "string") return;
  showToast(i18n.t("alerts:toast", { symbol: pairLabel(n.symbol), price: plainAmount(n.price) }), undefined, 4000);
}
const RECONNECT_MS = 5_000;
const PING_MS = 55_000;

/** Query keys (prefixes) that each kind of change makes stale. */
export const STALE_BY_KIND: Record<string, string[][]> = {
  // Every ledger movement: a settled option, a filled spot order, a deposit confirmed, a
  // withdrawal paid, an earn income all move money, so their screens refresh with it.
  balances: [["wallet"], ["exchange"], ["demo"], ["options"], ["spot"], ["earn"], ["futures", "summary"]],
  positions: [["futures"], ["wallet", "assets"]],
  orders: [["spot"], ["options"], ["paged"]],
  // Staff decided an identity submission: the verification screens and the loan identity
  // check (its KYC level and prefill); the stored profile is reloaded too (onProfile).
  profile: [["kyc"], ["loans", "identity"], ["loans", "info"]],
};
const ALL_KINDS = Object.keys(STALE_BY_KIND);

let live = false;

/** Whether the account channel is connected now (then account screens need not poll). */
export const accountFeedLive = () => live;

/**
 * A react-query `refetchInterval` that polls every `ms` only while the account channel is
 * down and `when` (of the query's data) holds.
 */
export const pollUnlessLive =
  <T>(ms: number, when: (data: T | undefined) => boolean = () => true) =>
  (query: { state: { data: T | undefined } }): number | false =>
    !live && when(query.state.data) ? ms : false;

/**
 * The query key prefixes `kinds` make stale, each once, leaving out a key another one
 * already covers (["futures"] covers ["futures", "summary"]): invalidating a query that is
 * being refetched cancels that request and sends another.
 */
export function staleKeys(kinds: readonly string[]): string[][] {
  const keys = kinds.flatMap((kind) => STALE_BY_KIND[kind] ?? []);
  const covers = (a: string[], b: string[]) => a.length <= b.length && a.every((part, i) => part === b[i]);
  // Dropped: a key a shorter one covers, and a repeat of an earlier one.
  return keys.filter(
    (key, i) => !keys.some((other, j) => j !== i && covers(other, key) && (other.length < key.length || j < i)),
  );
}

export function invalidateFor(client: Pick<QueryClient, "invalidateQueries">, kinds: readonly string[]): void {
  for (const queryKey of staleKeys(kinds)) void client.invalidateQueries({ queryKey });
}

/**
 * Opens the channel for this session; returns the function that closes it. `onProfile` runs
 * when the customer's own record changed (a staff KYC decision): the app reloads the profile.
 */
export function startAccountFeed(
  token: string,
  client: Pick<QueryClient, "invalidateQueries">,
  onProfile: () => unknown = () => undefined,
): () => void {
  let socket: WebSocket | null = null;
  let retry: ReturnType<typeof setTimeout> | undefined;
  let liveness: Liveness | undefined;
  let stopped = false;
  const connect = () => {
    if (stopped) return;
    const url = `${location.protocol === "https:" ? "wss" : "ws"}://${location.host}${ACCOUNT_WS_PATH}`;
    const ws = new WebSocket(url, [token]);
    socket = ws;
    ws.onopen = () => {
      live = true;
      invalidateFor(client, ALL_KINDS);
      liveness = watchLiveness({
        pingMs: PING_MS,
        ping: () => ws.readyState === WebSocket.OPEN && ws.send("ping"),
        onDead: () => dropDeadSocket(ws, closed),
      });
    };
    ws.onmessage = (e) => {
      liveness?.heard();
      if (typeof e.data !== "string" || e.data === "pong") return;
      try {
        const m = JSON.parse(e.data) as { type?: string; data?: { kinds?: string[]; code?: number } };
        if (m.type === "account") {
          const kinds = m.data?.kinds ?? [];
          invalidateFor(client, kinds);
          // /my reads the verification status from the stored profile: load it again now.
          if (kinds.includes("profile")) void onProfile();
        }
        // A price alert fired (modules/alerts): a toast while the app is open, the list and the inbox refetched.
        if (m.type === "alert") {
          void client.invalidateQueries({ queryKey: ["alerts"] });
          window.dispatchEvent(new CustomEvent(PRICE_ALERT_EVENT, { detail: m.data }));
          showPriceAlert(m.data as unknown as PriceAlertNotice);
        }
        if (m.type === "error") stopped = true; // token no longer valid: the next login opens a new one
      } catch {}
    };
    const closed = () => {
      liveness?.stop();
      if (live) {
        live = false;
        invalidateFor(client, ALL_KINDS);
      }
      if (!stopped) retry = setTimeout(connect, RECONNECT_MS);
    };
    ws.onclose = closed;
  };
  connect();
  return () => {
    stopped = true;
    live = false;
    clearTimeout(retry);
    liveness?.stop();
    socket?.close();
  };
}
