// Personal data stays out of the logs (README "Security"). The access log keeps a request's
// path and its query parameter names, but the values of parameters that carry an e-mail
// address, phone number, account, code or secret become "***" (GET /api/app/getEmailCaptcha
// ?email=… is a seed call). Log lines that must name a recipient mask it (maskRecipient).

/** Query parameters whose values never reach a log line (compared in lower case). */
const SENSITIVE_PARAMS = new Set([
  "email",
  "phone",
  "mobile",
  "account",
  "username",
  "to",
  "code",
  "captcha",
  "emailcode",
  "phonecode",
  "smscode",
  "googlecode",
  "password",
  "token",
  "sig",
  "guesttoken",
  "realname",
  "idnumber",
]);

/** The URL with the values of sensitive query parameters replaced by "***". */
export function redactUrl(url: string): string {
  const q = url.indexOf("?");
  if (q < 0) return url;
  const query = url
    .slice(q + 1)
    .split("&")
    .map((pair) => {
      const eq = pair.indexOf("=");
      const rawKey = eq < 0 ? pair : pair.slice(0, eq);
      let key = rawKey;
      try {
        key = decodeURIComponent(rawKey.replace(/\+/g, " "));
      } catch {
        // a broken escape: judge the raw name
      }
      return SENSITIVE_PARAMS.has(key.trim().toLowerCase()) && eq >= 0 ? `${rawKey}=***` : pair;
    })
    .join("&");
  return `${url.slice(0, q)}?${query}`;
}

/** "j***@example.com" / "+49*******78": enough to tell messages apart, not to contact anyone. */
export function maskRecipient(to: string): string {
  const at = to.indexOf("@");
  if (at > 0) return `${to[0]}***${to.slice(at)}`;
  const digits = to.replace(/\D/g, "");
  if (digits.length <= 4) return "***";
  return `+${digits.slice(0, 2)}${"*".repeat(digits.length - 4)}${digits.slice(-2)}`;
}

interface LoggedRequest {
  method: string;
  url: string;
  hostname?: string;
  ip?: string;
  socket?: { remotePort?: number | undefined } | null;
}

/** Pino serializers and redaction for the Fastify logger. */
export const logSerializers = {
  req(request: LoggedRequest) {
    return {
      method: request.method,
      url: redactUrl(request.url),
      host: request.hostname,
      remoteAddress: request.ip,
      remotePort: request.socket?.remotePort,
    };
  },
};

/** Fields that are never logged, wherever a log call puts them. */
export const LOG_REDACT = {
  paths: ["email", "phone", "password", "account", "*.email", "*.phone", "*.password", "*.account"],
  censor: "***",
};
