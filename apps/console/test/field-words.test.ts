// A server 400 names the field by its request path; the operator reads it in words.
import { describe, expect, it } from "vitest";
import { fieldWords } from "../src/lib/field-words";
import { enUs } from "../src/locales/en-us";
import { zhCn } from "../src/locales/zh-cn";

const dict = (strings: object) => {
  const lookup = (key: string): unknown =>
    key.split(".").reduce<unknown>((o, k) => (o as Record<string, unknown> | undefined)?.[k], strings);
  const t = (key: string, o?: Record<string, unknown>) =>
    String(lookup(key) ?? key).replace(/\{\{(\w+)\}\}/g, (_, k: string) => String(o?.[k] ?? ""));
  return [t, (key: string) => typeof lookup(key) === "string"] as const;
};

describe("server messages name the field in words", () => {
  const [t, exists] = dict(enUs);
  it("a text in one language, an element of a list, a camelCase field", () => {
    expect(fieldWords("Invalid value for name.ko", t, exists)).toBe("Invalid value for Name (Korean)");
    expect(fieldWords("Invalid value for prizeSplit.1", t, exists)).toBe("Invalid value for Prize split #2");
    expect(fieldWords("minAmount is too long", t, exists)).toBe("Minimum amount is too long");
    expect(fieldWords("Invalid value for name", t, exists)).toBe("Invalid value for Name");
  });

  it("leaves the request itself, prose and unknown paths alone", () => {
    expect(fieldWords("Invalid value for body", t, exists)).toBe("Invalid value for body");
    expect(fieldWords("The amount is above your limit", t, exists)).toBe("The amount is above your limit");
    expect(fieldWords("Invalid value for foo.bar", t, exists)).toBe("Invalid value for foo.bar");
  });

  it("in Traditional Chinese", () => {
    const [zt, zexists] = dict(zhCn);
    expect(fieldWords("riskText.zh-cn 的值不正確", zt, zexists)).toBe("風險說明（繁體中文） 的值不正確");
  });
});
