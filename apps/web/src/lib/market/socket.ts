// One shared connection to /api/websocket/market. Screens subscribe to channels with a
// handler; channels are reference-counted, re-subscribed after a reconnect, and the
// connection pings to stay alive and is replaced when a ping goes unanswered
// (../socket-liveness.ts). Pings and pongs never reach the UI. The first connection
// waits for the first screen (lib/idle.ts): the prices it shows come from the REST list.
import { marketPaths } from "@candor/contract/paths";
import { afterFirstScreen } from "../idle";
import { dropDeadSocket, type Liveness, watchLiveness } from "../socket-liveness";

type Handler = (data: unknown) => void;

export const RECONNECT_DELAY_MS = 5_000;
export const HEARTBEAT_MS = 20_000;

export function marketSocketUrl(loc: Pick<Location, "protocol" | "host"> = window.location): string {
  return `${loc.protocol === "https:" ? "wss" : "ws"}://${loc.host}${marketPaths.websocket}`;
}

export class MarketSocket {
  private ws: WebSocket | null = null;
  private readonly handlers = new Map<string, Set<Handler>>();
  private reconnectTimer: ReturnType<typeof setTimeout> | undefined;
  private liveness: Liveness | undefined;
  private readonly statusListeners = new Set<(open: boolean) => void>();
  open = false;
  /** Set once the first connection may start (`startGate` resolved). */
  private started = false;
  private starting: Promise<void> | undefined;

  constructor(
    private readonly url: () => string = () => marketSocketUrl(),
    private readonly startGate: () => Promise<void> = afterFirstScreen,
  ) {}

  subscribe(channels: string[], handler: Handler): () => void {
    const added: string[] = [];
    for (const channel of channels) {
      let set = this.handlers.get(channel);
      if (!set) {
        set = new Set();
        this.handlers.set(channel, set);
        added.push(channel);
      }
      set.add(handler);
    }
    this.ensureConnected();
    if (added.length > 0) this.send({ op: "subscribe", channels: added });
    return () => {
      const removed: string[] = [];
      for (const channel of channels) {
        const set = this.handlers.get(channel);
        if (!set) continue;
        set.delete(handler);
        if (set.size === 0) {
          this.handlers.delete(channel);
          removed.push(channel);
        }
      }
      if (removed.length > 0) this.send({ op: "unsubscribe", channels: removed });
    };
  }

  onStatus(listener: (open: boolean) => void): () => void {
    this.statusListeners.add(listener);
    return () => this.statusListeners.delete(listener);
  }

  private setOpen(open: boolean) {
    this.open = open;
    for (const l of this.statusListeners) l(open);
  }

  private send(message: unknown) {
    if (this.ws?.readyState === WebSocket.OPEN) this.ws.send(JSON.stringify(message));
  }

  private ensureConnected() {
    if (this.ws || this.reconnectTimer) return;
    if (!this.started) {
      this.starting ??= this.startGate().then(() => {
        this.started = true;
        if (this.handlers.size > 0) this.ensureConnected();
      });
      return;
    }
    const ws = new WebSocket(this.url());
    this.ws = ws;
    ws.onopen = () => {
      this.setOpen(true);
      const channels = [...this.handlers.keys()];
      // The server accepts up to 200 channels per message.
      for (let i = 0; i < channels.length; i += 200)
        this.send({ op: "subscribe", channels: channels.slice(i, i + 200) });
      this.liveness = watchLiveness({
        pingMs: HEARTBEAT_MS,
        ping: () => this.send({ op: "ping" }),
        onDead: () => dropDeadSocket(ws, closed),
      });
    };
    ws.onmessage = (event) => {
      this.liveness?.heard();
      let message: { channel?: string; data?: unknown; op?: string };
      try {
        message = JSON.parse(String(event.data));
      } catch {
        return;
      }
      if (!message.channel) return; // acks, pongs, errors
      const set = this.handlers.get(message.channel);
      if (set) for (const handler of set) handler(message.data);
    };
    const closed = () => {
      this.liveness?.stop();
      this.liveness = undefined;
      if (this.ws !== ws) return;
      this.ws = null;
      this.setOpen(false);
      if (this.handlers.size > 0) {
        this.reconnectTimer = setTimeout(() => {
          this.reconnectTimer = undefined;
          this.ensureConnected();
        }, RECONNECT_DELAY_MS);
      }
    };
    ws.onclose = closed;
    ws.onerror = () => ws.close();
  }
}

export const marketSocket = new MarketSocket();
