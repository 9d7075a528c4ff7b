// Two (or more) real server processes on one PostgreSQL database and one Redis, for the
// multi-node tests and bench:chat. Each node is `tsx src/server.ts` with its own port and
// DATA_DIR; a unique REDIS_PREFIX keeps runs on a shared Redis apart.
import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { generate } from "otplib";
import { openPostgres } from "../../src/db";
import { adminUrl, databaseUrlFor } from "../pg-urls";

const SERVER_DIR = path.resolve(import.meta.dirname, "../..");
// `node --import tsx`: one process (the tsx CLI would run the server in a child process,
// which a SIGKILL of the parent would leave running).
export const OPERATOR_PASSWORD = "Operat0r-multinode";

export interface Node {
  name: string;
  port: number;
  url: string;
  process: ChildProcess;
  log: string[];
}

export function redisUrlForTests(): string | undefined {
  return process.env.TEST_REDIS_URL || process.env.REDIS_URL || undefined;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once("error", reject);
    srv.listen(0, "127.0.0.1", () => {
      const port = (srv.address() as net.AddressInfo).port;
      srv.close(() => resolve(port));
    });
  });
}

/** A new, empty PostgreSQL database next to `baseUrl`'s; dropped by the returned function. */
export async function createDatabase(baseUrl: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `candor_mn_${process.pid}_${randomBytes(3).toString("hex")}`;
  const admin = await openPostgres(adminUrl(baseUrl), 1);
  await admin.exec(`CREATE DATABASE ${name}`);
  return {
    url: databaseUrlFor(baseUrl, name),
    drop: async () => {
      await admin.exec(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.close();
    },
  };
}

export async function startNode(
  name: string,
  env: { databaseUrl: string; redisUrl: string; redisPrefix: string; extra?: Record<string, string> },
): Promise<Node> {
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `candor-${name}-`));
  const child = spawn(process.execPath, ["--import", "tsx", "src/server.ts"], {
    cwd: SERVER_DIR,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      DATABASE_URL: env.databaseUrl,
      REDIS_URL: env.redisUrl,
      REDIS_PREFIX: env.redisPrefix,
      SANDBOX: "true",
      CONSOLE_ADMIN_PASSWORD: OPERATOR_PASSWORD,
      MARKET_FEED: "sim",
      MARKET_HISTORY: "none",
      MARKET_AUTOSTART: "true",
      // No sample IEO projects and contests (modules/samples): the tests count what they make.
      SANDBOX_SAMPLES: "false",
      LOG_LEVEL: "info",
      RATE_LIMIT_PER_MINUTE: "1000000",
      // As behind a proxy on this machine: each registration's code requests come from an
      // address of their own (codes are limited to one a minute per client address).
      TRUST_PROXY: "127.0.0.1",
      ...env.extra,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const log: string[] = [];
  const keep = (chunk: Buffer) => {
    for (const line of chunk.toString().split("\n")) if (line.trim()) log.push(line);
    if (log.length > 2000) log.splice(0, log.length - 2000);
  };
  child.stdout?.on("data", keep);
  child.stderr?.on("data", keep);
  const node: Node = { name, port, url: `http://127.0.0.1:${port}`, process: child, log };
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${name} exited (${child.exitCode}):\n${log.slice(-30).join("\n")}`);
    try {
      const res = await fetch(`${node.url}/api/health`);
      if (res.ok) return node;
    } catch {}
    await new Promise((r) => setTimeout(r, 250));
  }
  child.kill("SIGKILL");
  throw new Error(`${name} did not become healthy:\n${log.slice(-30).join("\n")}`);
}

export async function stopNode(node: Node, signal: NodeJS.Signals = "SIGTERM"): Promise<void> {
  if (node.process.exitCode !== null || node.process.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => node.process.once("exit", () => resolve()));
  node.process.kill(signal);
  const timer = setTimeout(() => node.process.kill("SIGKILL"), 10_000);
  await exited;
  clearTimeout(timer);
}

// biome-ignore lint/suspicious/noExplicitAny: JSON bodies are checked field by field in the tests
export async function api(node: Node, method: string, url: string, token?: string, body?: unknown): Promise<any> {
  const res = await fetch(node.url + url, {
    method,
    headers: {
      ...(token ? { "X-Access-Token": token } : {}),
      ...(body === undefined ? {} : { "Content-Type": "application/json" }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = (await res.json()) as { code: number; result: unknown; message: string };
  return { status: res.status, ...json };
}

const octet = () => Math.floor(Math.random() * 250) + 1;

/**
 * Register by e-mail as the app does: the address proved with the code sent to it
 * (purpose=register, read from the sandbox outbox), so the customer may deposit.
 */
export async function registerProved(node: Node, email: string): Promise<{ token: string; id: number }> {
  const headers = { "X-Forwarded-For": `10.${octet()}.${octet()}.${octet()}` };
  const sent = await fetch(`${node.url}/api/app/getEmailCaptcha?email=${encodeURIComponent(email)}&purpose=register`, {
    headers,
  });
  if (!sent.ok) throw new Error(`register code: ${sent.status} ${await sent.text()}`);
  const box = (await (await fetch(`${node.url}/dev/outbox?to=${encodeURIComponent(email)}`)).json()) as {
    result: { code: string | null }[];
  };
  const code = box.result.find((m) => m.code)?.code;
  if (!code) throw new Error(`no register code for ${email}`);
  const res = await fetch(`${node.url}/api/app/register`, {
    method: "POST",
    headers: { ...headers, "Content-Type": "application/json" },
    body: JSON.stringify({ type: "email", account: email, password: "Passw0rd1", agree: true, code }),
  });
  const json = (await res.json()) as { result: { token: string; userInfo: { id: number } } };
  if (!res.ok) throw new Error(`register: ${res.status} ${JSON.stringify(json)}`);
  return { token: json.result.token, id: json.result.userInfo.id };
}

/** A session of the seeded console admin on this node (password, then the TOTP code it enrols): it answers chat. */
export async function agentToken(node: Node): Promise<string> {
  const step1 = await api(node, "POST", "/api/staff/login", undefined, {
    username: "operator",
    password: OPERATOR_PASSWORD,
  });
  const code = await generate({ secret: step1.result.totpSecret, epoch: Math.floor(Date.now() / 1000) });
  const step2 = await api(node, "POST", "/api/staff/login/totp", undefined, { ticket: step1.result.ticket, code });
  return step2.result.token as string;
}
