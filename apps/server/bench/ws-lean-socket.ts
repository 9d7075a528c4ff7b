// A minimal websocket client for bench/ws-clients.ts: a plain TCP socket that does the
// HTTP upgrade, sends masked text frames, answers pings, and hands each received text
// frame's bytes to a callback without copying them or building a string. The `ws`
// library allocates and emits per message; with 10,000 sockets on the same two cores as
// the server, the load generator's own CPU would otherwise be what the latency measures.
// Only what the market hub sends is handled: unfragmented, unmasked, no extensions.
import { randomBytes } from "node:crypto";
import net from "node:net";

const OP_TEXT = 0x1;
const OP_CLOSE = 0x8;
const OP_PING = 0x9;
const OP_PONG = 0xa;

export interface LeanSocket {
  send(text: string): void;
  close(): void;
  readonly open: boolean;
}

/** A client frame (clients must mask what they send). */
function frame(opcode: number, payload: Buffer): Buffer {
  const mask = randomBytes(4);
  const long = payload.length >= 126;
  const head = Buffer.alloc(long ? 8 : 6);
  head[0] = 0x80 | opcode;
  if (long) {
    head[1] = 0x80 | 126;
    head.writeUInt16BE(payload.length, 2);
  } else {
    head[1] = 0x80 | payload.length;
  }
  mask.copy(head, long ? 4 : 2);
  const body = Buffer.from(payload);
  for (let i = 0; i < body.length; i++) body[i] = (body[i] ?? 0) ^ (mask[i & 3] ?? 0);
  return Buffer.concat([head, body]);
}

/**
 * Opens `url` (ws://host:port/path). `onText(buffer, start, end)` gets each text frame's
 * payload as a range of a buffer that is only valid during the call.
 */
export function openLeanSocket(
  url: string,
  onText: (buffer: Buffer, start: number, end: number) => void,
): Promise<LeanSocket> {
  const target = new URL(url);
  return new Promise((resolve, reject) => {
    const socket = net.connect({ host: target.hostname, port: Number(target.port) });
    socket.setNoDelay(true);
    let upgraded = false;
    let open = false;
    let pending: Buffer | null = null;
    const lean: LeanSocket = {
      send: (text) => socket.write(frame(OP_TEXT, Buffer.from(text))),
      close: () => socket.destroy(),
      get open() {
        return open;
      },
    };
    socket.once("connect", () => {
      socket.write(
        `GET ${target.pathname} HTTP/1.1\r\nHost: ${target.host}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n` +
          `Sec-WebSocket-Key: ${randomBytes(16).toString("base64")}\r\nSec-WebSocket-Version: 13\r\n\r\n`,
      );
    });
    socket.on("error", (err) => {
      open = false;
      if (!upgraded) reject(err);
    });
    socket.on("close", () => {
      open = false;
    });
    socket.on("data", (chunk: Buffer) => {
      let buffer = pending ? Buffer.concat([pending, chunk]) : chunk;
      pending = null;
      if (!upgraded) {
        const end = buffer.indexOf("\r\n\r\n");
        if (end < 0) {
          pending = buffer;
          return;
        }
        const status = buffer.toString("latin1", 0, 12);
        if (!status.startsWith("HTTP/1.1 101")) {
          socket.destroy();
          reject(new Error(`upgrade refused: ${status}`));
          return;
        }
        upgraded = true;
        open = true;
        resolve(lean);
        buffer = buffer.subarray(end + 4);
      }
      let at = 0;
      while (buffer.length - at >= 2) {
        const opcode = (buffer[at] ?? 0) & 0x0f;
        let length = (buffer[at + 1] ?? 0) & 0x7f;
        let header = 2;
        if (length === 126) {
          if (buffer.length - at < 4) break;
          length = buffer.readUInt16BE(at + 2);
          header = 4;
        } else if (length === 127) {
          if (buffer.length - at < 10) break;
          length = Number(buffer.readBigUInt64BE(at + 2));
          header = 10;
        }
        if (buffer.length - at < header + length) break;
        const start = at + header;
        const end = start + length;
        if (opcode === OP_TEXT) onText(buffer, start, end);
        else if (opcode === OP_PING) socket.write(frame(OP_PONG, buffer.subarray(start, end)));
        else if (opcode === OP_CLOSE) {
          open = false;
          socket.end();
        }
        at = end;
      }
      if (at < buffer.length) pending = Buffer.from(buffer.subarray(at));
    });
  });
}
