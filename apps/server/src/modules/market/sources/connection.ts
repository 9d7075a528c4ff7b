// The loop every price source shares: connect, keep the connection honest, reconnect.
// - backoff: exponential with jitter between reconnectMinMs and reconnectMaxMs, reset once
//   a connection has stayed up for a healthy period;
// - staleness: no frame for staleAfterMs → state `stale`, the connection is dropped and
//   a new one made (a venue's heartbeats count as frames);
// - frames: the venue's parser says what each frame is; junk, acks, errors and unknown
//   events are logged once per kind and never thrown; a quote older than the last one
//   accepted for its symbol is dropped (out of order).
// A transport (`Opener`) makes one connection: `wsOpener` below, OANDA's HTTP stream in
// oanda.ts.
import WebSocket from "ws";
import { type FrameKind, hasVenueTime, type ParsedFrame, type SymbolMap } from "./frames";
import type { PriceSource, PriceSourceOptions, SourceName, SourceQuote, SourceState, SourceStatus } from "./types";

/** One connection attempt, as the transport reports it. Calls after it ended are ignored. */
export interface Session {
  /** Connected (websocket open, HTTP 200). */
  opened(): void;
  /** One frame or line arrived. */
  received(raw: string): void;
  /** The connection ended or could not be made. */
  closed(error: string): void;
}

/** A connection the loop can drop; resolves once its socket is gone. */
export interface Link {
  terminate(): Promise<void>;
}

export type Opener = (session: Session) => Link;

export interface ConnectionConfig {
  name: SourceName;
  options: PriceSourceOptions;
  parse(raw: string, receivedAt: number): ParsedFrame;
  open: Opener;
  /** A connection up this long resets the backoff; default 30 s. */
  healthyAfterMs?: number;
  /** For the jitter; default Math.random. */
  random?: () => number;
}

/**
 * The delay before reconnect attempt `attempt` (0-based): reconnectMinMs doubled per
 * attempt, ±25 % jitter so many clients do not return in step, clamped to [min, max].
 */
export function backoffDelay(attempt: number, minMs: number, maxMs: number, random: () => number = Math.random) {
  const base = Math.min(maxMs, minMs * 2 ** Math.min(attempt, 30));
  const jittered = base * (0.75 + 0.5 * random());
  return Math.round(Math.min(maxMs, Math.max(minMs, jittered)));
}

interface Attempt {
  current: boolean;
  openedAt: number | null;
  link?: Link;
}

const QUIET_KINDS: ReadonlySet<FrameKind> = new Set(["quotes", "heartbeat"]);

export class SourceConnection {
  private running = false;
  private state: SourceState = "down";
  private lastMessageAt: number | null = null;
  private reconnects = 0;
  private lastError: string | null = null;
  /** Consecutive connections that ended before they were healthy; drives the backoff. */
  private failures = 0;
  private attempt?: Attempt;
  private reconnectTimer?: NodeJS.Timeout;
  private staleTimer?: NodeJS.Timeout;
  private readonly lastSourceTime = new Map<string, number>();
  private readonly logged = new Set<string>();
  private readonly now: () => number;
  private readonly minMs: number;
  private readonly maxMs: number;
  private readonly staleMs: number;
  private readonly healthyMs: number;

  constructor(private readonly config: ConnectionConfig) {
    const o = config.options;
    this.now = o.now ?? Date.now;
    this.minMs = Math.max(1, o.reconnectMinMs ?? 1000);
    this.maxMs = Math.max(this.minMs, o.reconnectMaxMs ?? 30_000);
    this.staleMs = Math.max(1, o.staleAfterMs ?? 10_000);
    this.healthyMs = config.healthyAfterMs ?? 30_000;
  }

  start(): void {
    if (this.running) return;
    this.running = true;
    this.connect();
  }

  async stop(): Promise<void> {
    this.running = false;
    clearTimeout(this.reconnectTimer);
    clearTimeout(this.staleTimer);
    this.reconnectTimer = undefined;
    this.staleTimer = undefined;
    const attempt = this.attempt;
    this.attempt = undefined;
    if (attempt) attempt.current = false;
    this.setState("down");
    await attempt?.link?.terminate();
  }

  status(): SourceStatus {
    return {
      source: this.config.name,
      state: this.state,
      lastMessageAt: this.lastMessageAt,
      reconnects: this.reconnects,
      lastError: this.lastError,
    };
  }

  private connect() {
    this.reconnectTimer = undefined;
    if (!this.running) return;
    const attempt: Attempt = { current: true, openedAt: null };
    this.attempt = attempt;
    this.setState("connecting");
    this.staleTimer = setTimeout(() => this.onStale(attempt), this.staleMs);
    const session: Session = {
      opened: () => {
        if (attempt.current) attempt.openedAt = this.now();
      },
      received: (raw) => {
        if (attempt.current) this.onFrame(attempt, raw);
      },
      closed: (error) => {
        if (attempt.current) this.onClosed(attempt, error);
      },
    };
    try {
      attempt.link = this.config.open(session);
    } catch (err) {
      session.closed(err instanceof Error ? err.message : String(err));
    }
    // The transport failed at once: drop what it may still have opened.
    if (!attempt.current) void attempt.link?.terminate();
  }

  private onFrame(attempt: Attempt, raw: string) {
    const receivedAt = this.now();
    this.lastMessageAt = receivedAt;
    this.staleTimer?.refresh();
    if (attempt.openedAt !== null && receivedAt - attempt.openedAt >= this.healthyMs) this.failures = 0;
    let frame: ParsedFrame;
    try {
      frame = this.config.parse(raw, receivedAt);
    } catch (err) {
      frame = { kind: "malformed", quotes: [], detail: err instanceof Error ? err.message : String(err) };
    }
    if (!QUIET_KINDS.has(frame.kind)) this.noteOnce(frame);
    if (frame.kind === "error" && frame.detail) this.lastError = frame.detail;
    this.setState("live");
    for (const q of frame.quotes) this.accept(q);
  }

  private accept(q: SourceQuote) {
    if (!this.running) return;
    if (hasVenueTime(q)) {
      const last = this.lastSourceTime.get(q.symbol);
      if (last !== undefined && q.sourceTime < last) {
        this.logOnce("out-of-order", "warn", { symbol: q.symbol, sourceTime: q.sourceTime, last });
        return;
      }
      this.lastSourceTime.set(q.symbol, q.sourceTime);
    }
    try {
      this.config.options.onQuote(q);
    } catch (err) {
      this.logOnce("onQuote", "warn", { err: err instanceof Error ? err.message : String(err) });
    }
  }

  private onClosed(attempt: Attempt, error: string) {
    attempt.current = false;
    this.attempt = undefined;
    clearTimeout(this.staleTimer);
    if (attempt.openedAt !== null && this.now() - attempt.openedAt >= this.healthyMs) this.failures = 0;
    this.lastError = error;
    this.scheduleReconnect("down");
  }

  private onStale(attempt: Attempt) {
    if (!attempt.current) return;
    attempt.current = false;
    this.attempt = undefined;
    this.lastError = `no message for ${this.staleMs} ms`;
    void attempt.link?.terminate();
    this.scheduleReconnect("stale");
  }

  private scheduleReconnect(state: "down" | "stale") {
    if (!this.running) return;
    const delayMs = backoffDelay(this.failures++, this.minMs, this.maxMs, this.config.random);
    this.reconnects++;
    this.state = state;
    this.emitStatus();
    this.config.options.log?.warn(
      { source: this.config.name, state, delayMs, reconnects: this.reconnects, error: this.lastError },
      "price source connection lost; reconnecting",
    );
    this.reconnectTimer = setTimeout(() => this.connect(), delayMs);
  }

  private setState(state: SourceState) {
    if (this.state === state) return;
    this.state = state;
    this.emitStatus();
  }

  private emitStatus() {
    try {
      this.config.options.onStatus?.(this.status());
    } catch {
      // A listener's failure is its own; the source keeps running.
    }
  }

  private noteOnce(frame: ParsedFrame) {
    const level = frame.kind === "ack" ? "info" : "warn";
    this.logOnce(frame.kind, level, { detail: frame.detail });
  }

  /** Logs the first occurrence of each kind only: a venue repeating junk must not flood the log. */
  private logOnce(kind: string, level: "info" | "warn", obj: Record<string, unknown>) {
    if (this.logged.has(kind)) return;
    this.logged.add(kind);
    this.config.options.log?.[level]({ source: this.config.name, kind, ...obj }, `price source frame ignored: ${kind}`);
  }
}

export interface WsOpenerConfig {
  url: string;
  /** Text frames sent once the socket opens (the venue's subscribe request). */
  subscribe: readonly string[];
  /** Send `text` after `afterMs` without a frame (OKX's "ping"; the reply is a frame). */
  idlePing?: { afterMs: number; text: string };
  handshakeTimeoutMs?: number;
}

function frameText(data: WebSocket.RawData): string {
  if (Buffer.isBuffer(data)) return data.toString("utf8");
  if (Array.isArray(data)) return Buffer.concat(data).toString("utf8");
  return Buffer.from(data).toString("utf8");
}

/**
 * One websocket connection with the `ws` package. Protocol-level pings from the venue
 * (Binance) are answered by `ws` itself.
 */
export function wsOpener(config: WsOpenerConfig): Opener {
  return (session) => {
    const socket = new WebSocket(config.url, { handshakeTimeout: config.handshakeTimeoutMs ?? 10_000 });
    const gone = new Promise<void>((resolve) => socket.once("close", () => resolve()));
    let error: string | undefined;
    let pingTimer: NodeJS.Timeout | undefined;
    socket.on("open", () => {
      session.opened();
      for (const text of config.subscribe) socket.send(text);
      const ping = config.idlePing;
      if (ping) {
        pingTimer = setInterval(() => {
          if (socket.readyState === WebSocket.OPEN) socket.send(ping.text);
        }, ping.afterMs);
      }
    });
    socket.on("message", (data) => {
      pingTimer?.refresh();
      session.received(frameText(data));
    });
    socket.on("error", (err) => {
      error = err.message;
    });
    socket.on("close", (code, reason) => {
      clearInterval(pingTimer);
      const why = reason.length > 0 ? ` ${reason.toString("utf8")}` : "";
      session.closed(error ?? `closed by the venue (${code}${why})`);
    });
    return {
      terminate: async () => {
        clearInterval(pingTimer);
        if (socket.readyState === WebSocket.CLOSED) return;
        socket.terminate();
        await gone;
      },
    };
  };
}

export interface SourceDefinition {
  name: SourceName;
  options: PriceSourceOptions;
  symbols: SymbolMap;
  parse(raw: string, receivedAt: number): ParsedFrame;
  open: Opener;
}

/** A venue adapter: the shared loop over the venue's transport and parser. */
export class ConnectedSource implements PriceSource {
  readonly name: SourceName;
  private readonly connection: SourceConnection;
  private readonly symbols: SymbolMap;

  constructor(definition: SourceDefinition) {
    this.name = definition.name;
    this.symbols = definition.symbols;
    this.connection = new SourceConnection(definition);
  }

  /** Connects when at least one asked-for symbol is one this venue prices. */
  start(): void {
    if (this.symbols.size > 0) this.connection.start();
  }

  stop(): Promise<void> {
    return this.connection.stop();
  }

  status(): SourceStatus {
    const status = this.connection.status();
    if (this.symbols.size === 0 && status.lastError === null) return { ...status, lastError: "no symbol to follow" };
    return status;
  }

  /** True for a symbol of options.symbols that this venue prices (its instrument is subscribed). */
  covers(symbol: string): boolean {
    return this.symbols.venue(symbol) !== undefined;
  }
}
