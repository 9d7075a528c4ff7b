// The server's secret and the keys derived from it (README "Security"): SMS/e-mail code
// hashes (HMAC), authenticator secrets at rest (AES-256-GCM), signed URLs of private files.
// SERVER_SECRET comes from the environment; in sandbox, when unset, a random one is generated
// once into DATA_DIR/server-secret with owner-only permissions (0600) and reused after.
// Without SANDBOX the configuration refuses to load without it (config.ts).
import { createCipheriv, createDecipheriv, createHmac, randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";

export const SECRET_FILE = "server-secret";

export interface ServerKeys {
  /** A 32-byte key for one purpose, derived from the server secret. */
  key(purpose: "codes" | "totp" | "files"): Buffer;
}

function readOrCreate(dataDir: string): string {
  const file = path.join(dataDir, SECRET_FILE);
  fs.mkdirSync(dataDir, { recursive: true });
  try {
    // "wx": two processes starting at once cannot both write; the loser reads the winner's.
    fs.writeFileSync(file, randomBytes(32).toString("base64url"), { flag: "wx", mode: 0o600 });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== "EEXIST") throw err;
  }
  fs.chmodSync(file, 0o600);
  const secret = fs.readFileSync(file, "utf8").trim();
  if (secret.length < 32) throw new Error(`${file}: the server secret is too short; delete it to get a new one`);
  return secret;
}

export function serverKeys(config: {
  sandbox: boolean;
  serverSecret?: string | undefined;
  dataDir: string;
}): ServerKeys {
  let secret = config.serverSecret;
  if (!secret) {
    if (!config.sandbox) throw new Error("SERVER_SECRET is required when SANDBOX=false");
    secret = readOrCreate(config.dataDir);
  }
  const root = Buffer.from(secret, "utf8");
  const cache = new Map<string, Buffer>();
  return {
    key(purpose) {
      let k = cache.get(purpose);
      if (!k) {
        k = createHmac("sha256", root).update(`candor:${purpose}`).digest();
        cache.set(purpose, k);
      }
      return k;
    },
  };
}

// The keys of this process. One server secret per process: buildApp installs it, and the code
// and TOTP helpers below (called deep inside modules) use it.
let installed: ServerKeys | null = null;

export function installServerKeys(keys: ServerKeys): void {
  installed = keys;
}

function keys(): ServerKeys {
  if (!installed) throw new Error("server keys not installed (buildApp installs them)");
  return installed;
}

/** HMAC-SHA256 of a one-time code under the server's code key (a leaked hash reveals nothing). */
export function codeHash(code: string): Buffer {
  return createHmac("sha256", keys().key("codes")).update(code).digest();
}

const SEALED = "v1:";

/** An authenticator secret as stored: AES-256-GCM under the server's TOTP key, "v1:<iv|tag|data>". */
export function sealSecret(plain: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", keys().key("totp"), iv);
  const data = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);
  return `${SEALED}${Buffer.concat([iv, cipher.getAuthTag(), data]).toString("base64url")}`;
}

/**
 * A stored authenticator secret in clear; `legacy` when it was stored in plain text (from
 * before encryption: the caller stores it sealed). A secret sealed under another key throws.
 */
export function openSecret(stored: string): { plain: string; legacy: boolean } {
  if (!stored.startsWith(SEALED)) return { plain: stored, legacy: true };
  const raw = Buffer.from(stored.slice(SEALED.length), "base64url");
  const decipher = createDecipheriv("aes-256-gcm", keys().key("totp"), raw.subarray(0, 12));
  decipher.setAuthTag(raw.subarray(12, 28));
  return {
    plain: Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString("utf8"),
    legacy: false,
  };
}

declare module "fastify" {
  interface FastifyInstance {
    /** Keys derived from the server secret (lib/secrets.ts). */
    keys: ServerKeys;
  }
}
