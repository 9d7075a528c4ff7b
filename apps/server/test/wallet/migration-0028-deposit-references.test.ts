import { afterAll, expect, it } from "vitest";
import { migrate, readMigrations } from "../../src/db/migrate";
import { createEmptyDatabase } from "../helper";

const database = await createEmptyDatabase();
afterAll(() => database.close());

it("0028 applies over duplicate deposit references: the first keeps the key, the rest are marked legacy", async () => {
  await migrate(
    database,
    readMigrations().filter((m) => m.version < "0028"),
  );
  const [user] = await database.query<{ id: number | string }>(
    "INSERT INTO users (username) VALUES ('dup_refs') RETURNING id",
  );
  await database.exec(`
    INSERT INTO wallet_currencies (code, name, precision, networks, min_deposit, min_withdrawal, withdrawal_fee)
      VALUES ('USDT', 'Tether', 6, '["TRC20"]', 10, 10, 1) ON CONFLICT DO NOTHING;
    INSERT INTO deposits (id, user_id, currency, method, amount, status, provider, provider_ref, received_amount)
    VALUES (101, ${user?.id}, 'USDT', 'bank', 50, 1, 'manual', 'operator', 50),
           (102, ${user?.id}, 'USDT', 'bank', 60, 1, 'manual', 'operator', 60),
           (103, ${user?.id}, 'USDT', 'bank', 70, 1, 'manual', 'TX-9', 70),
           (104, ${user?.id}, 'USDT', 'bank', 70, 1, 'manual', 'tx-9', 70),
           (105, ${user?.id}, 'USDT', 'bank', 80, 1, 'sandbox', 'TX-9', 80),
           (106, ${user?.id}, 'USDT', 'bank', 90, 0, 'manual', NULL, NULL);
  `);
  await migrate(database);
  const rows = await database.query<{
    id: number | string;
    provider_ref: string | null;
    legacy: boolean;
    status: number;
  }>("SELECT id, provider_ref, provider_ref_legacy AS legacy, status FROM deposits ORDER BY id");
  expect(rows.map((r) => [Number(r.id), r.provider_ref, r.legacy, Number(r.status)])).toEqual([
    [101, "operator", true, 1],
    [102, "operator", true, 1],
    [103, "TX-9", false, 1],
    [104, "tx-9", true, 1],
    // Another provider's namespace: its own key.
    [105, "TX-9", false, 1],
    [106, null, false, 0],
  ]);
  // From now on the index holds: the same receipt of the same provider cannot credit again.
  await expect(
    database.exec("UPDATE deposits SET status = 1, provider_ref = 'Tx-9', received_amount = 90 WHERE id = 106"),
  ).rejects.toThrow();
  await database.exec("UPDATE deposits SET status = 1, provider_ref = 'TX-10', received_amount = 90 WHERE id = 106");
});
