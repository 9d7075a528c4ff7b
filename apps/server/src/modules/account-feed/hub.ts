// Sockets of /api/websocket/account on this node, by customer. Events arrive from the
// bus ("account.event"), so a change made through any node reaches the socket on this one.
import type WebSocket from "ws";
import type { AccountEvent } from "./events";

const OPEN = 1;
/** Close code of a socket whose access ended (logout, revoked session, …). */
export const ACCESS_ENDED_CLOSE_CODE = 4401;

/** Whether the credential a socket was opened with is still good (re-checked when access is revoked). */
export type StillValid = () => Promise<boolean>;

export class AccountHub {
  private readonly sockets = new Map<number, Set<WebSocket>>();
  private readonly heartbeat: NodeJS.Timeout;
  private readonly alive = new WeakMap<WebSocket, boolean>();
  private readonly checks = new WeakMap<WebSocket, StillValid>();
  delivered = 0;

  constructor(heartbeatMs = 30_000) {
    this.heartbeat = setInterval(() => this.sweep(), heartbeatMs);
    this.heartbeat.unref();
  }

  attach(socket: WebSocket, userId: number, stillValid: StillValid = async () => true): void {
    this.checks.set(socket, stillValid);
    let set = this.sockets.get(userId);
    if (!set) {
      set = new Set();
      this.sockets.set(userId, set);
    }
    set.add(socket);
    this.alive.set(socket, true);
    socket.on("pong", () => this.alive.set(socket, true));
    socket.on("message", (data) => {
      this.alive.set(socket, true);
      const text = data.toString();
      if (text === "ping") socket.send("pong");
      else if (text.includes('"ping"')) socket.send(JSON.stringify({ type: "pong" }));
    });
    socket.on("close", () => {
      set.delete(socket);
      if (set.size === 0) this.sockets.delete(userId);
    });
    socket.on("error", () => socket.terminate());
  }

  /** Customers with an open socket on this node. */
  users(): number[] {
    return [...this.sockets.keys()];
  }

  /** Another kind of frame for the customer's open sockets on this node (e.g. a fired price alert). */
  notice(userId: number, type: string, data: unknown): void {
    const set = this.sockets.get(userId);
    if (!set) return;
    const frame = JSON.stringify({ type, data });
    for (const s of set) {
      if (s.readyState !== OPEN) continue;
      s.send(frame);
      this.delivered++;
    }
  }

  deliver(e: AccountEvent): void {
    const set = this.sockets.get(e.userId);
    if (!set) return;
    const frame = JSON.stringify({ type: "account", data: { kinds: e.kinds, at: e.at } });
    for (const s of set) {
      if (s.readyState !== OPEN) continue;
      s.send(frame);
      this.delivered++;
    }
  }

  /**
   * A customer's access changed: close their sockets whose session no longer resolves (a
   * failed check closes too: access is not kept on a doubt).
   */
  async revalidate(userId: number): Promise<void> {
    const set = this.sockets.get(userId);
    if (!set) return;
    await Promise.all(
      [...set].map(async (s) => {
        const ok = await (this.checks.get(s) ?? (async () => false))().catch(() => false);
        if (!ok) s.close(ACCESS_ENDED_CLOSE_CODE, "session ended");
      }),
    );
  }

  stop(): void {
    clearInterval(this.heartbeat);
    for (const set of this.sockets.values()) for (const s of set) s.terminate();
    this.sockets.clear();
  }

  private sweep() {
    for (const set of this.sockets.values()) {
      for (const s of set) {
        if (!this.alive.get(s)) {
          s.terminate();
          continue;
        }
        this.alive.set(s, false);
        if (s.readyState === OPEN) s.ping();
      }
    }
  }
}
