// A chat websocket test client: connects with the token as subprotocol, records every
// frame (JSON events and the plain-text "pong") and waits for the one a test expects.
import WebSocket from "ws";

export type Frame = { type?: string; data?: Record<string, unknown> } | string;

export class ChatSocket {
  readonly frames: Frame[] = [];
  private waiters: { match: (f: Frame) => boolean; resolve: (f: Frame) => void }[] = [];
  closeCode: number | null = null;

  private constructor(readonly socket: WebSocket) {
    socket.on("message", (data) => {
      const text = data.toString();
      let frame: Frame = text;
      try {
        frame = JSON.parse(text) as Frame;
      } catch {}
      this.frames.push(frame);
      this.waiters = this.waiters.filter((w) => {
        if (!w.match(frame)) return true;
        w.resolve(frame);
        return false;
      });
    });
    socket.on("close", (code) => {
      this.closeCode = code;
    });
  }

  static async connect(url: string, token: string): Promise<ChatSocket> {
    const socket = new WebSocket(url, [token]);
    const client = new ChatSocket(socket);
    await new Promise<void>((resolve, reject) => {
      socket.once("open", () => resolve());
      socket.once("error", reject);
    });
    return client;
  }

  next(match: (f: Frame) => boolean, timeoutMs = 5000): Promise<Frame> {
    const seen = this.frames.find(match);
    if (seen) {
      this.frames.splice(this.frames.indexOf(seen), 1);
      return Promise.resolve(seen);
    }
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error("timed out waiting for a chat frame")), timeoutMs);
      this.waiters.push({
        match,
        resolve: (f) => {
          clearTimeout(timer);
          this.frames.splice(this.frames.indexOf(f), 1);
          resolve(f);
        },
      });
    });
  }

  /** The next event of a type, optionally about one message id. */
  event(type: string, id?: number) {
    return this.next(
      (f) => typeof f === "object" && f.type === type && (id === undefined || f.data?.id === id),
    ) as Promise<{ type: string; data: Record<string, unknown> }>;
  }

  send(frame: string) {
    this.socket.send(frame);
  }

  closed(timeoutMs = 3000): Promise<number> {
    if (this.closeCode !== null) return Promise.resolve(this.closeCode);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error("socket not closed")), timeoutMs);
      this.socket.once("close", (code) => {
        clearTimeout(timer);
        resolve(code);
      });
    });
  }

  close() {
    this.socket.terminate();
  }
}
