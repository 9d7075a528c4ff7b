// Per-socket send queue with backpressure: sends straight through while the socket
// keeps up; once more than HIGH_WATER bytes are buffered in it, keeps only the latest
// message per key (conflation) and sends them when the buffer is below LOW_WATER again.
// Memory per slow client is bounded by its number of keys (channels + control replies).
export const HIGH_WATER_BYTES = 256 * 1024;
export const LOW_WATER_BYTES = 64 * 1024;

/** A message serialised once (UTF-8) and sent as the same bytes to every subscriber. */
export type Frame = string | Buffer;

export interface SocketLike {
  readonly bufferedAmount: number;
  readonly readyState: number;
  send(data: Frame, options?: { binary?: boolean }): void;
}

const OPEN = 1;
/** Buffers are sent as text frames (they hold UTF-8 JSON). */
const TEXT = { binary: false };

/** Sends straight through while the socket keeps up; otherwise keeps only the latest message per key. */
export class ConflatingSender {
  private readonly pending = new Map<string, Frame>();
  conflated = 0;
  sent = 0;

  constructor(
    private readonly socket: SocketLike,
    private readonly highWater = HIGH_WATER_BYTES,
    private readonly lowWater = LOW_WATER_BYTES,
  ) {}

  /** Returns true when the message had to wait (the caller schedules a drain). */
  send(key: string, data: Frame): boolean {
    if (this.socket.readyState !== OPEN) return false;
    if (this.pending.size === 0 && this.socket.bufferedAmount < this.highWater) {
      this.socket.send(data, TEXT);
      this.sent++;
      return false;
    }
    if (this.pending.has(key)) {
      this.conflated++;
      this.pending.delete(key); // re-insert: the newest value goes to the back of the queue
    }
    this.pending.set(key, data);
    return true;
  }

  /** Send waiting messages while the buffer is below the low-water mark; true when some still wait. */
  drain(): boolean {
    if (this.socket.readyState !== OPEN) {
      this.pending.clear();
      return false;
    }
    for (const [key, data] of this.pending) {
      if (this.socket.bufferedAmount >= this.lowWater) return true;
      this.pending.delete(key);
      this.socket.send(data, TEXT);
      this.sent++;
    }
    return false;
  }

  get pendingCount(): number {
    return this.pending.size;
  }

  get pendingBytes(): number {
    let n = 0;
    for (const v of this.pending.values()) n += v.length;
    return n;
  }
}
