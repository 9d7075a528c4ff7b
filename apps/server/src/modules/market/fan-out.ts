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
