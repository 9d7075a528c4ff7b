// Web Push keys: outside sandbox VAPID_* come all three or not at all (none = Web Push off);
// in sandbox a pair is generated once into the data directory and kept.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "../../src/config";
import { loadVapidKeys } from "../../src/modules/alerts/push";

const LIVE = {
  SANDBOX: "false",
  AUDIT_KEY: "k".repeat(32),
  SERVER_SECRET: "0123456789abcdef0123456789abcdef-live",
  PUBLIC_URL: "https://app.candor.example",
  SMS_HTTP_URL: "https://sms.example.com/send",
};
const PUBLIC = `B${"A".repeat(86)}`;

describe("VAPID keys", () => {
  it("outside sandbox: none means Web Push off; a partial set is refused", () => {
    const off = loadConfig(LIVE);
    expect(off.vapid).toBeUndefined();
    expect(loadVapidKeys(off)).toBeNull();
    expect(() => loadConfig({ ...LIVE, VAPID_PUBLIC_KEY: PUBLIC })).toThrow(ConfigError);
    const on = loadConfig({
      ...LIVE,
      VAPID_PUBLIC_KEY: PUBLIC,
      VAPID_PRIVATE_KEY: "p".repeat(43),
      VAPID_SUBJECT: "mailto:ops@candor.example",
    });
    expect(loadVapidKeys(on)?.subject).toBe("mailto:ops@candor.example");
  });

  it("in sandbox a pair is generated once into DATA_DIR/vapid.json (owner-only) and reused", () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "candor-vapid-"));
    const first = loadVapidKeys({ sandbox: true, dataDir });
    const again = loadVapidKeys({ sandbox: true, dataDir });
    expect(first?.publicKey).toMatch(/^[\w-]{86,88}$/);
    expect(again).toEqual(first);
    expect(fs.statSync(path.join(dataDir, "vapid.json")).mode & 0o777).toBe(0o600);
    fs.rmSync(dataDir, { recursive: true });
  });
});
