// Welfare tasks: progress from real events (deposit, trade, identity, Google), claim once
// (also under concurrency), 409 for unfinished or claimed, team tasks from invitees' facts,
// and the operator's task definitions.
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { auth, createOperator, fund, registerCustomer } from "../factory";
import { MIDWEEK, setupApp, startClockAt } from "../helper";
import { api, balance, openOk, taskDoneLog, tick } from "./factory";

const ctx = await setupApp(startClockAt(MIDWEEK));
const { app, database } = ctx;
const done = taskDoneLog(app);

// Gold trades on weekdays only (real time); these tests are about rewards, not the calendar:
// without this they fail on a Saturday or a Sunday (npm run test:dates).
beforeEach(() => {
  vi.spyOn(app.market, "isMarketOpen").mockReturnValue(true);
});
afterEach(() => {
  vi.restoreAllMocks();
});

const byEvent = (tasks: { event: string }[], event: string) => {
  const t = tasks.find((x) => x.event === event);
  if (!t) throw new Error(`no ${event} task`);
  return t as unknown as {
    id: number;
    progress: number;
    target: number;
    status: string;
    reward: string;
    title: string;
  };
};

describe("personal tasks", () => {
  it("complete from a deposit and a trade, pay once from the rewards account, and refuse a second claim", async () => {
    const c = await registerCustomer(app);
    const me = api(app, c.token);
    let tasks = await me.tasks();
    expect(byEvent(tasks, "deposit")).toMatchObject({ progress: 0, target: 1, status: "open" });
    expect((await me.claim(byEvent(tasks, "deposit").id)).status).toBe(409);

    await fund(database, c.id, "USDT", "1000");
    tick(app, "XAUUSD", "2400");
    await openOk(app, c, { symbol: "XAUUSD", direction: "long", margin: "100", leverage: 2 });
    tasks = await me.tasks();
    const dep = byEvent(tasks, "deposit");
    const trade = byEvent(tasks, "trade");
    expect(dep).toMatchObject({ progress: 1, status: "done" });
    expect(trade).toMatchObject({ progress: 1, status: "done" });
    expect(byEvent(tasks, "kyc_verified").status).toBe("open");
    expect(
      done
        .filter((e) => e.userId === c.id)
        .map((e) => e.taskId)
        .sort(),
    ).toEqual([dep.id, trade.id].sort());

    const before = await balance(database, c.id);
    const claim = await me.claim(dep.id);
    expect(claim.status, JSON.stringify(claim.body)).toBe(200);
    expect(claim.body.result).toMatchObject({ id: dep.id, reward: dep.reward, currency: "USDT" });
    expect(Number(await balance(database, c.id))).toBeCloseTo(Number(before) + Number(dep.reward), 8);
    const again = await me.claim(dep.id);
    expect(again.status).toBe(409);
    expect(again.body.message).toBe("You have already claimed this reward");
    expect(byEvent(await me.tasks(), "deposit").status).toBe("claimed");
    // Announced once even after several reads.
    expect(done.filter((e) => e.userId === c.id && e.taskId === dep.id)).toHaveLength(1);
  });

  it("pays a claim once when many arrive at the same time", async () => {
    const c = await registerCustomer(app);
    await fund(database, c.id, "USDT", "50");
    const me = api(app, c.token);
    const task = byEvent(await me.tasks(), "deposit");
    const before = await balance(database, c.id);
    const results = await Promise.all(Array.from({ length: 6 }, () => me.claim(task.id)));
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    expect(results.filter((r) => r.status === 409)).toHaveLength(5);
    expect(results.every((r) => r.status < 500)).toBe(true);
    expect(Number(await balance(database, c.id))).toBeCloseTo(Number(before) + Number(task.reward), 8);
  });

  it("counts identity verification and Google Authenticator from their events", async () => {
    const c = await registerCustomer(app);
    app.bus.publish("customer.activity", { userId: c.id, kind: "kyc_verified" });
    // The handler runs asynchronously; the read path also checks the real state.
    await new Promise((r) => setTimeout(r, 50));
    const [kycFact] = await database.query<{ n: string | number }>(
      "SELECT count(*) AS n FROM reward_facts WHERE user_id = $1 AND fact = 'kyc_verified'",
      [c.id],
    );
    expect(Number(kycFact?.n)).toBe(1);
    expect(byEvent(await api(app, c.token).tasks(), "kyc_verified").status).toBe("done");
  });

  it("answers 404 for an unknown task and 400 for a bad id, never 5xx", async () => {
    const c = await registerCustomer(app);
    const me = api(app, c.token);
    expect((await me.claim(999999)).status).toBe(404);
    expect((await me.claim("x" as unknown as number)).status).toBe(400);
    const bad = await app.inject({ method: "GET", url: "/api/marketing/tasks?scope=weird", headers: auth(c.token) });
    expect(bad.statusCode).toBe(400);
  });
});

describe("team tasks and invitations", () => {
  it("count distinct invited customers who deposit; the team shows size, depositors and new today", async () => {
    const inviter = await registerCustomer(app);
    const code = (await api(app, inviter.token).me()).body.result.inviteCode as string;
    const friends = [];
    for (let i = 0; i < 3; i++) friends.push(await registerCustomer(app, { inviteCode: code }));
    for (const f of friends.slice(0, 2)) await fund(database, f.id, "USDT", "20");
    const me = api(app, inviter.token);
    let task = byEvent(await me.tasks("team"), "deposit");
    expect(task).toMatchObject({ progress: 2, target: 3, status: "open" });
    const third = friends[2];
    if (!third) throw new Error("three friends");
    await fund(database, third.id, "USDT", "20");
    await fund(database, third.id, "USDT", "20");
    task = byEvent(await me.tasks("team"), "deposit");
    expect(task).toMatchObject({ progress: 3, status: "done" });
    expect((await me.claim(task.id)).status).toBe(200);

    const team = (await me.team()).body.result;
    expect(team).toMatchObject({
      inviteCode: code,
      teamSize: 3,
      newToday: 3,
      depositors: 3,
      levels: [{ level: 1, count: 3 }],
    });
    expect(team.inviteLink).toMatch(new RegExp(`/#/login\\?invite=${code}$`));
    expect(Number(team.teamIncome)).toBeCloseTo(Number(task.reward), 8);
  });

  it("refuses an invite code that does not exist at registration (400 with a message)", async () => {
    const res = await app.inject({
      method: "POST",
      url: "/api/app/register",
      payload: {
        type: "email",
        account: `nobody${Date.now()}@example.com`,
        password: "Secret123",
        agree: true,
        inviteCode: "NOPE0000",
      },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/invit/i);
  });
});

describe("operator task definitions", () => {
  it("creates, edits and deletes a task; a new task shows in the customer's language", async () => {
    const op = await createOperator(app, database);
    const title = {
      "en-us": "Trade twice",
      ko: "두 번 거래",
      jp: "2回取引",
      tai: "ซื้อขายสองครั้ง",
      mlxy: "Berdagang dua kali",
      vl: "Giao dịch hai lần",
      xi: "Opera dos veces",
      "zh-cn": "交易兩次",
    };
    const created = await app.inject({
      method: "POST",
      url: "/api/operator/rewards/tasks",
      headers: auth(op.token),
      payload: { scope: "personal", event: "trade", title, target: 2, reward: "1.5" },
    });
    expect(created.statusCode, created.body).toBe(200);
    const id = created.json().result.id as number;
    const c = await registerCustomer(app);
    const seen = await app.inject({
      method: "GET",
      url: "/api/marketing/tasks",
      headers: { ...auth(c.token), "x-lang": "ko" },
    });
    expect(seen.json().result.find((t: { id: number }) => t.id === id)).toMatchObject({
      title: "두 번 거래",
      target: 2,
      reward: "1.5",
    });

    const edited = await app.inject({
      method: "PUT",
      url: `/api/operator/rewards/tasks/${id}`,
      headers: auth(op.token),
      payload: { scope: "personal", event: "trade", title, target: 3, reward: "2", active: false },
    });
    expect(edited.json().result).toMatchObject({ target: 3, reward: "2", active: false });
    const badDates = await app.inject({
      method: "POST",
      url: "/api/operator/rewards/tasks",
      headers: auth(op.token),
      payload: {
        scope: "team",
        event: "trade",
        title,
        target: 1,
        reward: "1",
        startsAt: "2026-02-01T00:00:00Z",
        endsAt: "2026-01-01T00:00:00Z",
      },
    });
    expect(badDates.statusCode).toBe(400);
    const removed = await app.inject({
      method: "DELETE",
      url: `/api/operator/rewards/tasks/${id}`,
      headers: auth(op.token),
    });
    expect(removed.statusCode).toBe(200);
    const gone = await app.inject({
      method: "DELETE",
      url: `/api/operator/rewards/tasks/${id}`,
      headers: auth(op.token),
    });
    expect(gone.statusCode).toBe(404);
  });
});
