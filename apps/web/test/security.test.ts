// Password rule, session list order and device names, authenticator key display.
import type { SessionInfo } from "@candor/contract";
import { describe, expect, it } from "vitest";
import { describeDevice } from "../src/features/security/device";
import { groupSecret } from "../src/features/security/google-auth-screen";
import { passwordLabels } from "../src/features/security/password-form";
import { orderSessions } from "../src/features/security/sessions-screen";
import { meetsPasswordRule, passwordProblem } from "../src/lib/password-rule";

describe("the password rule: 8–64 characters with a letter and a digit", () => {
  it.each([
    ["", "empty"],
    ["abc123", "tooShort"],
    ["abcd123", "tooShort"],
    ["abcd1234", null],
    ["ABCDEFG8", null],
    ["pass word 1", null],
    ["12345678", "needsLetter"],
    ["!@#$%^&*9", "needsLetter"],
    ["abcdefgh", "needsDigit"],
    ["ÄÖÜßéèàç", "needsLetter"],
    [`a${"1".repeat(63)}`, null],
    [`a${"1".repeat(64)}`, "tooLong"],
  ])("%j → %s", (password, expected) => {
    expect(passwordProblem(password)).toBe(expected);
    expect(meetsPasswordRule(password)).toBe(expected === null);
  });
});

describe("the old-password field asks for the right password", () => {
  it.each([
    ["login", false, "oldLogin", "newLogin"],
    ["login", true, "oldLogin", "newLogin"],
    ["withdrawal", true, "oldWithdrawal", "newWithdrawal"],
    ["withdrawal", false, "loginForFirstWithdrawal", "firstWithdrawal"],
  ] as const)("%s with a withdrawal password set = %s", (kind, has, oldKey, newKey) => {
    const labels = passwordLabels(kind, has);
    expect(labels.old).toBe(oldKey);
    expect(labels.new).toBe(newKey);
  });
});

describe("device names from user agents", () => {
  it.each([
    [
      "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36",
      "Chrome · Android",
    ],
    [
      "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1",
      "Safari · iOS",
    ],
    [
      "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/126.0 Mobile/15E148 Safari/604.1",
      "Chrome · iOS",
    ],
    [
      "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36 Edg/126.0",
      "Edge · Windows",
    ],
    ["Mozilla/5.0 (Macintosh; Intel Mac OS X 14.5; rv:127.0) Gecko/20100101 Firefox/127.0", "Firefox · macOS"],
    [
      "Mozilla/5.0 (Linux; Android 14; SM-S918B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/25.0 Chrome/121.0 Mobile Safari/537.36",
      "Samsung Internet · Android",
    ],
    ["curl/8.5.0", "curl"],
    ["", null],
    ["   ", null],
  ])("%s → %s", (ua, expected) => {
    expect(describeDevice(ua)).toBe(expected);
  });
});

describe("session list order", () => {
  const s = (id: number, lastSeenAt: string, current = false): SessionInfo => ({
    id,
    device: "",
    createdAt: "2026-01-01T00:00:00Z",
    lastSeenAt,
    expiresAt: "2026-02-01T00:00:00Z",
    current,
  });
  it("puts this device first, then the most recently active", () => {
    const ordered = orderSessions([
      s(1, "2026-01-02T00:00:00Z"),
      s(2, "2026-01-01T00:00:00Z", true),
      s(3, "2026-01-03T00:00:00Z"),
    ]);
    expect(ordered.map((x) => x.id)).toEqual([2, 3, 1]);
  });
});

describe("authenticator key display", () => {
  it.each([
    ["JBSWY3DPEHPK3PXP", "JBSW Y3DP EHPK 3PXP"],
    ["ABCDE", "ABCD E"],
    ["ABCD", "ABCD"],
  ])("%s → %s", (secret, expected) => {
    expect(groupSecret(secret)).toBe(expected);
  });
});
