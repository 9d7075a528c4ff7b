// Local stand-ins for the venues, so the source adapters are tested without the network:
// a websocket server on 127.0.0.1 (port 0) that records what each client sends, replays
// recorded frames, and can freeze, drop the socket, answer text pings and send junk; an
// HTTP server that streams lines like OANDA's price stream; and the loader of the
// documented frames in ../fixtures/sources/<venue>.jsonl.
import { createHook } from "node:async_hooks";
import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import { type WebSocket, WebSocketServer } from "ws";

const FIXTURES = path.join(import.meta.dirname, "..", "fixtures", "sources");

/**
 * The labelled frames of a venue's fixture file: `## …` lines are notes (the doc URL),
 * `# label` names the line that follows, which is sent as is.
 */
export function loadFrames(venue: string): (label: string) => string {
  const frames = new Map<string, string>();
  let label: string | null = null;
  for (const line of fs.readFileSync(path.join(FIXTURES, `${venue}.jsonl`), "utf8").split("\n")) {
    if (line.startsWith("##") || line.trim() === "") continue;
    if (line.startsWith("# ")) {
      label = line.slice(2).trim();
    } else if (label !== null) {
      frames.set(label, line);
      label = null;
    }
  }
  return (name) => {
    const frame = frames.get(name);
    if (frame === undefined) throw new Error(`no frame "${name}" in ${venue}.jsonl`);
    return frame;
  };
}

const SOURCE_CODE = `${path.sep}src${path.sep}modules${path.sep}market${path.sep}sources${path.sep}`;

/**
 * Timers the source code (src/modules/market/sources) creates from now on and that are
 * still pending: cleared and fired ones drop out (async_hooks' destroy, which Node emits
 * shortly after). For "stop() leaves no timer" without waiting a fixed time.
 */
export function trackSourceTimers(): { pending(): string[]; dispose(): void } {
  const live = new Map<number, string>();
  const hook = createHook({
    init(id, type) {
      if (type !== "Timeout") return;
      const stack = new Error().stack ?? "";
      if (stack.includes(SOURCE_CODE)) live.set(id, stack.split("\n").slice(5, 8).join(" / "));
    },
    destroy(id) {
      live.delete(id);
    },
  }).enable();
  return { pending: () => [...live.values()], dispose: () => hook.disable() };
}

export interface FixtureConnection {
  /** The request path and query, e.g. /stream?streams=btcusdt@ticker. */
  url: string;
  /** Text frames the client sent, in order. */
  received: string[];
  socket: WebSocket;
  closed: boolean;
}

export interface FixtureServerOptions {
  /** Answer the client's text ping (OKX: "ping" → "pong") unless frozen. */
  pingReply?: { ping: string; pong: string };
  /** What each new connection gets, e.g. a replay of recorded frames. */
  onConnection?: (connection: FixtureConnection, index: number, server: FixtureServer) => void;
}

export class FixtureServer {
  readonly connections: FixtureConnection[] = [];
  frozen = false;
  private constructor(
    private readonly wss: WebSocketServer,
    private readonly options: FixtureServerOptions,
  ) {
    wss.on("connection", (socket, request) => {
      const connection: FixtureConnection = { url: request.url ?? "", received: [], socket, closed: false };
      this.connections.push(connection);
      socket.on("message", (data) => {
        const text = data.toString();
        connection.received.push(text);
        const reply = this.options.pingReply;
        if (reply && text === reply.ping && !this.frozen) socket.send(reply.pong);
      });
      socket.on("close", () => {
        connection.closed = true;
      });
      socket.on("error", () => {});
      this.options.onConnection?.(connection, this.connections.length - 1, this);
    });
  }

  static async start(options: FixtureServerOptions = {}): Promise<FixtureServer> {
    const wss = new WebSocketServer({ host: "127.0.0.1", port: 0 });
    await new Promise<void>((resolve) => wss.once("listening", () => resolve()));
    return new FixtureServer(wss, options);
  }

  get url(): string {
    return `ws://127.0.0.1:${(this.wss.address() as { port: number }).port}`;
  }

  get latest(): FixtureConnection {
    const last = this.connections.at(-1);
    if (!last) throw new Error("no connection yet");
    return last;
  }

  /** Sends frames in order on a connection (the latest by default); nothing while frozen. */
  send(frames: string | readonly string[], connection: FixtureConnection = this.latest): void {
    if (this.frozen || connection.closed) return;
    for (const frame of typeof frames === "string" ? [frames] : frames) connection.socket.send(frame);
  }

  /** Stops sending anything, ping replies included, without closing (a hung venue). */
  freeze(): void {
    this.frozen = true;
  }

  thaw(): void {
    this.frozen = false;
  }

  /** The venue drops the connection. */
  closeSocket(connection: FixtureConnection = this.latest, code = 1001): void {
    connection.socket.close(code, "going away");
  }

  async close(): Promise<void> {
    for (const c of this.connections) c.socket.terminate();
    await new Promise<void>((resolve) => this.wss.close(() => resolve()));
  }
}

export interface StreamRequest {
  url: string;
  authorization: string | undefined;
  response: http.ServerResponse;
  closed: boolean;
}

/**
 * An HTTP server streaming newline-delimited lines the way OANDA's price stream does.
 * Requests whose Authorization header is not `Bearer <apiKey>` get 401 and the JSON error.
 */
export class LineStreamServer {
  readonly requests: StreamRequest[] = [];
  private constructor(
    private readonly server: http.Server,
    apiKey: string,
    onRequest: (request: StreamRequest, index: number, server: LineStreamServer) => void,
  ) {
    server.on("request", (req, res) => {
      const request: StreamRequest = {
        url: req.url ?? "",
        authorization: req.headers.authorization,
        response: res,
        closed: false,
      };
      this.requests.push(request);
      res.on("close", () => {
        request.closed = true;
      });
      if (request.authorization !== `Bearer ${apiKey}`) {
        res.writeHead(401, { "Content-Type": "application/json" });
        res.end(JSON.stringify({ errorMessage: "Insufficient authorization to perform request." }));
        return;
      }
      res.writeHead(200, { "Content-Type": "application/octet-stream" });
      res.flushHeaders();
      onRequest(request, this.requests.length - 1, this);
    });
  }

  static async start(
    apiKey: string,
    onRequest: (request: StreamRequest, index: number, server: LineStreamServer) => void,
  ): Promise<LineStreamServer> {
    const server = http.createServer();
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", () => resolve()));
    return new LineStreamServer(server, apiKey, onRequest);
  }

  get url(): string {
    return `http://127.0.0.1:${(this.server.address() as { port: number }).port}`;
  }

  get latest(): StreamRequest {
    const last = this.requests.at(-1);
    if (!last) throw new Error("no request yet");
    return last;
  }

  /** Writes lines (each followed by "\n"); a line may be split across writes to test buffering. */
  write(lines: string | readonly string[], request: StreamRequest = this.latest): void {
    if (request.closed) return;
    for (const line of typeof lines === "string" ? [lines] : lines) request.response.write(`${line}\n`);
  }

  async close(): Promise<void> {
    for (const r of this.requests) r.response.destroy();
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}
