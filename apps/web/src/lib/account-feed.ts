// The private account channel: while logged in, one socket on /api/websocket/account
// (the session token as subprotocol) says when balances, positions or orders changed, and
// the matching server data is refetched — screens need not poll for it. Reconnects every
// 5 s while the page is open; a ping every 55 s keeps proxies from closing it.
import type { QueryClient } from "@tanstack/react-query";

export const ACCOUNT_WS_PATH = "/api/websocket/account";
const RECONNECT_MS = 5_000;
const PING_MS = 55_000;

/** Query keys (prefixes) that each kind of change makes stale. */
export const STALE_BY_KIND: Record<string, string[][]> = {
  balances: [["wallet"], ["exchange"], ["demo"]],
  positions: [["futures"], ["wallet", "assets"]],
  orders: [["spot"], ["options"], ["paged"]],
};

export function invalidateFor(client: Pick<QueryClient, "invalidateQueries">, kinds: readonly string[]): void {
  for (const kind of kinds) {
    for (const queryKey of STALE_BY_KIND[kind] ?? []) void client.invalidateQueries({ queryKey });
  }
}

/** Opens the channel for this session; returns the function that closes it. */
export function startAccountFeed(token: string, client: Pick<QueryClient, "invalidateQueries">): () => void {
  let socket: WebSocket | null = null;
  let retry: ReturnType<typeof setTimeout> | undefined;
  let ping: ReturnType<typeof setInterval> | undefined;
  let stopped = false;
  const connect = () => {
    if (stopped) return;
    const url = `${location.protocol === "https:" ? "wss" : "ws"}://${location.host}${ACCOUNT_WS_PATH}`;
    const ws = new WebSocket(url, [token]);
    socket = ws;
    ws.onopen = () => {
      ping = setInterval(() => ws.readyState === WebSocket.OPEN && ws.send("ping"), PING_MS);
    };
    ws.onmessage = (e) => {
      if (typeof e.data !== "string" || e.data === "pong") return;
      try {
        const m = JSON.parse(e.data) as { type?: string; data?: { kinds?: string[]; code?: number } };
        if (m.type === "account") invalidateFor(client, m.data?.kinds ?? []);
        if (m.type === "error") stopped = true; // token no longer valid: the next login opens a new one
      } catch {}
    };
    ws.onclose = () => {
      clearInterval(ping);
      if (!stopped) retry = setTimeout(connect, RECONNECT_MS);
    };
  };
  connect();
  return () => {
    stopped = true;
    clearTimeout(retry);
    clearInterval(ping);
    socket?.close();
  };
}
