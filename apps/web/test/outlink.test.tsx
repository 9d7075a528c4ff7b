// /outlink (link mode 4): an external site is never framed inside Candor's header (a
// framed site could pass for Candor and ask for a password). The screen names the external
// host and offers an "Open" link that leaves the app in a new tab; a link to Candor itself
// is navigated to, never framed; anything but http(s) is refused. (The screen around the
// notice navigates for "app" and "same-origin" targets: e2e/outlink.spec.ts.)
import { cleanup, render, screen } from "@testing-library/react";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { OutlinkNotice } from "../src/features/outlink/outlink-notice";
import { changeLanguage, initI18n } from "../src/lib/i18n";
import { outlinkTarget } from "../src/lib/links";

beforeAll(async () => {
  await initI18n("en-us");
});
afterEach(async () => {
  cleanup();
  await changeLanguage("en-us");
});

const show = (url: string) => render(<OutlinkNotice target={outlinkTarget(url)} url={url} />);

describe("outlink", () => {
  it("an external site is not framed: the screen names its host and opens it in a new tab", async () => {
    const { container } = show("https://phish.example.net/login?next=1");
    expect(container.querySelector("iframe")).toBeNull();
    expect(screen.getAllByText("phish.example.net").length).toBeGreaterThan(0);
    const open = await screen.findByRole("link", { name: "Open" });
    expect(open.getAttribute("href")).toBe("https://phish.example.net/login?next=1");
    expect(open.getAttribute("target")).toBe("_blank");
    expect(open.getAttribute("rel")).toContain("noopener");
    expect(open.getAttribute("rel")).toContain("noreferrer");
  });

  it("a link to Candor itself is not framed and offers no way out of the app", () => {
    const { container } = show(`${window.location.origin}/#/wallet`);
    expect(container.querySelector("iframe")).toBeNull();
    expect(screen.queryByRole("link", { name: "Open" })).toBeNull();
  });

  it("refuses anything but a web link", () => {
    const { container } = show("javascript:alert(1)");
    expect(container.querySelector("iframe")).toBeNull();
    expect(screen.queryByRole("link", { name: "Open" })).toBeNull();
    expect(screen.getByRole("alert").textContent).toContain("This link cannot be opened");
  });

  it("speaks the customer's language", async () => {
    await changeLanguage("xi");
    show("https://example.org/");
    expect(await screen.findByRole("link", { name: "Abrir" })).toBeTruthy();
  });

  it.each([
    ["https://example.org/a", { kind: "external", href: "https://example.org/a", host: "example.org" }],
    [`${window.location.origin}/#/wallet?x=1`, { kind: "app", path: "/wallet?x=1" }],
    [
      `${window.location.origin}/share/announcement/1`,
      { kind: "same-origin", href: `${window.location.origin}/share/announcement/1` },
    ],
    ["/#/home", { kind: "app", path: "/home" }],
    ["data:text/html,hi", { kind: "invalid" }],
    ["", { kind: "invalid" }],
  ] as const)("outlinkTarget(%s)", (url, target) => {
    expect(outlinkTarget(url)).toEqual(target);
  });
});
