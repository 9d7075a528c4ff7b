// Proof of reserves and liabilities (issue 33): the daily job and the operator's button make a
// Merkle sum tree of every customer's real balances; the public totals equal the ledger; a
// customer's own path verifies to the published root in the domain's code, a changed balance
// does not; a customer sees only their own leaf.
import { verifyProof } from "@candor/domain";
import { describe, expect, it } from "vitest";
import { auth, createStaffMember, fund, registerCustomer } from "../factory";
import { MIDWEEK, setupApp, startClockAt } from "../helper";

const ctx = await setupApp(startClockAt(MIDWEEK));
const { app, database } = ctx;

const businessNow = async () => new Date((await app.inject({ method: "GET", url: "/dev/clock" })).json().result.now);

async function nextDay() {
  const now = await businessNow();
  const midnight = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1, 0, 1);
  const res = await app.inject({
    method: "POST",
    url: "/dev/clock/advance",
    payload: { seconds: Math.ceil((midnight - now.getTime()) / 1000) },
  });
  expect(res.statusCode, res.body).toBe(200);
}

const latest = () => app.inject({ method: "GET", url: "/api/public/proof/latest" });
const mine = (token: string, id: number | string) =>
  app.inject({ method: "GET", url: `/api/proof/mine?id=${id}`, headers: auth(token) });

/** What customers own per currency in real accounts, straight from the ledger's rows. */
async function ledgerLiabilities() {
  const rows = await database.query<{ currency: string; total: string }>(
    `SELECT currency, sum(b)::text AS total FROM (
       SELECT user_id, currency, sum(credits_posted - debits_posted) AS b FROM ledger_accounts
        WHERE user_id IS NOT NULL AND kind NOT IN ('contest', 'demo') GROUP BY user_id, currency) s
      WHERE b > 0 GROUP BY currency ORDER BY currency`,
  );
  return new Map(rows.map((r) => [r.currency, Number(r.total)]));
}

describe("proof of reserves and liabilities", () => {
  const a = registerCustomer(app);
  const b = registerCustomer(app);

  it("the daily job makes one proof per business date, stamped with business time", async () => {
    const [ca, cb] = await Promise.all([a, b]);
    await fund(database, ca.id, "USDT", "1500.25");
    await fund(database, ca.id, "USDT", "300", "margin");
    await fund(database, ca.id, "BTC", "0.5", "earn");
    await fund(database, cb.id, "USDT", "42");
    await fund(database, cb.id, "ETH", "3", "frozen");
    await fund(database, cb.id, "VUSDT", "10000", "demo");
    await nextDay();
    const res = await latest();
    expect(res.statusCode, res.body).toBe(200);
    const proof = res.json().result;
    const now = await businessNow();
    expect(new Date(proof.createdAt).getTime()).toBeLessThanOrEqual(now.getTime());
    expect(new Date(proof.createdAt).getUTCHours()).toBe(0);
    expect(proof.root).toMatch(/^[0-9a-f]{64}$/);
    expect(proof.reserveSource).toBe("none");
    expect(proof.block).toBeNull();
    // The start made the first date's proof; the advance made the next date's; a second run of a
    // date (a job's lease taken over) answers the proof it already made.
    const dates = await database.query<{ d: string }>(
      "SELECT business_date::text AS d FROM reserve_proofs WHERE business_date IS NOT NULL ORDER BY id",
    );
    expect(dates).toHaveLength(2);
    const again = await app.reserves.make({ businessDate: dates[1]?.d ?? "" });
    expect(again.id).toBe(proof.id);
    expect(await database.query("SELECT id FROM reserve_proofs")).toHaveLength(2);
  });

  it("publishes liabilities per currency equal to the ledger's real customer balances, no reserves without a chain", async () => {
    const proof = (await latest()).json().result;
    const ledger = await ledgerLiabilities();
    expect(proof.totals.map((t: { currency: string }) => t.currency)).toEqual([...ledger.keys()]);
    for (const t of proof.totals) {
      expect(Number(t.liabilities)).toBe(ledger.get(t.currency));
      expect(t.reserves).toBeNull();
      expect(t.ratio).toBeNull();
    }
    expect(proof.totals.find((t: { currency: string }) => t.currency === "VUSDT")).toBeUndefined();
  });

  it("a customer's leaf holds every account kind they own and its path verifies to the published root", async () => {
    const ca = await a;
    const proof = (await latest()).json().result;
    const res = await mine(ca.token, proof.id);
    expect(res.statusCode, res.body).toBe(200);
    const own = res.json().result;
    expect(own.root).toBe(proof.root);
    expect(own.leaf.balances).toEqual(
      expect.arrayContaining([
        { currency: "BTC", amount: "0.5" },
        { currency: "USDT", amount: "1800.25" },
      ]),
    );
    expect(verifyProof(own)).toMatchObject({ ok: true });
  });

  it("a tampered balance fails verification", async () => {
    const ca = await a;
    const proof = (await latest()).json().result;
    const own = (await mine(ca.token, proof.id)).json().result;
    own.leaf.balances = own.leaf.balances.map((x: { currency: string; amount: string }) =>
      x.currency === "USDT" ? { ...x, amount: "1.25" } : x,
    );
    expect(verifyProof(own)).toMatchObject({ ok: false });
  });

  it("shows a customer only their own leaf: another proof id → 404, logged out → 401", async () => {
    const [ca, cb] = await Promise.all([a, b]);
    const proof = (await latest()).json().result;
    const leafA = (await mine(ca.token, proof.id)).json().result.leaf;
    const leafB = (await mine(cb.token, proof.id)).json().result.leaf;
    expect(leafB.hash).not.toBe(leafA.hash);
    expect(leafB.balances).not.toEqual(leafA.balances);
    expect((await mine(ca.token, proof.id + 1000)).statusCode).toBe(404);
    const poor = await registerCustomer(app);
    expect((await mine(poor.token, proof.id)).statusCode).toBe(404);
    expect((await app.inject({ method: "GET", url: `/api/proof/mine?id=${proof.id}` })).statusCode).toBe(401);
    expect((await mine(ca.token, "x")).statusCode).toBe(400);
  });

  it("the operator's button makes a new proof now that includes later balances; customers cannot press it", async () => {
    const [ca] = await Promise.all([a]);
    const finance = await createStaffMember(app, database, "finance");
    const denied = await app.inject({ method: "POST", url: "/api/operator/proof/make", headers: auth(ca.token) });
    expect(denied.statusCode).toBe(403);
    const many = await Promise.all(Array.from({ length: 4 }, () => registerCustomer(app)));
    for (const [i, c] of many.entries()) await fund(database, c.id, "USDT", String(i + 1));
    const res = await app.inject({ method: "POST", url: "/api/operator/proof/make", headers: auth(finance.token) });
    expect(res.statusCode, res.body).toBe(200);
    const made = res.json().result;
    expect(made.leaves).toBe(6);
    expect((await latest()).json().result.id).toBe(made.id);
    for (const c of [ca, ...many]) {
      const own = (await mine(c.token, made.id)).json().result;
      expect(verifyProof(own)).toMatchObject({ ok: true });
    }
    const usdt = made.totals.find((t: { currency: string }) => t.currency === "USDT");
    expect(Number(usdt.liabilities)).toBe((await ledgerLiabilities()).get("USDT"));
  });

  it("the daily job prunes the trees of proofs older than 90 days (header, root and totals stay); the newest tree is never pruned", async () => {
    const ca = await a;
    const count = async (table: string, proofId: number) =>
      Number(
        (
          await database.query<{ n: string }>(`SELECT count(*)::text AS n FROM ${table} WHERE proof_id = $1`, [proofId])
        )[0]?.n,
      );
    const old = (await latest()).json().result;
    const older = (
      await app.inject({
        method: "POST",
        url: "/api/operator/proof/make",
        headers: auth((await createStaffMember(app, database, "finance")).token),
      })
    ).json().result;
    expect(await count("reserve_proof_leaves", old.id)).toBeGreaterThan(0);
    // Both made more than 90 days before the business clock's now (set back in the data), one within.
    await database.query(
      `UPDATE reserve_proofs SET created_at = created_at - interval '91 days' WHERE id = ANY($1::bigint[])`,
      [[old.id, older.id]],
    );
    await nextDay();
    const today = (await latest()).json().result;
    expect(today.id).toBeGreaterThan(older.id);
    for (const id of [old.id, older.id]) {
      expect(await count("reserve_proof_leaves", id), `leaves of ${id}`).toBe(0);
      expect(await count("reserve_proof_nodes", id), `nodes of ${id}`).toBe(0);
      const gone = await mine(ca.token, id);
      expect(gone.statusCode).toBe(404);
      expect(gone.json().message).toMatch(/90 days/);
    }
    // The header stays: its root and totals are still the published record.
    const [kept] = await database.query<{ root: string; leaves: number }>(
      "SELECT root, leaves FROM reserve_proofs WHERE id = $1",
      [old.id],
    );
    expect(kept).toEqual({ root: old.root, leaves: old.leaves });
    expect(verifyProof((await mine(ca.token, today.id)).json().result)).toMatchObject({ ok: true });

    // A newest proof older than 90 days (the job stopped) keeps its tree: customers can still verify.
    await database.query(`UPDATE reserve_proofs SET created_at = created_at - interval '200 days' WHERE id = $1`, [
      today.id,
    ]);
    await app.reserves.prune();
    expect(await count("reserve_proof_leaves", today.id)).toBeGreaterThan(0);
  });
});
