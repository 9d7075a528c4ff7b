// A websocket test client that records messages and waits for the one a test expects.
import WebSocket from "ws";

export class TestClient {
  readonly messages: Record<string, unknown>[] = [];
  private waiters: { match: (m: Record<string, unknown>) => boolean; resolve: (m: Record<string, unknown>) => void }[] =
    [];

  private constructor(readonly socket: WebSocket) {
    socket.on("message", (data) => {
      const m = JSON.parse(data.toString()) as Record<string, unknown>;
      this.messages.push(m);
      this.waiters = this.waiters.filter((w) => {
        if (!w.match(m)) return true;
        w.resolve(m);
        return false;
      });
    });
  }

  static async connect(url: string): Promise<TestClient> {
    const socket = new WebSocket(url);
    await new Promise<void>((resolve, reject) => {
      socket.once("open", () => resolve());
      socket.once("error", reject);
    });
    return new TestClient(socket);
  }

  send(message: unknown) {
    this.socket.send(typeof message === "string" ? message : JSON.stringify(message));
  }

  /** The first message (already received or future) matching `match`. */
  next(match: (m: Record<string, unknown>) => boolean, timeoutMs = 3000): Promise<Record<string, unknown>> {
    const seen = this.messages.find(match);
    if (seen) {
      this.messages.splice(this.messages.indexOf(seen), 1);
      return Promise.resolve(seen);
    }
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error("timed out waiting for a websocket message")), timeoutMs);
      this.waiters.push({
        match,
        resolve: (m) => {
          clearTimeout(timer);
          this.messages.splice(this.messages.indexOf(m), 1);
          resolve(m);
        },
      });
    });
  }

  op(op: string) {
    return this.next((m) => m.op === op);
  }

  channel(channel: string) {
    return this.next((m) => m.channel === channel);
  }

  close() {
    this.socket.terminate();
  }
}
