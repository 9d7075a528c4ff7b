// Every websocket of the app (market, account, chat) notices when it is dead: after each
// ping a pong — or any other frame — must arrive within PONG_TIMEOUT_MS, else the owner is
// told the socket is dead, drops it and reconnects. A connection that stays open but
// carries nothing (a proxy that silently lost the peer, a suspended radio) is replaced
// instead of showing stale prices or missing chat messages (issue 39 §3; the seed's
// helper: ping interval, pong timeout, reconnect delay).

/** How long after a ping the socket may stay silent before it counts as dead. */
export const PONG_TIMEOUT_MS = 10_000;

export interface Liveness {
  /** A frame arrived: the socket is alive (call it from onmessage, pongs included). */
  heard(): void;
  /** Stop pinging and waiting (the socket closed or its owner stopped). */
  stop(): void;
}

export function watchLiveness(options: {
  pingMs: number;
  pongTimeoutMs?: number;
  ping: () => void;
  onDead: () => void;
}): Liveness {
  let deadline: ReturnType<typeof setTimeout> | undefined;
  const interval = setInterval(() => {
    options.ping();
    deadline ??= setTimeout(() => {
      stop();
      options.onDead();
    }, options.pongTimeoutMs ?? PONG_TIMEOUT_MS);
  }, options.pingMs);
  const stop = () => {
    clearInterval(interval);
    clearTimeout(deadline);
    deadline = undefined;
  };
  return {
    heard: () => {
      clearTimeout(deadline);
      deadline = undefined;
    },
    stop,
  };
}

/**
 * Drop a socket found dead: its handlers are detached first (a close handshake on a dead
 * connection can take minutes to report), then `closed` runs what onclose would have.
 */
export function dropDeadSocket(ws: WebSocket, closed: () => void): void {
  ws.onopen = null;
  ws.onmessage = null;
  ws.onclose = null;
  ws.onerror = null;
  try {
    ws.close();
  } catch {}
  closed();
}
