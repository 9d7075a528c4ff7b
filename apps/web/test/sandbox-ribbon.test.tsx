// The "Sandbox — no real money" ribbon: shown (as a status, translated) only when the
// server says sandbox is on, and it makes room for itself instead of covering content.
import { act, cleanup, render, screen } from "@testing-library/react";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { isSandboxMode, SANDBOX_INSET, SandboxRibbon } from "../src/components/sandbox-ribbon";
import { changeLanguage, initI18n } from "../src/lib/i18n";

beforeAll(async () => {
  await initI18n("en-us");
});
afterEach(async () => {
  cleanup();
  localStorage.clear();
  await changeLanguage("en-us");
});

const settings = (sandbox: boolean) =>
  localStorage.setItem("publicSettings", JSON.stringify({ sysSet: { isPcLimite: false }, sandbox, marketFeed: "sim" }));

describe("sandbox ribbon", () => {
  it("follows the server's public settings (no settings known → not sandbox)", () => {
    expect(isSandboxMode()).toBe(false);
    settings(true);
    expect(isSandboxMode()).toBe(true);
    settings(false);
    expect(isSandboxMode()).toBe(false);
  });

  it("sandbox on: a status saying 'Sandbox — no real money', and the shell moves down by its height", () => {
    render(<SandboxRibbon sandbox />);
    const ribbon = screen.getByRole("status");
    expect(ribbon.textContent).toBe("Sandbox — no real money");
    expect(document.documentElement.style.getPropertyValue("--sandbox-inset")).toBe(SANDBOX_INSET);
    cleanup();
    expect(document.documentElement.style.getPropertyValue("--sandbox-inset")).toBe("");
  });

  it("sandbox off: nothing shown, no room taken", () => {
    render(<SandboxRibbon sandbox={false} />);
    expect(screen.queryByRole("status")).toBeNull();
    expect(document.documentElement.style.getPropertyValue("--sandbox-inset")).toBe("");
  });

  it("is translated (Korean, Traditional Chinese)", async () => {
    await act(() => changeLanguage("ko"));
    render(<SandboxRibbon sandbox />);
    expect(screen.getByRole("status").textContent).toBe("샌드박스 — 실제 돈이 아닙니다");
    cleanup();
    await act(() => changeLanguage("zh-cn"));
    render(<SandboxRibbon sandbox />);
    expect(screen.getByRole("status").textContent).toBe("沙盒模式 — 不涉及真實資金");
  });
});
