import { afterAll, expect, it } from "vitest";
import { migrate, readMigrations } from "../../src/db/migrate";
import {
  auditLedger,
  batch,
  getAccountBalance,
  getPlatformBalances,
  getPlatformShardBalances,
  platformAccount,
  userAccount,
} from "../../src/modules/ledger/service";
import { shardForUser } from "../../src/modules/ledger/shards";
import { createEmptyDatabase } from "../helper";
import { deposit } from "./factories";

const database = await createEmptyDatabase();
afterAll(() => database.close());

it("0013 keeps every balance of an existing ledger: platform accounts become shard 0", async () => {
  const all = readMigrations();
  const before = all.filter((m) => m.version < "0013");
  expect(all.some((m) => m.version === "0013")).toBe(true);
  await migrate(database, before);

  // A ledger written before 0013: two customers funded from clearing, a fee, an open hold,
  // in the old single-account layout (rows as the old engine wrote them).
  const users = (
    await database.query<{ id: number | string }>(
      "INSERT INTO users (username) VALUES ('mig_a'), ('mig_b') RETURNING id",
    )
  ).map((r) => Number(r.id));
  const [a, b] = users as [number, number];
  await database.exec(`
    INSERT INTO ledger_accounts (id, user_id, currency, kind, debits_posted, credits_posted, debits_pending, credits_pending)
    VALUES (9001, NULL, 'USDT', 'clearing', 300, 0, 0, 20),
           (9002, NULL, 'USDT', 'fees', 0, 5, 0, 0),
           (9003, ${a}, 'USDT', 'spot', 5, 100, 20, 0),
           (9004, ${b}, 'USDT', 'spot', 0, 200, 0, 0);
    INSERT INTO ledger_transfers (idempotency_key, phase, debit_account_id, credit_account_id, currency, amount, kind,
                                  reference_type, reference_id)
    VALUES ('deposit:old:a', 'posted', 9001, 9003, 'USDT', 100, 'deposit', 'deposit', 'old-a'),
           ('deposit:old:b', 'posted', 9001, 9004, 'USDT', 200, 'deposit', 'deposit', 'old-b'),
           ('fee:old:a', 'posted', 9003, 9002, 'USDT', 5, 'fee', 'fee', 'old-a'),
           ('withdrawal:old:a:hold', 'pending', 9003, 9001, 'USDT', 20, 'withdrawal', 'withdrawal', 'old-a');
    SELECT setval(pg_get_serial_sequence('ledger_accounts', 'id'), 9004);`);
  expect((await auditLedger(database.db)).violations).toEqual([]);

  expect(await migrate(database)).toEqual(all.filter((m) => m.version >= "0013").map((m) => `${m.version}_${m.name}`));
  const shards = await getPlatformShardBalances(database.db, "USDT");
  expect(shards.map((s) => [s.accountId, s.kind, s.shard, s.balance, s.incoming])).toEqual([
    [9001, "clearing", 0, "-300", "20"],
    [9002, "fees", 0, "5", "0"],
  ]);
  expect((await getAccountBalance(database.db, { ...userAccount(a), currency: "USDT" }))?.available).toBe("75");
  expect((await auditLedger(database.db)).violations).toEqual([]);

  // An old key replays to the old transfer on shard 0, whatever shard the customer maps to now.
  const replay = await batch(database.db, [
    {
      type: "transfer",
      currency: "USDT",
      debit: platformAccount("clearing"),
      credit: userAccount(a),
      amount: "100",
      key: "deposit:old:a",
      kind: "deposit",
      reference: { type: "deposit", id: "old-a" },
    },
  ]);
  expect(replay.replayed).toBe(true);
  expect(replay.transfers[0]?.debitAccountId).toBe(9001);

  // New deposits book on each customer's shard; reads add them to shard 0's balance.
  await batch(database.db, [deposit(a, "USDT", "1", "deposit:new:a"), deposit(b, "USDT", "2", "deposit:new:b")]);
  const clearing = (await getPlatformShardBalances(database.db, "USDT")).filter((s) => s.kind === "clearing");
  expect(new Set(clearing.map((s) => s.shard))).toEqual(new Set([0, shardForUser(a), shardForUser(b)]));
  expect((await getAccountBalance(database.db, { ...platformAccount("clearing"), currency: "USDT" }))?.balance).toBe(
    "-303",
  );
  expect((await getPlatformBalances(database.db, "USDT")).map((p) => [p.kind, p.balance])).toEqual([
    ["clearing", "-303"],
    ["fees", "5"],
  ]);
  expect((await auditLedger(database.db)).violations).toEqual([]);

  // The shard of an account never changes; customer accounts are never sharded.
  await expect(database.exec("UPDATE ledger_accounts SET shard = 1 WHERE id = 9001")).rejects.toThrow(/never change/);
  await expect(
    database.exec(`INSERT INTO ledger_accounts (user_id, currency, kind, shard) VALUES (${a}, 'EUR', 'spot', 2)`),
  ).rejects.toThrow(/ledger_accounts_shard_check/);
});
