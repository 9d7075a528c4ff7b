// Issue 35 §14: the help texts say what the rules do. The risk notice described close-out as
// losing the whole margin, while a position is closed out when losses reach CLOSE_OUT_LEVEL
// of it and negative-balance protection caps the loss at the margin; the withdrawal article
// did not say what is needed before withdrawing (a proved contact, a withdrawal password, a
// saved address past its hold, the daily limit without identity verification).
import { CLOSE_OUT_LEVEL } from "@candor/domain";
import { describe, expect, it } from "vitest";
import { RISK_NOTICE, WITHDRAWAL_REVIEW } from "../../src/modules/content/seed-texts";

const LANGS = ["en-us", "ko", "jp", "tai", "mlxy", "vl", "xi", "zh-cn"] as const;
const english = (paragraphs: Record<string, string>[]) => paragraphs.map((p) => p["en-us"]).join(" ");

describe("help texts agree with the rules", () => {
  it("close-out: half the margin at the close-out level, never more than the margin, the rest returned", () => {
    expect(CLOSE_OUT_LEVEL).toBe("0.5");
    const text = english(RISK_NOTICE.body);
    expect(text).not.toMatch(/closes it and the margin is lost/);
    expect(text).toContain("half of a position's margin");
    expect(text).toContain("never more than the margin you put up");
    expect(text).toContain("the rest returns to your balance");
  });

  it("withdrawing: what is needed first is stated", () => {
    const text = english(WITHDRAWAL_REVIEW.body);
    for (const needed of [
      "prove your e-mail or phone",
      "withdrawal password",
      "safety hold",
      "Without identity verification",
      "authenticator",
    ]) {
      expect(text).toContain(needed);
    }
  });

  it("every paragraph of both is in all eight languages", () => {
    for (const paragraph of [...RISK_NOTICE.body, ...WITHDRAWAL_REVIEW.body]) {
      for (const lang of LANGS) expect(paragraph[lang], lang).toMatch(/\S/);
    }
  });
});
