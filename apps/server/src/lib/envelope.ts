// The pinned response envelope: {success, code, message, result, timestamp}.
import type { Envelope } from "@candor/contract";

export function ok<T>(result: T, message = "Success"): Envelope<T> {
  return { success: true, code: 200, message, result, timestamp: Date.now() };
}

export function failure(code: number, message: string): Envelope<null> {
  return { success: false, code, message, result: null, timestamp: Date.now() };
}
