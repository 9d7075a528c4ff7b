// Web Push (RFC 8030 + 8291 + 8292, the `web-push` package): VAPID keys, the customers'
// subscriptions, sending a notice.
//
// Keys: VAPID_PUBLIC_KEY / VAPID_PRIVATE_KEY / VAPID_SUBJECT from the environment; without
// them Web Push is off outside sandbox (vapidKey → null, subscribe → 409). In sandbox a pair
// is generated once into DATA_DIR/vapid.json (owner-only, like the server secret).
//
// SSRF: a subscription's endpoint is an address the server will POST to, chosen by the
// customer. Outside sandbox it must be https on port 443 and its host must not be an IP
// literal or a name that resolves to a loopback, private, link-local, CGNAT or otherwise
// reserved address; the name is resolved again just before each send (a name that later
// points inside is skipped). In sandbox (and tests, which run in sandbox) http and local
// hosts are allowed so a local push service can be used.
import { lookup } from "node:dns/promises";
import fs from "node:fs";
import { isIP } from "node:net";
import path from "node:path";
import type { Lang } from "@candor/contract";
import { and, eq } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import webpush from "web-push";
import type { Db } from "../../db";
import { badRequest, conflict } from "../../lib/errors";
import { pushSubscriptions } from "./schema";

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
  subject: string;
}

export const VAPID_FILE = "vapid.json";

/** The configured keys, or in sandbox the generated ones; null = Web Push off. */
export function loadVapidKeys(config: {
  sandbox: boolean;
  dataDir: string;
  vapid?: VapidKeys | undefined;
}): VapidKeys | null {
  if (config.vapid) return config.vapid;
  if (!config.sandbox) return null;
  const file = path.join(config.dataDir, VAPID_FILE);
  fs.mkdirSync(config.dataDir, { recursive: true });
  try {
    const keys = webpush.generateVAPIDKeys();
    const body = JSON.stringify({ ...keys, subject: "mailto:sandbox@candor.invalid" });
    fs.writeFileSync(file, body, { flag: "wx", mode: 0o600 });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== "EEXIST") throw err;
  }
  return JSON.parse(fs.readFileSync(file, "utf8")) as VapidKeys;
}

/** Addresses a push request must never reach outside sandbox. */
export function isPrivateAddress(address: string): boolean {
  const v = isIP(address);
  if (v === 4) {
    const [a = 0, b = 0] = address.split(".").map(Number);
    return (
      a === 0 ||
      a === 10 ||
      a === 127 ||
      (a === 100 && b >= 64 && b <= 127) ||
      (a === 169 && b === 254) ||
      (a === 172 && b >= 16 && b <= 31) ||
      (a === 192 && b === 168) ||
      (a === 198 && (b === 18 || b === 19)) ||
      a >= 224
    );
  }
  if (v === 6) {
    const x = address.toLowerCase();
    if (x === "::" || x === "::1") return true;
    if (x.startsWith("::ffff:")) return isPrivateAddress(x.slice(7));
    return /^(fc|fd|fe8|fe9|fea|feb|ff)/.test(x);
  }
  return true;
}

/** Whether the server may POST to this endpoint (see the SSRF note above). */
export async function endpointAllowed(endpoint: string, sandbox: boolean): Promise<boolean> {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  if (sandbox) return url.protocol === "https:" || url.protocol === "http:";
  if (url.protocol !== "https:" || (url.port !== "" && url.port !== "443") || url.username || url.password)
    return false;
  const host = url.hostname.replace(/^\[|\]$/g, "");
  if (isIP(host) || host === "localhost" || host.endsWith(".localhost") || !host.includes(".")) return false;
  try {
    const addresses = await lookup(host, { all: true });
    return addresses.length > 0 && addresses.every((a) => !isPrivateAddress(a.address));
  } catch {
    return false;
  }
}

export interface PushDeps {
  db: Db;
  log: FastifyBaseLogger;
  sandbox: boolean;
  keys: VapidKeys | null;
}

export class PushService {
  sent = 0;
  removed = 0;
  constructor(private readonly deps: PushDeps) {}

  get publicKey(): string | null {
    return this.deps.keys?.publicKey ?? null;
  }

  async subscribe(
    userId: number,
    body: { endpoint: string; keys: { p256dh: string; auth: string } },
    lang: Lang,
  ): Promise<{ id: number }> {
    if (!this.deps.keys) throw conflict("pushDisabled");
    if (!(await endpointAllowed(body.endpoint, this.deps.sandbox))) throw badRequest("pushEndpointRefused");
    const values = { userId, endpoint: body.endpoint, p256dh: body.keys.p256dh, auth: body.keys.auth, lang };
    // One row per endpoint: a browser re-subscribing (or another account on the same device) takes it over.
    const [row] = await this.deps.db
      .insert(pushSubscriptions)
      .values(values)
      .onConflictDoUpdate({ target: pushSubscriptions.endpoint, set: values })
      .returning({ id: pushSubscriptions.id });
    return { id: (row as { id: number }).id };
  }

  async unsubscribe(userId: number, endpoint: string): Promise<{ removed: number }> {
    // Only the customer's own endpoint (another customer's stays, and is not revealed).
    const rows = await this.deps.db
      .delete(pushSubscriptions)
      .where(and(eq(pushSubscriptions.endpoint, endpoint), eq(pushSubscriptions.userId, userId)))
      .returning({ id: pushSubscriptions.id });
    return { removed: rows.length };
  }

  /** Sends `render(lang)` as JSON to every subscription of the customer; gone ones (404/410) are removed. */
  async send(userId: number, render: (lang: Lang) => Record<string, unknown>): Promise<number> {
    const keys = this.deps.keys;
    if (!keys) return 0;
    const subs = await this.deps.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, userId));
    let delivered = 0;
    for (const sub of subs) {
      if (!(await endpointAllowed(sub.endpoint, this.deps.sandbox))) continue;
      try {
        // web-push encrypts (aes128gcm) and signs (VAPID); the request is sent here with
        // fetch: redirects are not followed (SSRF), and in sandbox a local http push service works.
        const details = webpush.generateRequestDetails(
          { endpoint: sub.endpoint, keys: { p256dh: sub.p256dh, auth: sub.auth } },
          JSON.stringify(render(sub.lang as Lang)),
          {
            TTL: 3600,
            urgency: "high",
            contentEncoding: "aes128gcm",
            vapidDetails: { subject: keys.subject, publicKey: keys.publicKey, privateKey: keys.privateKey },
          },
        );
        const res = await fetch(details.endpoint, {
          method: details.method,
          headers: details.headers as Record<string, string>,
          body: details.body ?? null,
          redirect: "manual",
          signal: AbortSignal.timeout(10_000),
        });
        if (res.status === 404 || res.status === 410) {
          await this.deps.db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, sub.id));
          this.removed++;
        } else if (res.status >= 200 && res.status < 300) {
          delivered++;
          this.sent++;
        } else {
          this.deps.log.warn({ status: res.status, subscription: sub.id }, "push: the push service refused");
        }
      } catch (err) {
        this.deps.log.warn({ err, subscription: sub.id }, "push: sending failed");
      }
    }
    return delivered;
  }
}
