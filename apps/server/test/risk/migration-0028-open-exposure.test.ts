import { afterAll, expect, it } from "vitest";
import { migrate, readMigrations } from "../../src/db/migrate";
import { createEmptyDatabase } from "../helper";

const database = await createEmptyDatabase();
afterAll(() => database.close());

it("0028 gives every trade open at the migration its reservation, and the sum per currency", async () => {
  await migrate(
    database,
    readMigrations().filter((m) => m.version < "0028"),
  );
  const [user] = await database.query<{ id: number | string }>(
    "INSERT INTO users (username) VALUES ('open_at_migration') RETURNING id",
  );
  const position = (id: number, mode: string, currency: string, margin: number, leverage: number, status: string) =>
    `(${id}, ${user?.id}, '${mode}', '${currency}', 'BTCUSDT', 'long', ${margin}, ${leverage}, 0.01, 65000, 0.1,
      40000, 65000, now(), '${status}')`;
  await database.exec(`
    INSERT INTO futures_positions (id, user_id, mode, currency, symbol, direction, margin, leverage, quantity,
      open_price, open_fee, close_out_price, open_tick_price, open_tick_at, status)
    VALUES ${position(1, "real", "USDT", 100, 5, "open")},
           ${position(2, "real", "USDT", 250.5, 2, "settling")},
           ${position(4, "demo", "VUSDT", 100, 20, "open")};
  `);
  await migrate(database);
  const reservations = await database.query<{ ref_type: string; ref_id: string | number; amount: string }>(
    "SELECT ref_type, ref_id, amount::text FROM risk_reservations ORDER BY ref_type, ref_id",
  );
  expect(reservations.map((r) => [r.ref_type, Number(r.ref_id), Number(r.amount)])).toEqual([
    ["futures_position", 1, 500],
    ["futures_position", 2, 501],
  ]);
  const sums = await database.query<{ account: string; currency: string; worst_case: string; open_count: number }>(
    "SELECT account, currency, worst_case::text, open_count FROM risk_open_exposure",
  );
  expect(sums.map((s) => [s.account, s.currency, Number(s.worst_case), Number(s.open_count)])).toEqual([
    ["house", "USDT", 1001, 2],
  ]);
});
