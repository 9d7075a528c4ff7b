// Issue "Money that cannot be gamed", item 11 — jobs that return money never give up
// silently. A fixed-term order's end (its principal back to the customer) meets a ledger that
// refuses the return (a real database fault: a trigger refuses that transfer) and fails 10
// times; then, instead of giving up silently, it is in the dead-letter list the console shows
// to finance and admin, flagged as an alert. The fault is fixed, finance re-runs it:
// the principal comes back once — a second re-run is refused and moves nothing — and the
// re-run is in the audit log.
import { describe, expect, it } from "vitest";
import { getJob } from "../../src/lib/jobs";
import { auditLedger } from "../../src/modules/ledger/service";
import { balances, earnApi, type Json } from "../earn/factory";
import { auth, createStaffMember, fundedCustomer } from "../factory";
import { setupApp } from "../helper";

const { app, database } = await setupApp();
const api = earnApi(app);

const FAULT = `
  CREATE FUNCTION test_refuse_earn_return() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    IF NEW.idempotency_key LIKE 'earn:%:return' THEN
      RAISE EXCEPTION 'ledger unavailable for principal returns';
    END IF;
    RETURN NEW;
  END $$;
  CREATE TRIGGER test_refuse_earn_return BEFORE INSERT ON ledger_transfers
    FOR EACH ROW EXECUTE FUNCTION test_refuse_earn_return();`;
const FIXED = "DROP TRIGGER test_refuse_earn_return ON ledger_transfers; DROP FUNCTION test_refuse_earn_return();";

describe("a money-returning job that keeps failing", async () => {
  const finance = await createStaffMember(app, database, "finance");
  const admin = await createStaffMember(app, database, "admin");
  const support = await createStaffMember(app, database, "support");
  const staffCall = (token: string, method: "GET" | "POST", url: string, payload?: object) =>
    app.inject({ method, url, headers: auth(token), ...(payload ? { payload } : {}) });

  const c = await fundedCustomer(app, database, "5000");
  const p = await api.product("arbitrage", 7);
  const bought = await api.buy(c.token, p.id, "1000");
  const orderId = bought.result.id as number;
  const key = `earn-end:${orderId}`;

  it("fails 10 times, then waits in the dead-letter list as an alert — the principal still owed", async () => {
    expect(bought.status, bought.message).toBe(200);
    await database.exec(FAULT);
    await api.advance(7 * 86_400 + 60);
    // Each advance runs the due retry once (back-off at most 5 minutes).
    for (let i = 0; i < 12 && (await getJob(database.db, key))?.status !== "failed"; i++) await api.advance(600);
    const job = await getJob(database.db, key);
    expect(job).toMatchObject({ status: "failed", attempts: 10, alert: true });
    expect(job?.lastError).toMatch(/ledger unavailable/);
    expect((await balances(database, c.id)).earn).toBe("1000");

    const list = await staffCall(finance.token, "GET", "/api/operator/jobs/dead?pageSize=50");
    expect(list.statusCode, list.body).toBe(200);
    const body = list.json().result;
    expect(body.alerts).toBeGreaterThanOrEqual(1);
    const dead = body.records.find((r: Json) => r.key === key);
    expect(dead).toMatchObject({ name: "earn.end", attempts: 10, maxAttempts: 10, alert: true, reruns: 0 });
    expect(dead.lastError).toMatch(/ledger unavailable/);
    expect(dead.payload).toEqual({ id: orderId });
    const alerts = await staffCall(admin.token, "GET", "/api/operator/jobs/dead?alert=true");
    expect(alerts.json().result.records.map((r: Json) => r.key)).toContain(key);
    expect((await staffCall(support.token, "GET", "/api/operator/jobs/dead")).statusCode).toBe(403);
  });

  it("once fixed, finance re-runs it: the principal comes back once; a second re-run is refused", async () => {
    await database.exec(FIXED);
    const id = (await getJob(database.db, key))?.id as number;
    const res = await staffCall(finance.token, "POST", "/api/operator/jobs/rerun", { id });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().result).toMatchObject({ id, status: "done", reruns: 1 });
    expect((await getJob(database.db, key))?.status).toBe("done");
    const before = await balances(database, c.id);
    expect(before.earn).toBe("0");
    const order = (await api.order(c.token, orderId)).result;
    expect(order).toMatchObject({ status: "ended", returnedAmount: "1000" });

    const again = await staffCall(admin.token, "POST", "/api/operator/jobs/rerun", { id });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toMatch(/dead-letter/);
    expect((await staffCall(admin.token, "POST", "/api/operator/jobs/rerun", { id: 99_999_999 })).statusCode).toBe(404);
    expect((await staffCall(admin.token, "POST", "/api/operator/jobs/rerun", { id: "x" })).statusCode).toBe(400);
    expect(await balances(database, c.id)).toEqual(before);
    const returns = await database.query<{ n: string }>(
      "SELECT count(*) AS n FROM ledger_transfers WHERE idempotency_key = $1",
      [`earn:${orderId}:return`],
    );
    expect(Number(returns[0]?.n)).toBe(1);
    expect((await auditLedger(database.db)).violations).toEqual([]);
  });

  it("every re-run is in the staff audit log", async () => {
    const res = await staffCall(admin.token, "GET", "/api/operator/audit/list?targetType=job&pageSize=20");
    expect(res.statusCode, res.body).toBe(200);
    const records = res.json().result.records as Json[];
    expect(records.filter((r) => r.action === "jobs.rerun").length).toBeGreaterThanOrEqual(1);
    expect(records.some((r) => r.username === finance.username)).toBe(true);
  });
});
