// Closing an account against money arriving at the same moment (issue 34 §4). Closing checks
// that every balance is zero, then anonymises the customer, who can never log in again. A
// credit that commits between that check and the close — or lands after it — would leave
// money on an account nobody can reach. The ledger therefore closes the owner's accounts in
// the close's transaction: a credit in flight is waited for and seen (the close is refused,
// 409), and a credit after the close is refused by the ledger (409), so the payer keeps it.
import { describe, expect, it } from "vitest";
import {
  auditLedger,
  batch,
  getBalances,
  ledgerTransaction,
  platformAccount,
  userAccount,
} from "../../src/modules/ledger/service";
import { auth, type Customer, fundedCustomer, takeOut } from "../factory";
import { MIDWEEK, onPostgres, setupApp, startClockAt } from "../helper";

const { app, database } = await setupApp(startClockAt(MIDWEEK));

const close = (c: Customer) =>
  app
    .inject({ method: "POST", url: "/api/user/close", headers: auth(c.token), payload: { password: c.password } })
    .then((res) => ({ status: res.statusCode, body: res.json() }));

const credit = (userId: number, currency: string, amount: string, key: string) => ({
  type: "transfer" as const,
  currency,
  debit: platformAccount("clearing"),
  credit: userAccount(userId),
  amount,
  key,
  kind: "deposit" as const,
  reference: { type: "test", id: key },
});

async function emptiedCustomer(): Promise<Customer> {
  const me = await fundedCustomer(app, database, "50");
  await takeOut(database, me.id, "USDT", "50");
  return me;
}

const realBalances = async (userId: number) =>
  (await getBalances(database.db, userId)).filter((b) => b.balance !== "0" || b.incoming !== "0");

describe("closing an account while money arrives", () => {
  it("a deposit credited after the close is refused by the ledger (409), so no money is stranded on a closed account", async () => {
    const me = await emptiedCustomer();
    expect((await close(me)).status).toBe(200);
    // An account the customer had (USDT) and one created on first use (BTC).
    for (const [currency, amount] of [
      ["USDT", "25"],
      ["BTC", "0.01"],
    ] as const) {
      const error = await batch(database.db, [credit(me.id, currency, amount, `late-${currency}-${me.id}`)]).then(
        () => null,
        (e: unknown) => e as { status?: number; name?: string },
      );
      expect(error?.name, currency).toBe("AccountClosedError");
      expect(error?.status).toBe(409);
    }
    expect(await realBalances(me.id)).toEqual([]);
    expect((await auditLedger(database.db)).violations).toEqual([]);
  });

  it("a rebate, a gift or a prize credited after the close is refused too", async () => {
    const me = await emptiedCustomer();
    expect((await close(me)).status).toBe(200);
    for (const kind of ["rebate", "vip_envelope", "contest_prize"] as const) {
      const key = `late-${kind}-${me.id}`;
      await expect(
        batch(database.db, [{ ...credit(me.id, "USDT", "1", key), debit: platformAccount("rewards"), kind }]),
      ).rejects.toMatchObject({ name: "AccountClosedError" });
    }
    expect(await realBalances(me.id)).toEqual([]);
  });

  it.skipIf(!onPostgres)(
    "a deposit committing while the close runs is waited for and seen: the close is refused (409), nothing stranded",
    async () => {
      const me = await emptiedCustomer();
      let release: () => void = () => {};
      const held = new Promise<void>((resolve) => {
        release = resolve;
      });
      let credited: () => void = () => {};
      const lockTaken = new Promise<void>((resolve) => {
        credited = resolve;
      });
      // The deposit's transaction takes the customer's account rows and stays open.
      const deposit = ledgerTransaction(database.db, async (tx) => {
        await batch(tx, [credit(me.id, "USDT", "40", `in-flight-${me.id}`)]);
        credited();
        await held;
      });
      await lockTaken;
      const closing = close(me);
      // Wait until the close is blocked on a row lock held by the open deposit (or has finished
      // without waiting — the defect).
      let finished = false;
      void closing.then(() => {
        finished = true;
      });
      for (let i = 0; i < 200 && !finished; i++) {
        const [waiting] = await database.query<{ n: number | string }>(
          "SELECT count(*) AS n FROM pg_stat_activity WHERE wait_event_type = 'Lock' AND query LIKE '%ledger_accounts%'",
        );
        if (Number(waiting?.n) > 0) break;
        await new Promise((r) => setTimeout(r, 25));
      }
      release();
      await deposit;
      const res = await closing;
      expect(res.status, JSON.stringify(res.body)).toBe(409);
      expect(res.body.result.open).toContainEqual({ kind: "balance", currency: "USDT", amount: "40" });
      // The customer can still log in and withdraw it.
      const [row] = await database.query<{ email: string | null }>("SELECT email FROM users WHERE id = $1", [me.id]);
      expect(row?.email).toBe(me.email);
    },
  );
});
