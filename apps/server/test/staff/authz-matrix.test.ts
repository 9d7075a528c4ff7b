// The authorization matrix: every /api/operator endpoint × every staff role, a customer's
// token and no token. The table below is the rule; the test fails on an endpoint missing
// from it, on an endpoint without a role declaration, and on any access it does not allow.
import type { StaffRole } from "@candor/contract";
import { beforeAll, describe, expect, it } from "vitest";
import { auth, type Customer, createStaffMember, registerCustomer, type StaffMember } from "../factory";
import { setupApp } from "../helper";

const S: StaffRole = "support";
const C: StaffRole = "compliance";
const F: StaffRole = "finance";
const A: StaffRole = "admin";

/** Who may call what (admin may call everything). */
const MATRIX: Record<string, StaffRole[]> = {
  "GET /api/operator/dashboard": [S, C, F, A],
  "GET /api/operator/customers/list": [S, C, F, A],
  "GET /api/operator/customers/detail": [S, C, F, A],
  "GET /api/operator/customers/ledger": [S, C, F, A],
  "GET /api/operator/customers/positions": [S, C, F, A],
  "GET /api/operator/customers/options": [S, C, F, A],
  "GET /api/operator/customers/spotOrders": [S, C, F, A],
  "GET /api/operator/customers/limits": [S, C, F, A],
  "POST /api/operator/customers/sessions/revoke": [S, A],
  "GET /api/operator/kyc/list": [S, C, A],
  "POST /api/operator/kyc/approve": [C, A],
  "POST /api/operator/kyc/reject": [C, A],
  "GET /api/operator/wallet/withdrawal/list": [S, C, F, A],
  "POST /api/operator/wallet/withdrawal/approve": [F, A],
  "POST /api/operator/wallet/withdrawal/reject": [F, A],
  "POST /api/operator/wallet/withdrawal/fail": [F, A],
  "POST /api/operator/wallet/withdrawal/markPaid": [F, A],
  "GET /api/operator/wallet/deposit/list": [S, C, F, A],
  "POST /api/operator/wallet/deposit/confirm": [F, A],
  "POST /api/operator/wallet/deposit/reject": [F, A],
  "POST /api/operator/wallet/adjust": [F, A],
  "GET /api/operator/approvals/list": [F, A],
  "POST /api/operator/approvals/adjustment": [F, A],
  "POST /api/operator/approvals/withdrawal": [F, A],
  "POST /api/operator/approvals/approve": [F, A],
  "POST /api/operator/approvals/reject": [F, A],
  "GET /api/operator/wallet/settings": [F, A],
  "POST /api/operator/wallet/settings/update": [A],
  "POST /api/operator/wallet/currency/update": [A],
  "POST /api/operator/wallet/withdrawalFreeze/lift": [S, C, A],
  "GET /api/operator/wallet/chain/status": [C, F, A],
  "GET /api/operator/wallet/chain/held": [F, A],
  "GET /api/operator/wallet/chain/sweeps": [F, A],
  "GET /api/operator/wallet/chain/reconciliation": [F, A],
  "GET /api/operator/risk/exposure": [F, A],
  "POST /api/operator/risk/limits": [A],
  "GET /api/operator/settlement/status": [F, A],
  "GET /api/operator/jobs/dead": [F, A],
  "POST /api/operator/jobs/rerun": [F, A],
  "POST /api/operator/proof/make": [F, A],
  "GET /api/operator/options/settings": [A],
  "POST /api/operator/options/settings/save": [A],
  "GET /api/operator/shortLinks/list": [A],
  "POST /api/operator/shortLinks/save": [A],
  "GET /api/operator/staff/list": [A],
  "POST /api/operator/staff/create": [A],
  "POST /api/operator/staff/update": [A],
  "GET /api/operator/staff/sessions": [A],
  "POST /api/operator/staff/sessions/revoke": [A],
  "GET /api/operator/audit/list": [A],
  "GET /api/operator/audit/verify": [A],
  "GET /api/operator/products/list": [F, A],
  "POST /api/operator/products/update": [A],
  "GET /api/operator/market/symbols": [F, A],
  "POST /api/operator/market/symbols/update": [A],
  "GET /api/operator/market/health": [F, A],
  "POST /api/operator/market/sources/update": [A],
  "GET /api/operator/earn/products": [A],
  "POST /api/operator/earn/products": [A],
  "PUT /api/operator/earn/products/:id": [A],
  "POST /api/operator/earn/products/:id/status": [A],
  "GET /api/operator/earn/orders": [S, F, A],
  "POST /api/operator/earn/debt/:id/repayment": [F, A],
  "POST /api/operator/earn/debt/:id/default": [F, A],
  "POST /api/operator/earn/debt/:id/cancel": [F, A],
  "GET /api/operator/earn/mining/settings": [A],
  "POST /api/operator/earn/mining/settings": [A],
  "GET /api/operator/loans/settings": [A],
  "POST /api/operator/loans/settings": [A],
  "PUT /api/operator/loans/settings/:id": [A],
  "DELETE /api/operator/loans/settings/:id": [A],
  "GET /api/operator/loans/orders": [S, C, F, A],
  "GET /api/operator/loans/orders/:id": [S, C, F, A],
  "POST /api/operator/loans/orders/:id/approve": [F, A],
  "POST /api/operator/loans/orders/:id/reject": [F, A],
  "GET /api/operator/loans/identity-checks": [S, C, A],
  "POST /api/operator/loans/identity-checks/:userId/decide": [C, A],
  "GET /api/operator/contests/list": [S, F, A],
  "POST /api/operator/contests/create": [A],
  "POST /api/operator/contests/update": [A],
  "GET /api/operator/contests/entries": [S, F, A],
  "GET /api/operator/ieo/list": [F, A],
  "POST /api/operator/ieo/create": [A],
  "POST /api/operator/ieo/update": [A],
  "GET /api/operator/ieo/entries": [F, A],
  "GET /api/operator/market/feed": [F, A],
  "GET /api/operator/chat/conversations": [S, A],
  "GET /api/operator/chat/conversations/:id": [S, A],
  "GET /api/operator/chat/conversations/:id/messages": [S, A],
  "POST /api/operator/chat/conversations/:id/read": [S, A],
  "POST /api/operator/chat/conversations/:id/reply": [S, A],
  "POST /api/operator/chat/conversations/:id/close": [S, A],
  "POST /api/operator/chat/message/recall": [S, A],
  "POST /api/operator/chat/conversations/:id/upload": [S, A],
  // Content: support may write help articles; news, announcements and banners are the
  // administrator's (checked per item kind inside the handler).
  "GET /api/operator/content/items": [S, A],
  "GET /api/operator/content/items/detail": [S, A],
  "POST /api/operator/content/items/create": [S, A],
  "POST /api/operator/content/items/update": [S, A],
  "POST /api/operator/content/items/translate": [S, A],
  "POST /api/operator/content/items/schedule": [S, A],
  "POST /api/operator/content/items/retract": [S, A],
  "GET /api/operator/rewards/tasks": [F, A],
  "POST /api/operator/rewards/tasks": [A],
  "PUT /api/operator/rewards/tasks/:id": [A],
  "DELETE /api/operator/rewards/tasks/:id": [A],
  "GET /api/operator/rewards/levels": [F, A],
  "POST /api/operator/rewards/levels": [A],
};

const ctx = await setupApp();
const { app, database } = ctx;
const staff = {} as Record<StaffRole, StaffMember>;
let customer: Customer;

beforeAll(async () => {
  for (const role of [S, C, F, A]) staff[role] = await createStaffMember(app, database, role);
  customer = await registerCustomer(app);
});

const key = (r: { method: string; url: string }) => `${r.method} ${r.url}`;

async function call(route: string, token: string | null) {
  const [method, url] = route.split(" ") as ["GET" | "POST" | "PUT" | "DELETE", string];
  return app.inject({
    method,
    // Path parameters get a harmless value; bodies are empty, so an admitted call stops at
    // validation (400) and changes nothing.
    url: url.replace(/:(\w+)/g, "1"),
    headers: token ? auth(token) : {},
    ...(method === "GET" ? {} : { payload: {} }),
  });
}

describe("operator endpoints", () => {
  it("are exactly the endpoints of the matrix, each declaring its roles", () => {
    const declared = app.operatorRoutes.map(key).sort();
    expect(declared).toEqual(Object.keys(MATRIX).sort());
    for (const route of app.operatorRoutes) {
      expect(route.roles, `${key(route)} declares no roles`).not.toBeNull();
      expect([...(route.roles ?? [])].sort(), key(route)).toEqual([...(MATRIX[key(route)] ?? [])].sort());
    }
  });

  it("refuse no token (401) and a customer's token (403) everywhere", async () => {
    for (const route of Object.keys(MATRIX)) {
      expect((await call(route, null)).statusCode, `${route} without a token`).toBe(401);
      expect((await call(route, customer.token)).statusCode, `${route} with a customer token`).toBe(403);
    }
  });

  for (const role of [S, C, F, A]) {
    it(`admit ${role} exactly where the matrix says`, async () => {
      for (const [route, allowed] of Object.entries(MATRIX)) {
        const res = await call(route, staff[role].token);
        if (allowed.includes(role)) {
          expect([401, 403], `${role} → ${route}: ${res.body}`).not.toContain(res.statusCode);
          expect(res.statusCode, `${role} → ${route}: ${res.body}`).toBeLessThan(500);
        } else {
          expect(res.statusCode, `${role} → ${route}`).toBe(403);
          expect(res.json().message).toBe("Your role does not allow this");
        }
      }
    });
  }

  it("refuse a staff token that was revoked, and one of a disabled account", async () => {
    const member = await createStaffMember(app, database, F);
    const admin = staff[A].token;
    const sessions = await app.inject({
      method: "GET",
      url: `/api/operator/staff/sessions?staffId=${member.id}`,
      headers: auth(admin),
    });
    const [session] = sessions.json().result.records;
    const revoke = await app.inject({
      method: "POST",
      url: "/api/operator/staff/sessions/revoke",
      headers: auth(admin),
      payload: { id: session.id },
    });
    expect(revoke.statusCode).toBe(200);
    expect((await call("GET /api/operator/dashboard", member.token)).statusCode).toBe(401);

    const other = await createStaffMember(app, database, S);
    const disable = await app.inject({
      method: "POST",
      url: "/api/operator/staff/update",
      headers: auth(admin),
      payload: { id: other.id, disabled: true },
    });
    expect(disable.statusCode).toBe(200);
    expect((await call("GET /api/operator/dashboard", other.token)).statusCode).toBe(401);
  });
});
