// Attack: one finance member (or a stolen finance session) moves a large sum alone — a
// ledger adjustment to an accomplice, or approving a large withdrawal. Above
// FOUR_EYES_LIMIT_USDT (50 here) one person can only request it; a second finance or admin
// member approves, never the requester, and two approvers at once make one approval.
import { describe, expect, it } from "vitest";
import { createStaffMember, fund, uniq, WITHDRAWAL_PASSWORD, walletCustomer } from "../factory";
import { setupApp } from "../helper";
import { api, spot } from "../wallet/factory";

const { app, database } = await setupApp({ fourEyesLimitUsdt: "50" });
const { get, post } = api(app);
const alice = await createStaffMember(app, database, "finance");
const bob = await createStaffMember(app, database, "finance");
const admin = await createStaffMember(app, database, "admin");

const adjustment = (userId: number, amount: string) => ({
  userId,
  currency: "USDT",
  amount,
  reason: "Goodwill credit",
  clientRequestId: `fe-${uniq()}`,
});

describe("one person alone cannot move more than the limit", () => {
  it("a large adjustment by one finance member is refused and moves nothing", async () => {
    const c = await walletCustomer(app);
    const res = await post("/api/operator/wallet/adjust", alice.token, adjustment(c.id, "5000"));
    expect(res.status).toBe(409);
    expect(res.body.message).toMatch(/second finance or admin member/);
    expect((await spot(database, c.id)).available).toBe("0");
    // At or under the limit one person still can.
    expect((await post("/api/operator/wallet/adjust", alice.token, adjustment(c.id, "50"))).status).toBe(200);
  });

  it("approving a large withdrawal alone is refused", async () => {
    const c = await walletCustomer(app);
    await fund(database, c.id, "USDT", "500");
    const asked = await post("/api/finance/appWithdrawal/apply", c.token, {
      currency: "USDT",
      amount: "400",
      accountId: c.accountId,
      withdrawalPassword: WITHDRAWAL_PASSWORD,
    });
    expect(asked.status).toBe(200);
    const res = await post("/api/operator/wallet/withdrawal/approve", alice.token, { id: asked.result.id });
    expect(res.status).toBe(409);
    expect((await spot(database, c.id)).held).toBe("400");

    // Through four-eyes: alice requests, bob approves, the payout goes (sandbox: at once).
    const request = await post("/api/operator/approvals/withdrawal", alice.token, { withdrawalId: asked.result.id });
    expect(request.result).toMatchObject({ kind: "withdrawal", status: "pending", amount: "400" });
    expect((await post("/api/operator/approvals/approve", alice.token, { id: request.result.id })).status).toBe(403);
    const approved = await post("/api/operator/approvals/approve", bob.token, { id: request.result.id });
    expect(approved.status).toBe(200);
    expect(approved.result).toMatchObject({ status: "approved", decidedById: bob.id, requestedById: alice.id });
    expect(await spot(database, c.id)).toMatchObject({ available: "100", held: "0" });
  });
});

describe("four-eyes requests", () => {
  it("nobody approves their own request; a second person's approval moves the money once", async () => {
    const c = await walletCustomer(app);
    const body = adjustment(c.id, "5000");
    const request = await post("/api/operator/approvals/adjustment", alice.token, body);
    expect(request.status).toBe(200);
    expect(request.result).toMatchObject({
      status: "pending",
      amount: "5000",
      amountUsdt: "5000",
      requestedBy: alice.username,
    });
    // A retry is the same request.
    expect((await post("/api/operator/approvals/adjustment", alice.token, body)).result.id).toBe(request.result.id);
    expect((await spot(database, c.id)).available).toBe("0");

    const own = await post("/api/operator/approvals/approve", alice.token, { id: request.result.id });
    expect(own.status).toBe(403);
    expect(own.body.message).toMatch(/own request/);

    const pending = await get("/api/operator/approvals/list", admin.token);
    expect(pending.result.records.map((r: { id: number }) => r.id)).toContain(request.result.id);

    const approved = await post("/api/operator/approvals/approve", admin.token, { id: request.result.id });
    expect(approved.result).toMatchObject({
      status: "approved",
      decidedById: admin.id,
      adjustmentId: expect.any(Number),
    });
    expect((await spot(database, c.id)).available).toBe("5000");
    const again = await post("/api/operator/approvals/approve", bob.token, { id: request.result.id });
    expect(again.status).toBe(409);
    expect((await spot(database, c.id)).available).toBe("5000");
  });

  it("a rejected request moves nothing; a refused movement fails and moves nothing", async () => {
    const c = await walletCustomer(app);
    const request = await post("/api/operator/approvals/adjustment", alice.token, adjustment(c.id, "700"));
    const rejected = await post("/api/operator/approvals/reject", bob.token, {
      id: request.result.id,
      note: "No ticket",
    });
    expect(rejected.result).toMatchObject({ status: "rejected", decisionNote: "No ticket" });
    expect((await post("/api/operator/approvals/approve", bob.token, { id: request.result.id })).status).toBe(409);
    expect((await spot(database, c.id)).available).toBe("0");

    // A debit larger than the balance: the approval fails, nothing moves.
    const debit = await post("/api/operator/approvals/adjustment", alice.token, adjustment(c.id, "-700"));
    const failed = await post("/api/operator/approvals/approve", bob.token, { id: debit.result.id });
    expect(failed.status).toBe(409);
    expect((await get("/api/operator/approvals/list?status=failed", bob.token)).result.records[0]).toMatchObject({
      id: debit.result.id,
      status: "failed",
    });
    expect((await spot(database, c.id)).available).toBe("0");
  });

  it("validates input with a translated 4xx", async () => {
    const bad = await post("/api/operator/approvals/adjustment", alice.token, {
      userId: 1,
      currency: "USDT",
      amount: "x",
    });
    expect(bad.status).toBe(400);
    expect((await post("/api/operator/approvals/approve", alice.token, { id: 999_999 })).status).toBe(404);
    expect((await post("/api/operator/approvals/reject", alice.token, { id: 1 })).status).toBe(400);
    const c = await walletCustomer(app);
    const support = await createStaffMember(app, database, "support");
    expect((await post("/api/operator/approvals/adjustment", support.token, adjustment(c.id, "5000"))).status).toBe(
      403,
    );
  });

  it("two approvers at once: one approval, the money moves once", async () => {
    const c = await walletCustomer(app);
    const request = await post("/api/operator/approvals/adjustment", alice.token, adjustment(c.id, "900"));
    const results = await Promise.all([
      post("/api/operator/approvals/approve", bob.token, { id: request.result.id }),
      post("/api/operator/approvals/approve", admin.token, { id: request.result.id }),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    expect((await spot(database, c.id)).available).toBe("900");
    const [row] = await database.query<{ n: number | string }>(
      "SELECT count(*) AS n FROM balance_adjustments WHERE user_id = $1",
      [c.id],
    );
    expect(Number(row?.n)).toBe(1);
  });
});
