// How SMS leaves (README "Configuration"): SMS_PROVIDER=log keeps messages in the outbox and
// the (masked) log — sandbox only, it refuses to start with SANDBOX=false; SMS_PROVIDER=http
// posts {to, text} as JSON to SMS_HTTP_URL with SMS_HTTP_KEY as a bearer token (a small
// adapter in front of any SMS gateway).
import { AppError } from "../../lib/errors";

export interface SmsSender {
  send(to: string, text: string): Promise<void>;
}

export interface SmsOptions {
  sandbox: boolean;
  smsProvider: "log" | "http";
  smsHttpUrl?: string | undefined;
  smsHttpKey?: string | undefined;
}

const SMS_TIMEOUT_MS = 10_000;

/** The SMS sender, or null for the log-only provider (messages stay in the outbox). */
export function createSmsSender(options: SmsOptions): SmsSender | null {
  if (options.smsProvider === "log") {
    if (!options.sandbox) throw new Error("SMS_PROVIDER=log sends no SMS: it cannot run with SANDBOX=false");
    return null;
  }
  const url = options.smsHttpUrl;
  if (!url) throw new Error("SMS_HTTP_URL is required when SMS_PROVIDER=http");
  return {
    async send(to, text) {
      const response = await fetch(url, {
        method: "POST",
        headers: {
          "content-type": "application/json",
          ...(options.smsHttpKey ? { authorization: `Bearer ${options.smsHttpKey}` } : {}),
        },
        body: JSON.stringify({ to, text }),
        signal: AbortSignal.timeout(SMS_TIMEOUT_MS),
      });
      await response.body?.cancel();
      if (!response.ok) throw new AppError(503, "unavailable");
    },
  };
}
