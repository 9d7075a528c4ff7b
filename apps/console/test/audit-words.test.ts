// Every staff action the server records (each operator endpoint that changes something,
// named by its path like the server's staff plugin does) has words in both console
// languages, and the audit log shows them with the target's id.
import { allEndpointTables } from "@candor/contract";
import { describe, expect, it } from "vitest";
import { actionKey, actionWords, targetWords } from "../src/features/audit/action-words";
import { auditEn, auditZh } from "../src/features/audit/strings";

/** The server's action name of a route (apps/server/src/modules/staff/plugin.ts actionOf). */
const actionOf = (url: string) =>
  url
    .replace(/^\/api\/(operator|staff)\//, "")
    .replace(/\//g, ".")
    .replace(/[^A-Za-z0-9_.:-]/g, "");

const recorded = Object.values(allEndpointTables)
  .flatMap((table) => Object.values(table))
  .filter((e) => typeof e.auth === "object" && e.method !== "GET")
  .map((e) => actionOf(e.path));

const t = (strings: typeof auditEn) => {
  const lookup = (key: string): unknown =>
    key
      .replace(/^audit\./, "")
      .split(".")
      .reduce<unknown>((o, k) => (o as Record<string, unknown> | undefined)?.[k], strings);
  return [
    (key: string, o?: Record<string, unknown>) =>
      String(lookup(key) ?? key).replace(/\{\{(\w+)\}\}/g, (_, k: string) => String(o?.[k] ?? "")),
    (key: string) => typeof lookup(key) === "string",
  ] as const;
};

describe("audit actions in words", () => {
  it(`all ${recorded.length} recorded operator actions have words in English and Chinese`, () => {
    expect(recorded.length).toBeGreaterThan(40);
    for (const action of recorded) {
      expect(auditEn.actions, action).toHaveProperty([actionKey(action)]);
      expect(auditZh.actions, action).toHaveProperty([actionKey(action)]);
    }
  });

  it("a refused action, a path parameter and the target with its id", () => {
    const [en, enExists] = t(auditEn);
    expect(actionWords("loans.orders.:id.approve", en, enExists)).toBe("Approved a loan application");
    expect(actionWords("refused.kyc.approve", en, enExists)).toBe("Refused: Approved an identity verification");
    expect(actionWords("something.new", en, enExists)).toBe("something.new");
    expect(targetWords("withdrawal", "12", en, enExists)).toBe("Withdrawal #12");
    expect(targetWords("", "", en, enExists)).toBe("—");
    const [zh, zhExists] = t(auditZh);
    expect(actionWords("wallet.withdrawal.approve", zh, zhExists)).toBe("核准提領");
    expect(targetWords("deposit", "7", zh, zhExists)).toBe("儲值 #7");
  });
});
