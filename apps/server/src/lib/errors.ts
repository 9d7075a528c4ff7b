// Named domain errors. Services throw these; the one error handler maps them to the
// envelope with the HTTP status and a message translated into the caller's language.
import type { MessageKey, MessageParams } from "../i18n";

export class AppError extends Error {
  constructor(
    readonly status: 400 | 401 | 403 | 404 | 409 | 413 | 415 | 429 | 503,
    readonly key: MessageKey,
    readonly params: MessageParams = {},
    /** Sent as the error envelope's `result` (e.g. what still blocks an account closure); null when absent. */
    readonly result: unknown = null,
  ) {
    super(key);
    this.name = "AppError";
  }
}

export const badRequest = (key: MessageKey = "badRequest", params?: MessageParams) => new AppError(400, key, params);
export const unauthorized = (key: MessageKey = "notLoggedIn", params?: MessageParams) => new AppError(401, key, params);
export const forbidden = (key: MessageKey = "forbidden", params?: MessageParams) => new AppError(403, key, params);
export const notFound = (key: MessageKey = "notFound", params?: MessageParams) => new AppError(404, key, params);
export const conflict = (key: MessageKey = "conflict", params?: MessageParams) => new AppError(409, key, params);
