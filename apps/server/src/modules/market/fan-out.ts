// Helpers for writing to many sockets without holding the event loop: work over a list
// in slices with setImmediate between them (timers, I/O and API requests run between
// slices), and corking a socket so a client's messages of one round go out in one write.
import type WebSocket from "ws";

/** Calls `fn` for every item, `size` items per turn of the event loop. */
export async function inSlices<T>(items: readonly T[], size: number, fn: (item: T) => void): Promise<void> {
  for (let i = 0; i < items.length; i += size) {
    if (i > 0) await new Promise<void>((resolve) => setImmediate(resolve));
    const end = Math.min(items.length, i + size);
    for (let j = i; j < end; j++) fn(items[j] as T);
  }
}

interface Corkable {
  cork(): void;
  uncork(): void;
}

/** The TCP socket under a ws WebSocket (undefined for test doubles). */
function rawSocket(socket: WebSocket): Corkable | undefined {
  const raw = (socket as unknown as { _socket?: Partial<Corkable> })._socket;
  return typeof raw?.cork === "function" && typeof raw.uncork === "function" ? (raw as Corkable) : undefined;
}

/** Runs `fn` with the socket corked: every frame it sends leaves in one write (one syscall). */
export function corked(socket: WebSocket, fn: () => void): void {
  const raw = rawSocket(socket);
  raw?.cork();
  try {
    fn();
  } finally {
    raw?.uncork();
  }
}

/**
 * A complete unmasked, unfragmented websocket text frame (RFC 6455 §5.2) for `payload`:
 * the bytes ws would put on the wire for `socket.send(payload)` from a server, built once
 * and written as they are to every subscriber.
 */
export function textFrame(payload: Buffer): Buffer {
  const n = payload.length;
  const headerLength = n < 126 ? 2 : n < 65_536 ? 4 : 10;
  const frame = Buffer.allocUnsafe(headerLength + n);
  frame[0] = 0x81; // FIN + text opcode
  if (n < 126) frame[1] = n;
  else if (n < 65_536) {
    frame[1] = 126;
    frame.writeUInt16BE(n, 2);
  } else {
    frame[1] = 127;
    frame.writeBigUInt64BE(BigInt(n), 2);
  }
  payload.copy(frame, headerLength);
  return frame;
}

interface RawWritable {
  readonly writable: boolean;
  write(data: Buffer): boolean;
}

/**
 * The TCP socket of a ws WebSocket when raw frames may be written to it: the socket is
 * writable and ws's own sender holds nothing back (no compression is configured and no
 * Blob is being read, so its queue is empty and frames cannot be reordered). Anything
 * else (test doubles, another ws version) gets undefined and goes through ws.send.
 * ws counts these bytes in bufferedAmount (the socket's writable length), so
 * backpressure still sees them.
 */
export function rawWritable(socket: WebSocket): RawWritable | undefined {
  const ws = socket as unknown as {
    _socket?: Partial<RawWritable>;
    _sender?: { _state?: unknown; _queue?: unknown[] };
    _extensions?: Record<string, unknown>;
  };
  const raw = ws._socket;
  const sender = ws._sender;
  if (!raw || typeof raw.write !== "function" || raw.writable !== true) return undefined;
  if (sender?._state !== 0 || !Array.isArray(sender._queue) || sender._queue.length > 0) return undefined;
  if (ws._extensions && Object.keys(ws._extensions).length > 0) return undefined;
  return raw as RawWritable;
}

/** One flush's messages as wire frames, concatenated once per distinct channel set. */
export class FrameBatches {
  private readonly wire = new Map<string, Buffer>();
  private readonly batches = new Map<string, Buffer>();

  /** `frames`: channel → the message (UTF-8 JSON) of this flush. */
  constructor(private readonly frames: ReadonlyMap<string, Buffer>) {}

  /** The frames of the client's channels; `key` names the set, so equal sets share one Buffer. */
  get(key: string, channels: ReadonlySet<string>): Buffer {
    let batch = this.batches.get(key);
    if (batch !== undefined) return batch;
    const parts: Buffer[] = [];
    for (const [channel, data] of this.frames) {
      if (!channels.has(channel)) continue;
      let frame = this.wire.get(channel);
      if (!frame) {
        frame = textFrame(data);
        this.wire.set(channel, frame);
      }
      parts.push(frame);
    }
    batch = Buffer.concat(parts);
    this.batches.set(key, batch);
    return batch;
  }
}
