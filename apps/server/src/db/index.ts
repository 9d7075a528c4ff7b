// One query layer (drizzle, PostgreSQL dialect) over either embedded PGlite under
// DATA_DIR (the default) or a real PostgreSQL server (DATABASE_URL).
import fs from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import pg from "pg";
import * as schema from "./schema";

export { schema };
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

/**
 * Rows of a named prepared statement on either driver (both return `{ rows }`): parsed and
 * planned once per connection on PostgreSQL, so `sql` must be the same text on every call
 * ($1, $2… for the parameters). For the hot paths (session lookup, balance reads, ledger).
 */
export async function preparedRows<T>(db: Db, name: string, sql: string, params: unknown[]): Promise<T[]> {
  const result = await db._.session.prepareQuery({ sql, params }, undefined, name, false).execute();
  return (result as unknown as { rows: T[] }).rows;
}

export interface Database {
  readonly kind: "pglite" | "postgres";
  readonly db: Db;
  /** Run SQL text with several statements and no parameters (migrations). */
  exec(sqlText: string): Promise<void>;
  /** Run one parameterised statement and return its rows (int8 comes back as string on pg, number on PGlite). */
  query<T = Record<string, unknown>>(sqlText: string, params?: unknown[]): Promise<T[]>;
  /**
   * Run `fn` on one dedicated connection while holding a PostgreSQL advisory lock
   * (session level). PGlite has a single connection, so there it just runs `fn`.
   */
  withLock<T>(lockKey: number, fn: (conn: Conn) => Promise<T>): Promise<T>;
  /**
   * Try to take a session-level advisory lock on a dedicated connection (not from the
   * pool) and keep it until `release()` — leadership of a background role (settlement).
   * Null when another session holds it. PGlite has one process and one connection: the
   * lock is always granted.
   */
  tryHoldLock(lockKey: number, options?: HoldLockOptions): Promise<HeldLock | null>;
  close(): Promise<void>;
  /** PGlite only: the whole data directory as a tarball (test templates, backups). */
  dump?: () => Promise<Blob>;
}

/** One connection: statements run in order, so BEGIN/COMMIT work across calls. */
export interface Conn {
  exec(sqlText: string): Promise<void>;
  query<T = Record<string, unknown>>(sqlText: string, params?: unknown[]): Promise<T[]>;
}

/** The lease of a held lock: how its connection proves it is alive. */
export interface HoldLockOptions {
  /** A `SELECT 1` on the lock's connection this often (ms). Default 1000. */
  heartbeatMs?: number;
  /** A heartbeat (or the unlock at release) not answered within this long loses the lock (ms). Default 2000. */
  heartbeatTimeoutMs?: number;
}

/** A session lock held on its own connection (see Database.tryHoldLock). */
export interface HeldLock {
  /**
   * Resolves if the connection (and so the lock) is lost, or stops answering its heartbeat
   * (then the holder must stop acting as the lock holder and release, which closes it).
   */
  readonly lost: Promise<void>;
  /** Unlock and close the connection; safe to call twice. */
  release(): Promise<void>;
}

// Return NUMERIC and int8 as strings from pg, like PGlite does for NUMERIC; money is
// never a JS number. (pg's default already keeps NUMERIC as a string.)
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => v);

export async function openPglite(options: { dataDir?: string; loadDataDir?: Blob } = {}): Promise<Database> {
  if (options.dataDir) fs.mkdirSync(path.dirname(options.dataDir), { recursive: true });
  const client = new PGlite({
    ...(options.dataDir ? { dataDir: options.dataDir } : {}),
    ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
    relaxedDurability: false,
  });
  await client.waitReady;
  const db = drizzlePglite({ client, schema }) as unknown as Db;
  return {
    kind: "pglite",
    db,
    exec: async (sqlText) => {
      await client.exec(sqlText);
    },
    query: async <T>(sqlText: string, params: unknown[] = []) => (await client.query<T>(sqlText, params)).rows,
    withLock: async (_lockKey, fn) => {
      const conn: Conn = {
        exec: async (sqlText) => {
          await client.exec(sqlText);
        },
        query: async <T>(sqlText: string, params: unknown[] = []) => (await client.query<T>(sqlText, params)).rows,
      };
      return fn(conn);
    },
    tryHoldLock: async () => ({ lost: new Promise<void>(() => {}), release: async () => {} }),
    close: () => client.close(),
    dump: async () => client.dumpDataDir("none"),
  };
}

export async function openPostgres(url: string, poolSize = 10): Promise<Database> {
  // Connections are replaced every 10 minutes: the ledger's prepared statements keep a
  // generic plan per connection, and a plan made while a table was empty (a fresh
  // deployment) would otherwise stay in use after the table has grown.
  const pool = new pg.Pool({ connectionString: url, max: poolSize, maxLifetimeSeconds: 600 });
  // An idle connection can be ended by the server (restart, DROP DATABASE … FORCE in
  // tests); without a listener pg would throw it as an uncaught error. The pool
  // replaces the connection on the next query.
  pool.on("error", (err) => {
    if ((err as { code?: string }).code !== "57P01") console.error("PostgreSQL idle connection error:", err.message);
  });
  // Fail fast with a clear message when the server is not there.
  const probe = await pool.connect();
  probe.release();
  const db = drizzlePg({ client: pool, schema }) as unknown as Db;
  return {
    kind: "postgres",
    db,
    exec: async (sqlText) => {
      await pool.query(sqlText);
    },
    query: async <T>(sqlText: string, params: unknown[] = []) => (await pool.query(sqlText, params)).rows as T[],
    withLock: async (lockKey, fn) => {
      const client = await pool.connect();
      try {
        await client.query("SELECT pg_advisory_lock($1)", [lockKey]);
        try {
          return await fn({
            exec: async (sqlText) => {
              await client.query(sqlText);
            },
            query: async <T>(sqlText: string, params: unknown[] = []) =>
              (await client.query(sqlText, params)).rows as T[],
          });
        } finally {
          await client.query("SELECT pg_advisory_unlock($1)", [lockKey]);
        }
      } finally {
        client.release();
      }
    },
    tryHoldLock: (lockKey, options) => holdLock(url, lockKey, options),
    close: () => pool.end(),
  };
}

/**
 * The settlement leader's lock (PostgreSQL): its own connection with TCP keepalive on both
 * ends (a peer that vanished is noticed in seconds, not the OS default of hours) and a
 * lease — a `SELECT 1` every `heartbeatMs` that must answer within `heartbeatTimeoutMs`,
 * else `lost` resolves so the holder steps down. release() never waits longer than that
 * timeout on an unresponsive connection: it destroys the socket, which ends the session
 * (and so the lock) on the server.
 */
async function holdLock(url: string, lockKey: number, options: HoldLockOptions = {}): Promise<HeldLock | null> {
  const heartbeatMs = options.heartbeatMs ?? 1000;
  const timeoutMs = options.heartbeatTimeoutMs ?? 2000;
  const client = new pg.Client({
    connectionString: url,
    keepAlive: true,
    keepAliveInitialDelayMillis: 1000,
    connectionTimeoutMillis: 5000,
  });
  let markLost: () => void = () => {};
  let isLost = false;
  const lost = new Promise<void>((resolve) => {
    markLost = () => {
      isLost = true;
      resolve();
    };
  });
  // A dropped connection releases the lock on the server; tell the holder.
  client.on("error", () => markLost());
  client.on("end", () => markLost());
  await client.connect();
  const destroy = () => {
    const stream = (client as unknown as { connection?: { stream?: { destroy(): void } } }).connection?.stream;
    stream?.destroy();
  };
  try {
    // The server ends this session (releasing the lock) when the leader's host vanishes.
    await client.query("SET tcp_keepalives_idle = 2; SET tcp_keepalives_interval = 1; SET tcp_keepalives_count = 3");
    const [row] = (await client.query<{ ok: boolean }>("SELECT pg_try_advisory_lock($1) AS ok", [lockKey])).rows;
    if (!row?.ok) {
      await client.end();
      return null;
    }
  } catch (err) {
    await client.end().catch(() => {});
    throw err;
  }
  /** Resolves true when `query` answered within the timeout. */
  const answered = async (sqlText: string, params: unknown[] = []): Promise<boolean> => {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<boolean>((resolve) => {
      timer = setTimeout(() => resolve(false), timeoutMs);
    });
    const query = client.query(sqlText, params).then(
      () => true,
      () => false,
    );
    const ok = await Promise.race([query, timeout]);
    clearTimeout(timer);
    return ok;
  };
  let beating = false;
  const heartbeat = setInterval(() => {
    if (beating || isLost) return;
    beating = true;
    void answered("SELECT 1").then((ok) => {
      beating = false;
      if (!ok) markLost();
    });
  }, heartbeatMs);
  heartbeat.unref();
  void lost.then(() => clearInterval(heartbeat));
  let released = false;
  return {
    lost,
    release: async () => {
      if (released) return;
      released = true;
      clearInterval(heartbeat);
      if (!isLost && (await answered("SELECT pg_advisory_unlock($1)", [lockKey]))) {
        await client.end().catch(() => {});
        return;
      }
      destroy();
      await Promise.race([client.end().catch(() => {}), new Promise((resolve) => setTimeout(resolve, timeoutMs))]);
    },
  };
}

export async function openDatabase(config: { databaseUrl?: string | undefined; dataDir: string }): Promise<Database> {
  return config.databaseUrl
    ? openPostgres(config.databaseUrl)
    : openPglite({ dataDir: path.join(config.dataDir, "pglite") });
}
