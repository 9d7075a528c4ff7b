// Chat sockets held by this node: customers' (/api/websocket/chat/, the chat token as
// subprotocol) by conversation, and agents' (/api/websocket/operator/chat). Events come
// from the bus ("chat.event"), so a message stored on any node reaches the sockets on
// every node. `ping` (text or {"type":"ping"}) is answered with `pong` in kind and
// refreshes presence; the server also pings at the protocol level and drops dead sockets.
import type WebSocket from "ws";
import type { ChatBusEvent } from "./service";

const OPEN = 1;
/** Presence is written at most this often per socket (the app pings every 55 s). */
const TOUCH_EVERY_MS = 30_000;

/** Close code of a socket whose access ended (logout, revoked session, merged guest, staff disabled). */
export const ACCESS_ENDED_CLOSE_CODE = 4401;

/** Who a socket speaks for (what a revocation names) and how to re-check its credential. */
export interface SocketOwner {
  userId?: number;
  guestId?: number;
  stillValid: () => Promise<boolean>;
}

interface Client {
  socket: WebSocket;
  alive: boolean;
  touchedAt: number;
  owner: SocketOwner;
}

const ALWAYS: SocketOwner = { stillValid: async () => true };

export interface HubHooks {
  /** Presence of a customer's socket (open: seen now; closed: last local socket gone). */
  customerPresence(conversationId: number, open: boolean): Promise<void>;
  agentPresence(agentId: number, open: boolean): Promise<void>;
  onError(err: unknown): void;
}

export class ChatHub {
  private readonly customers = new Map<number, Set<Client>>();
  private readonly agents = new Map<number, Set<Client>>();
  private readonly heartbeat: NodeJS.Timeout;
  /** Events delivered to local sockets (tests, bench). */
  delivered = 0;

  constructor(
    private readonly hooks: HubHooks,
    heartbeatMs = 30_000,
  ) {
    this.heartbeat = setInterval(() => this.sweep(), heartbeatMs);
    this.heartbeat.unref();
  }

  get customerSockets(): number {
    let n = 0;
    for (const set of this.customers.values()) n += set.size;
    return n;
  }

  attachCustomer(socket: WebSocket, conversationId: number, owner: SocketOwner = ALWAYS): void {
    this.attach(
      this.customers,
      conversationId,
      socket,
      (open) => this.hooks.customerPresence(conversationId, open),
      owner,
    );
  }

  attachAgent(socket: WebSocket, agentId: number, owner: SocketOwner = ALWAYS): void {
    this.attach(this.agents, agentId, socket, (open) => this.hooks.agentPresence(agentId, open), owner);
  }

  /**
   * Access was taken away: re-check the credential of every local socket it may concern (a
   * customer's or a guest's chat sockets; every agent socket for a staff change) and close
   * those that no longer pass (a failed check closes too).
   */
  async revalidate(e: { userId?: number; guestId?: number; staff?: boolean }): Promise<void> {
    const concerned: Client[] = [];
    for (const set of this.customers.values()) {
      for (const c of set) {
        if (
          (e.userId !== undefined && c.owner.userId === e.userId) ||
          (e.guestId !== undefined && c.owner.guestId === e.guestId)
        ) {
          concerned.push(c);
        }
      }
    }
    if (e.staff) for (const set of this.agents.values()) concerned.push(...set);
    await Promise.all(
      concerned.map(async (c) => {
        const ok = await c.owner.stillValid().catch(() => false);
        if (!ok) c.socket.close(ACCESS_ENDED_CLOSE_CODE, "session ended");
      }),
    );
  }

  /** Deliver one bus event to the local sockets it is for. */
  deliver(e: ChatBusEvent): void {
    const frame = JSON.stringify(e.event);
    if (e.toCustomer) {
      for (const c of this.customers.get(e.conversationId) ?? []) this.send(c, frame);
    }
    if (e.toAgents) {
      for (const set of this.agents.values()) for (const c of set) this.send(c, frame);
    }
  }

  stop(): void {
    clearInterval(this.heartbeat);
    for (const map of [this.customers, this.agents]) {
      for (const set of map.values()) for (const c of set) c.socket.terminate();
      map.clear();
    }
  }

  private send(c: Client, frame: string) {
    if (c.socket.readyState !== OPEN) return;
    c.socket.send(frame);
    this.delivered++;
  }

  private attach(
    map: Map<number, Set<Client>>,
    key: number,
    socket: WebSocket,
    presence: (open: boolean) => Promise<void>,
    owner: SocketOwner,
  ): void {
    const client: Client = { socket, alive: true, touchedAt: Date.now(), owner };
    let set = map.get(key);
    if (!set) {
      set = new Set();
      map.set(key, set);
    }
    set.add(client);
    const touch = (open: boolean) => void presence(open).catch((err) => this.hooks.onError(err));
    touch(true);
    socket.on("pong", () => {
      client.alive = true;
    });
    socket.on("message", (data, isBinary) => {
      client.alive = true;
      if (isBinary) return;
      const text = data.toString();
      const json = text.startsWith("{") ? safeParse(text) : null;
      if (text.trim() === "ping") socket.send("pong");
      else if (json?.type === "ping") socket.send(JSON.stringify({ type: "pong" }));
      else return;
      if (Date.now() - client.touchedAt >= TOUCH_EVERY_MS) {
        client.touchedAt = Date.now();
        touch(true);
      }
    });
    socket.on("close", () => {
      set.delete(client);
      if (set.size === 0) {
        map.delete(key);
        touch(false);
      }
    });
    socket.on("error", () => socket.terminate());
  }

  private sweep() {
    for (const map of [this.customers, this.agents]) {
      for (const set of map.values()) {
        for (const c of set) {
          if (!c.alive) {
            c.socket.terminate();
            continue;
          }
          c.alive = false;
          if (c.socket.readyState === OPEN) c.socket.ping();
        }
      }
    }
  }
}

function safeParse(text: string): { type?: unknown } {
  try {
    const v = JSON.parse(text) as unknown;
    return typeof v === "object" && v !== null ? (v as { type?: string }) : {};
  } catch {
    return {};
  }
}
