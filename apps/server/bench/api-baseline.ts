// The yardstick of `npm run bench:api`: a bare Fastify + pg server, in its own process, doing
// the same database work as the product's routes and nothing else — no plugins, no
// validation, no security headers, no rate limit, plain JSON.stringify. Prints "PORT <n>".
//   balance read:  the session by token hash, the user's ledger accounts
//   asset centre:  the same two, plus the user's open futures positions
//   symbol list:   the product's list fetched once at start, re-serialised per request
import { createHash } from "node:crypto";
import Fastify from "fastify";
import pg from "pg";

const [databaseUrl, poolSize, productUrl] = process.argv.slice(2);
if (!databaseUrl || !productUrl) throw new Error("usage: api-baseline.ts <databaseUrl> <poolSize> <productUrl>");
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => v);
const pool = new pg.Pool({ connectionString: databaseUrl, max: Number(poolSize) || 10 });

const SESSION_SQL = `SELECT u.id, u.username, u.role, s.id AS session_id
  FROM sessions s JOIN users u ON u.id = s.user_id
  WHERE s.token_hash = $1 AND s.revoked_at IS NULL AND s.expires_at > now() LIMIT 1`;
const ACCOUNTS_SQL = `SELECT currency, kind, debits_posted, credits_posted, debits_pending, credits_pending
  FROM ledger_accounts WHERE coalesce(user_id, 0) = $1 AND user_id IS NOT NULL ORDER BY currency, kind`;
const POSITIONS_SQL = `SELECT * FROM futures_positions WHERE user_id = $1 AND mode = 'real' AND status <> 'closed'`;

const envelope = (result: unknown) => ({ success: true, code: 200, message: "Success", result, timestamp: Date.now() });

async function session(token: string | string[] | undefined) {
  if (typeof token !== "string") return null;
  const hash = createHash("sha256").update(token).digest("hex");
  const { rows } = await pool.query(SESSION_SQL, [hash]);
  return rows[0] ?? null;
}

async function main() {
  const symbols = await (await fetch(`${productUrl}/api/trade/appSymbol/list`)).json();
  const app = Fastify({ logger: false });
  app.get("/api/finance/appWallet/queryUserBalance", async (request, reply) => {
    const user = await session(request.headers["x-access-token"]);
    if (!user) return reply.code(401).send({ success: false });
    const { rows } = await pool.query(ACCOUNTS_SQL, [user.id]);
    return envelope(rows);
  });
  app.get("/api/finance/appWallet/queryUserAssets", async (request, reply) => {
    const user = await session(request.headers["x-access-token"]);
    if (!user) return reply.code(401).send({ success: false });
    const [accounts, positions] = await Promise.all([
      pool.query(ACCOUNTS_SQL, [user.id]),
      pool.query(POSITIONS_SQL, [user.id]),
    ]);
    return envelope({ accounts: accounts.rows, positions: positions.rows.length });
  });
  // The bench reads this process's CPU time around each run (CPU per request is the figure
  // that stays meaningful on a machine busy with other work).
  app.get("/__cpu", async () => process.cpuUsage());
  app.get("/api/trade/appSymbol/list", async () => envelope((symbols as { result: unknown }).result));
  const address = await app.listen({ port: 0, host: "127.0.0.1" });
  process.stdout.write(`PORT ${new URL(address).port}\n`);
  const stop = async () => {
    await app.close();
    await pool.end();
    process.exit(0);
  };
  process.on("SIGTERM", () => void stop());
  process.on("SIGINT", () => void stop());
}

main().catch((err: Error) => {
  console.error(err.stack ?? err.message);
  process.exit(1);
});
