// The chat socket: /api/websocket/chat/ with the chat token as subprotocol. Heartbeat
// `ping` every 55 s (its `pong` is never shown; one left unanswered replaces the socket,
// lib/socket-liveness.ts), reconnect every 5 s up to 10,000 tries,
// a fresh token check before each try (a dead token becomes a guest token).
import type { ChatSocketEvent } from "@candor/contract";
import { chatPaths } from "@candor/contract/paths";
import { dropDeadSocket, type Liveness, watchLiveness } from "./socket-liveness";

export const HEARTBEAT_MS = 55_000;
export const RECONNECT_MS = 5_000;
export const MAX_RECONNECTS = 10_000;

export type ConnectionState = "connecting" | "open" | "closed";

/** A socket frame → the event to show, or null (pong, errors, anything unknown). */
export function parseFrame(data: unknown): ChatSocketEvent | null {
  if (typeof data !== "string" || data === "pong") return null;
  try {
    const v = JSON.parse(data) as { type?: unknown };
    return v.type === "message" || v.type === "recall" || v.type === "read" ? (v as ChatSocketEvent) : null;
  } catch {
    return null;
  }
}

export class ChatConnection {
  private socket: WebSocket | null = null;
  private liveness?: Liveness;
  private retry?: ReturnType<typeof setTimeout>;
  private tries = 0;
  private stopped = false;

  constructor(
    private readonly token: () => Promise<string>,
    private readonly onEvent: (e: ChatSocketEvent) => void,
    private readonly onState: (s: ConnectionState) => void,
  ) {}

  start(): void {
    this.stopped = false;
    void this.connect();
  }

  stop(): void {
    this.stopped = true;
    this.liveness?.stop();
    clearTimeout(this.retry);
    this.socket?.close();
    this.socket = null;
  }

  private async connect(): Promise<void> {
    if (this.stopped) return;
    this.onState("connecting");
    let token: string;
    try {
      token = await this.token();
    } catch {
      this.scheduleRetry();
      return;
    }
    if (this.stopped) return;
    const url = `${location.protocol === "https:" ? "wss" : "ws"}://${location.host}${chatPaths.socket}`;
    const socket = new WebSocket(url, [token]);
    this.socket = socket;
    socket.onopen = () => {
      this.tries = 0;
      this.onState("open");
      this.liveness?.stop();
      this.liveness = watchLiveness({
        pingMs: HEARTBEAT_MS,
        ping: () => socket.readyState === WebSocket.OPEN && socket.send("ping"),
        onDead: () => dropDeadSocket(socket, closed),
      });
    };
    socket.onmessage = (e) => {
      this.liveness?.heard();
      const event = parseFrame(e.data);
      if (event) this.onEvent(event);
    };
    const closed = () => {
      if (this.socket !== socket) return;
      this.liveness?.stop();
      this.socket = null;
      this.onState("closed");
      this.scheduleRetry();
    };
    socket.onclose = closed;
  }

  private scheduleRetry(): void {
    if (this.stopped || this.tries >= MAX_RECONNECTS) return;
    this.tries++;
    clearTimeout(this.retry);
    this.retry = setTimeout(() => void this.connect(), RECONNECT_MS);
  }
}
