// A crash in the middle of a liquidation: the process "dies" after the liquidation's ledger
// batch and before its commit (settler killed, transaction rolled back). Nothing of it
// remains; after the settlement leader restarts it replays the recorded ticks from its
// watermark and every triggered loan is liquidated exactly once, by the same tick.
import { dec } from "@candor/domain";
import { afterEach, describe, expect, it } from "vitest";
import { auditLedger, getTransfersByReference } from "../../src/modules/ledger/service";
import { fund, registerCustomer } from "../factory";
import { setupApp } from "../helper";
import { balance, loansApi, tick } from "./factory";

const { app, database } = await setupApp();
const api = loansApi(app);

afterEach(() => {
  app.loans.settler.hooks = {};
});

async function statuses(ids: number[]) {
  const rows = await database.query<{ status: string; n: number | string }>(
    "SELECT status, count(*) AS n FROM loan_orders WHERE id = ANY($1::bigint[]) GROUP BY status",
    [ids],
  );
  return Object.fromEntries(rows.map((r) => [r.status, Number(r.n)])) as Record<string, number>;
}

describe("a liquidation interrupted inside its transaction", () => {
  it("rolls back, and the restarted leader liquidates every loan once by the same tick", async () => {
    const N = 6;
    const c = await registerCustomer(app);
    await fund(database, c.id, "BTC", String(N));
    const set = await api.set("pledge");
    tick(app, "BTCUSDT", "60000");
    const ids: number[] = [];
    for (let i = 0; i < N; i++) {
      const res = await api.pledgeApply(c.token, {
        setId: set.id,
        amount: "30000",
        days: 30,
        collateralCurrency: "BTC",
        collateralAmount: "1",
        requestId: `crash-${i}`,
      });
      expect(res.status, res.message).toBe(200);
      ids.push(res.result.id);
    }
    const settler = app.loans.settler;
    let calls = 0;
    let crashed = 0;
    settler.hooks = {
      beforeCommit: (id) => {
        calls++;
        if (calls === 3) {
          crashed = id;
          settler.kill(); // the process dies here: after the ledger batch, before the commit
          throw new Error("process died");
        }
      },
    };
    const trigger = tick(app, "BTCUSDT", "34000"); // beyond the liquidation LTV for all of them
    await app.market.flush(); // the tick is recorded (evidence and replay)
    await app.settlement.caughtUp();
    await settler.idle();
    const atCrash = await statuses(ids);
    expect(atCrash.liquidated).toBeGreaterThanOrEqual(2);
    expect(atCrash.liquidated).toBeLessThan(N);
    expect((await statuses([crashed])).passed).toBe(1);
    const keys = (await getTransfersByReference(database.db, "loan", crashed)).map((t) => t.key);
    expect(keys.some((k) => k.includes(":liquidate:"))).toBe(false);
    expect((await auditLedger(database.db)).violations).toEqual([]);

    settler.hooks = {};
    await app.settlement.stop();
    await app.settlement.start();
    await app.settlement.caughtUp();
    await settler.idle();
    expect(await statuses(ids)).toEqual({ liquidated: N });
    const check = async () => {
      let returned = dec(0);
      for (const id of ids) {
        const d = (await api.detail(c.token, id)).result;
        expect(d.evidence.filter((e: { kind: string }) => e.kind === "liquidation")).toEqual([
          expect.objectContaining({ ts: trigger.ts, price: "34000" }),
        ]);
        expect(d.repayments).toHaveLength(1);
        returned = returned.plus(d.liquidation.collateralReturned);
        const sells = (await getTransfersByReference(database.db, "loan", id)).filter((t) =>
          t.key.endsWith(":liquidate:sell"),
        );
        expect(sells).toHaveLength(1);
      }
      expect(await balance(database, c.id, "BTC")).toBe(returned.toFixed());
      expect(await balance(database, c.id, "BTC", "collateral")).toBe("0");
      expect((await auditLedger(database.db)).violations).toEqual([]);
    };
    await check();

    // Another restart finds nothing more to do.
    const before = settler.stats.settled;
    await app.settlement.stop();
    await app.settlement.start();
    await app.settlement.caughtUp();
    await settler.idle();
    expect(settler.stats.settled).toBe(before);
    await check();
  });
});
