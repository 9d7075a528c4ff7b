// Requests Node's HTTP parser refuses before Fastify sees them (an oversized request line
// or header, a malformed request, a client that times out) get the JSON envelope like
// every other error (docs/contract.md: "Every error, an oversized request line or header (431)
// included, uses the envelope"). Fastify's `clientErrorHandler` option; the headers could
// not be read, so the message is in the default language.
import http from "node:http";
import type { Socket } from "node:net";
import { DEFAULT_LANG } from "@candor/contract";
import type { FastifyInstance } from "fastify";
import { type MessageKey, t } from "../i18n";
import { failure } from "../lib/envelope";

type ClientError = Error & { code?: string };

function statusOf(err: ClientError): { status: number; key: MessageKey } {
  if (err.code === "HPE_HEADER_OVERFLOW" || err.code === "HPE_URI_TOO_LONG")
    return { status: 431, key: "headersTooLarge" };
  if (err.code === "ERR_HTTP_REQUEST_TIMEOUT") return { status: 408, key: "requestTimeout" };
  return { status: 400, key: "badRequest" };
}

export function clientErrorHandler(this: FastifyInstance, err: ClientError, socket: Socket): void {
  // A reset connection has nothing left to answer.
  if (err.code === "ECONNRESET" || socket.destroyed) return;
  const { status, key } = statusOf(err);
  this.log.trace({ err }, "client error");
  if (socket.writable) {
    const body = JSON.stringify(failure(status, t(DEFAULT_LANG, key)));
    socket.write(
      `HTTP/1.1 ${status} ${http.STATUS_CODES[status]}\r\n` +
        "Content-Type: application/json; charset=utf-8\r\n" +
        `Content-Length: ${Buffer.byteLength(body)}\r\n` +
        "X-Content-Type-Options: nosniff\r\n" +
        "Connection: close\r\n\r\n" +
        body,
    );
  }
  socket.destroy(err);
}
