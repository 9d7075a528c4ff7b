// The inbox is built from real events: a sandbox deposit credited, events of other modules
// (tolerant payloads, each once), an identity review, an option settlement, an earn order's
// end, a withdrawal rejected; read and unread per customer.
import { describe, expect, it } from "vitest";
import { createOperator, fund, registerCustomer, verifyIdentity, walletCustomer } from "../factory";
import { MIDWEEK, setupApp, startClockAt } from "../helper";
import { api } from "../wallet/factory";

const { app, database } = await setupApp(startClockAt(MIDWEEK));
const { get, post } = api(app);
const admin = await createOperator(app, database);

describe("inbox", () => {
  const waitFor = async (check: () => Promise<boolean>, ms = 8000) => {
    const start = Date.now();
    while (Date.now() - start < ms) {
      if (await check()) return;
      await new Promise((r) => setTimeout(r, 50));
    }
    throw new Error("timed out");
  };

  it("a credited sandbox deposit leaves a message in the reader's language; read, unread, others' ids 404", async () => {
    const alice = await registerCustomer(app);
    const bob = await registerCustomer(app);
    const dep = await post("/api/finance/appRecharge/apply", alice.token, {
      currency: "USDT",
      network: "TRC20",
      amount: "125",
    });
    expect(dep.status).toBe(200);
    // (A first deposit may also complete a welfare task: that message is a task one, counted apart.)
    await waitFor(async () => (await get("/api/content/appNotice/unread", alice.token)).result.transaction === 1);
    const list = await get("/api/content/appNotice/myList?category=transaction", alice.token);
    expect(list.result.records).toHaveLength(1);
    const [msg] = list.result.records;
    expect(msg).toMatchObject({ category: "transaction", title: "Deposit credited", read: false });
    expect(msg.body).toBe(`125 USDT from deposit #${dep.result.id} is now in your available balance.`);
    const inKorean = await get("/api/content/appNotice/myList?category=transaction", alice.token, { "x-lang": "ko" });
    expect(inKorean.result.records[0].title).toBe("입금 완료");
    const tasks = await get("/api/content/appNotice/myList?category=task", alice.token);
    expect(tasks.result.records.every((r: { category: string }) => r.category === "task")).toBe(true);

    // Bob sees nothing of Alice's and cannot mark or open her message.
    expect((await get("/api/content/appNotice/myList", bob.token)).result.total).toBe(0);
    expect((await post("/api/content/appNotice/read", bob.token, { ids: [msg.id] })).status).toBe(404);
    expect((await get(`/api/content/appNotice/detail?id=${msg.id}`, bob.token)).status).toBe(404);
    expect((await get("/api/content/appNotice/unread", alice.token)).result.transaction).toBe(1);

    const read = await post("/api/content/appNotice/read", alice.token, { ids: [msg.id] });
    expect(read.result).toMatchObject({ system: 0, transaction: 0 });
    expect(read.result.count).toBe(read.result.task);
    const after = (await get("/api/content/appNotice/myList", alice.token)).result.records;
    expect(after.find((r: { id: number }) => r.id === msg.id)?.read).toBe(true);
    expect((await post("/api/content/appNotice/read", alice.token, { ids: [] })).status).toBe(400);
    expect((await get("/api/content/appNotice/myList")).status).toBe(401);
  });

  it("an amount in a message reads with the reader's separators, as on the screens (issue 35 §13)", async () => {
    const dora = await registerCustomer(app);
    const dep = await post("/api/finance/appRecharge/apply", dora.token, {
      currency: "USDT",
      network: "TRC20",
      amount: "12345.5",
    });
    expect(dep.status).toBe(200);
    await waitFor(async () => (await get("/api/content/appNotice/unread", dora.token)).result.transaction === 1);
    const bodyIn = async (lang: string) =>
      (await get("/api/content/appNotice/myList?category=transaction", dora.token, { "x-lang": lang })).result
        .records[0].body as string;
    expect(await bodyIn("en-us")).toBe(
      `12,345.5 USDT from deposit #${dep.result.id} is now in your available balance.`,
    );
    expect(await bodyIn("vl")).toContain("12.345,5 USDT");
    expect(await bodyIn("xi")).toContain("12.345,5 USDT");
    expect(await bodyIn("ko")).toContain("12,345.5 USDT");
  });

  it("events from other modules (tolerant payloads), each once; mark all read", async () => {
    const carol = await registerCustomer(app);
    app.bus.publish("reward.task_done", { userId: carol.id, taskId: 7, title: "First deposit" });
    app.bus.publish("reward.task_done", { userId: carol.id, taskId: 7, title: "First deposit" });
    app.bus.publish("loan.margin_call", {
      userId: carol.id,
      orderId: 3,
      currency: "USDT",
      collateralCurrency: "BTC",
      ltv: "0.85",
      marginCallLtv: "0.75",
      liquidationLtv: "0.85",
      price: "50000",
      liquidationPrice: "49000",
      ts: Date.now(),
    });
    // Malformed payloads are ignored.
    (app.bus as unknown as { publish(t: string, p: unknown): void }).publish("loan.margin_call", { userId: "x" });
    (app.bus as unknown as { publish(t: string, p: unknown): void }).publish("reward.task_done", null);
    await waitFor(async () => (await get("/api/content/appNotice/unread", carol.token)).result.count === 2);
    const unread = await get("/api/content/appNotice/unread", carol.token);
    expect(unread.result).toEqual({ count: 2, system: 1, task: 1, transaction: 0 });
    const list = await get("/api/content/appNotice/myList", carol.token, { "x-lang": "xi" });
    const bodies = list.result.records.map((r: { body: string }) => r.body);
    expect(bodies).toContain("Completaste “First deposit”. Reclama la recompensa en el centro de beneficios.");
    expect(bodies.some((b: string) => b.includes("85.0%"))).toBe(true);
    const all = await post("/api/content/appNotice/readAll", carol.token, { category: "all" });
    expect(all.result.count).toBe(0);
  });

  it("a real identity review, an option settlement and an earn order's end each leave a message", async () => {
    const dave = await registerCustomer(app);
    await verifyIdentity(app, database, dave, admin);
    app.bus.publish("options.settled", {
      userId: dave.id,
      orderId: 11,
      symbol: "BTCUSDT",
      price: "65000.5",
      payout: "18.5",
      currency: "USDT",
    });
    app.bus.publish("earn.order_ended", { userId: dave.id, orderId: 12, reason: "term" });
    // Passing identity verification also completes that welfare task (a task message of its own).
    const listed = async () =>
      (await get("/api/content/appNotice/myList", dave.token, { "x-lang": "jp" })).result.records.filter(
        (r: { category: string }) => r.category !== "task",
      ) as Array<{ title: string; body: string }>;
    await waitFor(async () => (await listed()).length === 3);
    const records = await listed();
    // Three modules, three messages; their order depends on which event lands first.
    expect(records.map((r) => r.title).sort()).toEqual(
      ["運用注文が終了しました", "オプションが決済されました", "本人確認が承認されました"].sort(),
    );
    expect(records.find((r) => r.title === "オプションが決済されました")?.body).toContain("65,000.5"); // in the reader's separators
    const system = await get("/api/content/appNotice/myList?category=system", dave.token);
    expect(system.result.records.map((r: { title: string }) => r.title)).toEqual(["Verification approved"]);
  });

  it("a rejected withdrawal tells the customer why", async () => {
    const erin = await walletCustomer(app);
    await fund(database, erin.id, "USDT", "300");
    const w = await post("/api/finance/appWithdrawal/apply", erin.token, {
      currency: "USDT",
      amount: "100",
      accountId: erin.accountId,
      withdrawalPassword: "Withdraw123",
    });
    expect(w.status, JSON.stringify(w.body)).toBe(200);
    const rejected = await post("/api/operator/wallet/withdrawal/reject", admin.token, {
      id: w.result.id,
      reason: "Address on a sanctions list",
    });
    expect(rejected.status).toBe(200);
    await waitFor(async () => (await get("/api/content/appNotice/unread", erin.token)).result.transaction >= 1);
    const list = await get("/api/content/appNotice/myList?category=transaction", erin.token);
    const msg = list.result.records.find((r: { title: string }) => r.title === "Withdrawal rejected");
    expect(msg.body).toContain("Reason: Address on a sanctions list");
  });
});
