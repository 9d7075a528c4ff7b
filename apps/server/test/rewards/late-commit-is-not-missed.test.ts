// Item 8 of "Money that cannot be gamed": the rewards follower must see every followed transfer
// that commits, whatever its id. A futures open writes its fee transfer, then waits on the
// risk lock (the house's open-exposure row, held here by a second connection) while 150 later transfers commit and the
// follower reads past them; when the open finally commits, its low id is far behind anything
// an id cursor re-reads. It must still count as the customer's trade and pay the inviter's
// rebate. PostgreSQL only: PGlite has one connection, so nothing commits out of order there.
import pg from "pg";
import { describe, expect, it } from "vitest";
import { open } from "../contracts/factory";
import { fund, registerCustomer } from "../factory";
import { onPostgres, setupApp } from "../helper";
import { databaseUrlFor } from "../pg-urls";
import { api, type Json, tick } from "./factory";

const { app, database } = await setupApp();

async function until(check: () => Promise<boolean>, what: string): Promise<void> {
  for (let i = 0; i < 500; i++) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`timed out waiting for ${what}`);
}

describe("the rewards follower reads the ledger in commit order", () => {
  it.skipIf(!onPostgres)(
    "a futures open that commits after 150 later transfers still counts as a trade and pays its rebate",
    async () => {
      const b = await registerCustomer(app, { countryCode: "DE" });
      const code = (await api(app, b.token).me()).body.result.inviteCode as string;
      const a = await registerCustomer(app, { inviteCode: code });
      const other = await registerCustomer(app);
      await fund(database, a.id, "USDT", "1000");
      await app.rewards.follower.catchUp();
      tick(app, "BTCUSDT", "60000");

      const [db] = await database.query<{ name: string }>("SELECT current_database() AS name");
      const locker = new pg.Client({
        connectionString: databaseUrlFor(process.env.DATABASE_URL ?? "", db?.name ?? ""),
      });
      await locker.connect();
      try {
        await locker.query("BEGIN");
        // The risk check locks the house's open-exposure row (risk/service.ts reserveRisk).
        await locker.query(
          `INSERT INTO risk_open_exposure AS e (account, currency) VALUES ('house', 'USDT')
           ON CONFLICT (account, currency) DO UPDATE SET updated_at = e.updated_at`,
        );
        const opening = open(
          app,
          { id: a.id, token: a.token },
          {
            symbol: "BTCUSDT",
            direction: "long",
            margin: "100",
            leverage: 2,
          },
        );
        // The open has written its transfers and now waits for the risk lock.
        await until(async () => {
          const r = await locker.query(
            `SELECT count(*)::int AS n FROM pg_stat_activity
             WHERE datname = current_database() AND wait_event_type = 'Lock'`,
          );
          return r.rows[0].n > 0;
        }, "the futures open to wait on the risk lock");

        // 150 transfers the follower reads commit meanwhile, and it reads past them.
        for (let i = 0; i < 150; i++) await fund(database, other.id, "USDT", "1");
        await app.rewards.follower.catchUp();

        await locker.query("COMMIT");
        const opened = await opening;
        expect(opened.statusCode, opened.body).toBe(200);
      } finally {
        await locker.end();
      }
      await app.rewards.follower.catchUp();

      const trade = (await api(app, a.token).tasks("personal")).find((t: Json) => t.event === "trade");
      expect(trade).toMatchObject({ progress: 1, status: "done" });
      const rebates = (await api(app, b.token).rebates()).body.result;
      expect(rebates.total).toBe(1);
      expect(rebates.records[0]).toMatchObject({ source: "futures", currency: "USDT" });
    },
  );
});
