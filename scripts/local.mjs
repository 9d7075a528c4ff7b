// What the local scripts (Lighthouse, trace, start bench, screenshots) share: a free loopback
// port, the Chromium flags that keep it quiet on a closed network, and a sandbox server on
// a fresh embedded database with a customer to log in as
// (apps/web/playwright.config.ts keeps the same list for the browser tests).
import { spawn } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

export const CHROMIUM_ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

/** A port nothing listens on right now (the OS picks it). */
export function freePort() {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once("error", reject);
    srv.listen(0, "127.0.0.1", () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

export async function waitHealthy(base, server, timeoutMs) {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (server && server.exitCode !== null) throw new Error(`server exited with ${server.exitCode}`);
    try {
      const res = await fetch(`${base}/api/health`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`server not healthy at ${base} after ${timeoutMs} ms`);
}

/** A sandbox server of this checkout on a free port and a fresh embedded database. */
export async function startServer() {
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "candor-lighthouse-"));
  const server = spawn(process.execPath, [path.join(root, "scripts/start.mjs")], {
    cwd: root,
    stdio: ["ignore", "ignore", "inherit"],
    env: {
      ...process.env,
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      SANDBOX: "true",
      LOG_LEVEL: "warn",
      MARKET_HISTORY: "small",
      // The sandbox samples are made in the background just after the start: they would
      // share the CPU with the first page measured (none of the measured pages shows them).
      SANDBOX_SAMPLES: "false",
      DATABASE_URL: "",
    },
  });
  const base = `http://127.0.0.1:${port}`;
  const stop = () => {
    if (server.exitCode === null) server.kill("SIGTERM");
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await waitHealthy(base, server, 120_000);
  } catch (err) {
    stop();
    throw err;
  }
  return { base, stop, server };
}

/** A new customer's token (the sandbox needs no e-mail code to register). */
export async function registerCustomer(base) {
  const res = await fetch(`${base}/api/app/register`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({
      type: "email",
      account: `lighthouse-${Date.now()}@example.com`,
      password: "Passw0rd1",
      agree: true,
    }),
  });
  const body = await res.json();
  if (res.status !== 200) throw new Error(`register failed: ${res.status} ${JSON.stringify(body)}`);
  return body.result.token;
}
