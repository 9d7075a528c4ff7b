// The pinned response envelope: {success, code, message, result, timestamp}.
import { type Envelope, LANGS, type Lang } from "@candor/contract";
import type { FastifyReply } from "fastify";
import { t } from "../i18n";

export function ok<T>(result: T, message = "Success"): Envelope<T> {
  return { success: true, code: 200, message, result, timestamp: Date.now() };
}

export function failure(code: number, message: string): Envelope<null> {
  return { success: false, code, message, result: null, timestamp: Date.now() };
}

/** Each language's start of a success envelope, up to its result (made once, at start). */
const OK_HEAD = new Map<Lang, Buffer>(
  LANGS.map((lang) => [
    lang,
    Buffer.from(`{"success":true,"code":200,"message":${JSON.stringify(t(lang, "ok"))},"result":`),
  ]),
);

/**
 * The success envelope around an already serialised (UTF-8) result, byte for byte what the
 * route serializer and the envelope plugin make of ok(result): "Success" in the caller's
 * language, the current time.
 */
export function okJson(lang: Lang, result: Buffer): Buffer {
  const head = OK_HEAD.get(lang) ?? (OK_HEAD.get("en-us") as Buffer);
  return Buffer.concat([head, result, Buffer.from(`,"timestamp":${Date.now()}}`)]);
}

/**
 * Answers with okJson, with the content type Fastify gives serialised JSON (a Buffer body
 * skips the route's serializer and the preSerialization hooks, whose work okJson did).
 */
export function sendOkJson(reply: FastifyReply, result: Buffer): FastifyReply {
  return reply.type("application/json; charset=utf-8").send(okJson(reply.request.lang, result));
}
