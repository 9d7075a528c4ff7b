// Item 1 of "Money that cannot be gamed": demo (VUSDT) and contest (CUSDT) trades are play
// money. A futures close debits its fee from `margin` (any mode) and a contest fee comes from
// `contest`, so they must not complete the "first trade" task, count for the inviter's team
// task, or pay the inviter a rebate. Only a real (USDT) trade does, and its rebate is in USDT.
import { describe, expect, it } from "vitest";
import { contestApi, createContest, HOUR } from "../contests/factory";
import { closeRes } from "../contracts/factory";
import { auth, createOperator, fund, registerCustomer } from "../factory";
import { setupApp } from "../helper";
import { api, balance, type Json, openOk, tick } from "./factory";

const { app, database } = await setupApp();
const contests = contestApi(app);

async function tradeTask(token: string): Promise<Json> {
  const task = (await api(app, token).tasks("personal")).find((t: Json) => t.event === "trade");
  if (!task) throw new Error("no trade task");
  return task;
}

describe("demo and contest trades earn no real rewards", () => {
  it("a demo close and a contest close complete no trade task and pay the inviter no rebate; a real trade does", async () => {
    const operator = await createOperator(app, database);
    tick(app, "BTCUSDT", "60000");
    const contest = await createContest(app, operator.token);
    const b = await registerCustomer(app, { countryCode: "DE" });
    const code = (await api(app, b.token).me()).body.result.inviteCode as string;
    const a = await registerCustomer(app, { inviteCode: code });

    // Demo: the demo account is granted on first read; open and close a position.
    const grant = await app.inject({ method: "GET", url: "/api/trade/appDemoAccount/balance", headers: auth(a.token) });
    expect(grant.statusCode, grant.body).toBe(200);
    const demo = await openOk(app, a, {
      symbol: "BTCUSDT",
      direction: "long",
      margin: "1000",
      leverage: 2,
      mode: "demo",
    });
    tick(app, "BTCUSDT", "60010");
    expect((await closeRes(app, a, demo.id)).statusCode).toBe(200);

    // Contest: join, wait for the start, open and close a position with contest money.
    expect((await contests.join(a.token, contest.id)).status).toBe(200);
    expect((await contests.advance(HOUR + 60)).status).toBe(200);
    tick(app, "BTCUSDT", "60020");
    const opened = await contests.open(a.token, {
      symbol: "BTCUSDT",
      direction: "long",
      margin: "1000",
      leverage: "2",
      mode: "contest",
      contestId: contest.id,
    });
    expect(opened.status, opened.message).toBe(200);
    tick(app, "BTCUSDT", "60030");
    expect((await closeRes(app, a, opened.result.id)).statusCode).toBe(200);

    // No trade task done, the claim is refused and nothing is paid.
    const task = await tradeTask(a.token);
    expect(task).toMatchObject({ progress: 0, status: "open" });
    const claim = await api(app, a.token).claim(task.id);
    expect(claim.status).toBe(409);
    expect(await balance(database, a.id)).toBe("0");

    // B: no rebate row, nothing credited in any currency, no trader in the team.
    const me = api(app, b.token);
    expect((await me.rebates()).body.result.total).toBe(0);
    for (const currency of ["USDT", "VUSDT", "CUSDT"])
      expect(await balance(database, b.id, "spot", currency)).toBe("0");
    expect((await me.team()).body.result).toMatchObject({ traders: 0 });
    const rebateRows = await database.query<{ n: string | number }>(
      "SELECT count(*) AS n FROM reward_rebates WHERE inviter_id = $1",
      [b.id],
    );
    expect(Number(rebateRows[0]?.n)).toBe(0);

    // The control: a real trade counts, and its rebate is paid in USDT only.
    await fund(database, a.id, "USDT", "1000");
    const real = await openOk(app, a, { symbol: "BTCUSDT", direction: "long", margin: "100", leverage: 2 });
    tick(app, "BTCUSDT", "60040");
    expect((await closeRes(app, a, real.id)).statusCode).toBe(200);
    expect((await api(app, a.token).claim(task.id)).status).toBe(200);
    const rebates = (await me.rebates()).body.result;
    expect(rebates.total).toBe(2);
    expect(rebates.records.map((r: Json) => r.currency)).toEqual(["USDT", "USDT"]);
    expect((await me.team()).body.result).toMatchObject({ traders: 1 });
  });
});
