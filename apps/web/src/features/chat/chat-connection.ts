// The chat socket: /api/websocket/chat/ with the chat token as subprotocol. Heartbeat
// `ping` every 55 s (its `pong` is never shown), reconnect every 5 s up to 10,000 tries,
// a fresh token check before each try (a dead token becomes a guest token).
import type { ChatSocketEvent } from "@candor/contract";
import { CHAT_WS_PATH } from "@candor/contract";

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
  private heartbeat?: ReturnType<typeof setInterval>;
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
    clearInterval(this.heartbeat);
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
    const url = `${location.protocol === "https:" ? "wss" : "ws"}://${location.host}${CHAT_WS_PATH}`;
    const socket = new WebSocket(url, [token]);
    this.socket = socket;
    socket.onopen = () => {
      this.tries = 0;
      this.onState("open");
      clearInterval(this.heartbeat);
      this.heartbeat = setInterval(() => socket.readyState === WebSocket.OPEN && socket.send("ping"), HEARTBEAT_MS);
    };
    socket.onmessage = (e) => {
      const event = parseFrame(e.data);
      if (event) this.onEvent(event);
    };
    socket.onclose = () => {
      clearInterval(this.heartbeat);
      if (this.socket !== socket) return;
      this.socket = null;
      this.onState("closed");
      this.scheduleRetry();
    };
  }

  private scheduleRetry(): void {
    if (this.stopped || this.tries >= MAX_RECONNECTS) return;
    this.tries++;
    clearTimeout(this.retry);
    this.retry = setTimeout(() => void this.connect(), RECONNECT_MS);
  }
}
