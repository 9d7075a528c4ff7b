// An operator route that takes no body ignores whatever is sent: a deeply nested JSON body
// (found by the OpenAPI fuzz) is neither written to the audit log nor a 500.
import { describe, expect, it } from "vitest";
import { auth, createOperator } from "../factory";
import { setupApp } from "../helper";

const { app, database } = await setupApp();

describe("audit of a route without a body", () => {
  it("answers normally and logs no request body", async () => {
    const operator = await createOperator(app, database);
    const guest = await app.inject({ method: "POST", url: "/api/chat/guest", payload: { deviceId: "audit-device-1" } });
    const sent = await app.inject({
      method: "POST",
      url: "/api/chat/customer-to-service",
      headers: auth(guest.json().result.token),
      payload: { type: "text", content: "hello" },
    });
    const conversationId = sent.json().result.conversationId;
    const res = await app.inject({
      method: "POST",
      url: `/api/operator/chat/conversations/${conversationId}/read`,
      headers: { ...auth(operator.token), "content-type": "application/json" },
      payload: `${"[".repeat(100_000)}${"]".repeat(100_000)}`,
    });
    expect(res.statusCode).toBe(200);
    const log = await app.inject({ method: "GET", url: "/api/operator/audit/list", headers: auth(operator.token) });
    const entry = log.json().result.records.find((r: { action: string }) => r.action.includes("read"));
    expect(entry).toBeDefined();
    expect(JSON.stringify(entry)).not.toContain("[[[");
  });
});
