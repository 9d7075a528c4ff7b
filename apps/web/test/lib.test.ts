import { LANG_TAGS } from "@candor/contract/i18n";
import { KNOWN_NUMBER_SYMBOLS } from "@candor/domain";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { ensureCurrentUser, guardLoader } from "../src/app/guard";
import { findRoute, ROUTES, TAB_PATHS } from "../src/app/route-table";
import { bucketLabel } from "../src/features/market/distribution-screen";
import { ApiError, apiRequest, authRedirect } from "../src/lib/api-client";
import { isDesktop, shouldShowDesktopFrame } from "../src/lib/desktop";
import {
  calendarDay,
  formatAmount,
  formatDate,
  localizeNumber,
  plainAmount,
  showAmount,
  typedAmount,
} from "../src/lib/format";
import { changeLanguage, initI18n } from "../src/lib/i18n";
import { isSafeUrl, openLink, outlinkPath } from "../src/lib/links";
import { applyTicks, type LiveSymbol, withQuote } from "../src/lib/market/hooks";
import { MIN_LOADING_MS, usePageLoading } from "../src/stores/page-loading";
import { safeRedirect, useUserStore } from "../src/stores/user";

beforeAll(async () => {
  await initI18n("en-us");
});

describe("number display", () => {
  it("every app language's symbols are written out, so no screen builds an Intl.NumberFormat to show an amount", () => {
    for (const tag of Object.values(LANG_TAGS)) expect(KNOWN_NUMBER_SYMBOLS[tag], tag).toBeDefined();
  });
  it.each([
    ["1234567.899", 2, "1,234,567.89"],
    [0.1 + 0.2, 2, "0.30"],
    ["", 2, "--"],
    [null, 2, "--"],
    ["abc", 2, "--"],
  ] as const)("showAmount(%j, %i) = %s", (value, places, expected) => {
    expect(showAmount(value, places)).toBe(expected);
  });

  // The language's symbols come from Intl; the digits stay truncated strings (never a float).
  const symbols = (tag: string) => {
    const parts = new Intl.NumberFormat(tag).formatToParts(1234567.5);
    return {
      group: parts.find((p) => p.type === "group")?.value,
      decimal: parts.find((p) => p.type === "decimal")?.value,
    };
  };
  it.each(["ko", "ja", "th", "ms", "vi", "es", "zh-Hant"])("in %s: the language's group and decimal symbols", (tag) => {
    const { group, decimal } = symbols(tag);
    expect(localizeNumber("-1,234,567.89", tag)).toBe(`-1${group}234${group}567${decimal}89`);
    // Nine nines truncate, not round: a float would have made this 1,000,000.
    expect(localizeNumber(formatAmount("999999.999999999", 2), tag)).toBe(`999${group}999${decimal}99`);
  });
  it("leaves four-digit numbers ungrouped where the language does (Spanish)", () => {
    const grouped = new Intl.NumberFormat("es").format(1234) !== "1234";
    expect(localizeNumber("1,234.50", "es")).toBe(grouped ? "1.234,50" : "1234,50");
    expect(localizeNumber("12,345.50", "es")).toBe("12.345,50");
    expect(localizeNumber("1,234.50", "en")).toBe("1,234.50");
  });
  it("shows amounts in the current language's symbols, and typed amounts the way fields take them", async () => {
    await changeLanguage("vl");
    try {
      expect(showAmount("1234567.899", 2)).toBe(localizeNumber("1,234,567.89", "vi"));
      expect(plainAmount("1000.50")).toBe(localizeNumber("1,000.5", "vi"));
      expect(typedAmount("1234.5670")).toBe("1234.567");
      expect(typedAmount("0.123456789", 8)).toBe("0.12345678");
    } finally {
      await changeLanguage("en-us");
    }
  });
});

describe("dates in the customer's time zone and language", () => {
  const t = "2026-11-21T23:25:13Z";
  it.each([
    ["dateTime", "UTC", "2026-11-21\u00a023:25:13"],
    ["dateTime", "Asia/Seoul", "2026-11-22\u00a008:25:13"],
    ["date", "America/New_York", "2026-11-21"],
    ["dateTime", "Asia/Bangkok", "2026-11-22\u00a006:25:13"],
    ["time", "Asia/Seoul", "08:25"],
  ] as const)("%s in %s (English)", (format, tz, expected) => {
    expect(formatDate(t, format, tz, "en")).toBe(expected);
  });
  it.each(["ko", "ja", "th", "ms", "vi", "es", "zh-Hant"])("in %s: Intl's order, 24-hour, Gregorian years", (tag) => {
    const expected = new Intl.DateTimeFormat(tag, {
      calendar: "gregory",
      timeZone: "Asia/Seoul",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
      hourCycle: "h23",
    })
      .format(new Date(t))
      .replace(/\s/g, "\u00a0");
    const shown = formatDate(t, "dateTime", "Asia/Seoul", tag);
    expect(shown).toBe(expected);
    expect(shown).toContain("2026"); // not the Buddhist era's 2569 in Thai
    expect(shown).toContain("08:25:13"); // 24-hour, with seconds
  });
  it("formats in the current language by default", async () => {
    await changeLanguage("tai");
    try {
      expect(formatDate(t, "date", "UTC")).toBe(formatDate(t, "date", "UTC", "th"));
      expect(formatDate(t, "date", "UTC")).not.toContain("2569");
    } finally {
      await changeLanguage("en-us");
    }
  });
  it("never wraps inside a date: its spaces do not break", () => {
    for (const tag of ["en", "ko", "vi", "ms"]) expect(formatDate(t, "dateTime", "UTC", tag)).not.toMatch(/ /);
  });
  it("keeps a language-free calendar day for grouping", () => {
    expect(calendarDay(t, "Asia/Seoul")).toBe("2026-11-22");
    expect(calendarDay(t, "America/New_York")).toBe("2026-11-21");
  });
  it("shows -- for missing or invalid values", () => {
    expect(formatDate(null)).toBe("--");
    expect(formatDate("not a date")).toBe("--");
  });
});

describe("link opening modes", () => {
  it.each([
    [1, "https://example.com", null],
    [4, "https://example.com/a?b=c", "/outlink?url=https%3A%2F%2Fexample.com%2Fa%3Fb%3Dc"],
    [4, "javascript:alert(1)", null],
    [4, "", null],
  ] as const)("mode %i with %s navigates to %s", (mode, url, expected) => {
    const navigate = vi.fn();
    openLink(mode, url, navigate);
    if (expected) expect(navigate).toHaveBeenCalledWith(expected);
    else expect(navigate).not.toHaveBeenCalled();
  });
  it("only opens web URLs", () => {
    expect(isSafeUrl("https://candor.example")).toBe(true);
    expect(isSafeUrl("data:text/html,hi")).toBe(false);
    expect(outlinkPath("https://a.b/c d")).toBe("/outlink?url=https%3A%2F%2Fa.b%2Fc%20d");
  });
});

describe("desktop check", () => {
  const desktopUa = "Mozilla/5.0 (Windows NT 10.0; Win64; x64) Chrome/156.0 Safari/537.36";
  const phoneUa = "Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) Mobile/15E148";
  it.each([
    [1280, desktopUa, false, true, true],
    [575, desktopUa, false, true, false],
    [1280, phoneUa, false, true, false],
    [1280, desktopUa, true, true, false],
    [1280, desktopUa, false, false, false],
    [1280, desktopUa, false, undefined, false],
  ] as const)("width %i, framed %s, isPcLimite %s", (width, userAgent, framed, isPcLimite, expected) => {
    expect(shouldShowDesktopFrame({ width, userAgent, framed, isPcLimite })).toBe(expected);
  });
  it("treats tablets' mobile agents as mobile", () => {
    expect(isDesktop(1024, "Mozilla/5.0 (Linux; Android 14; Tablet) Mobile")).toBe(false);
  });
});

describe("route table", () => {
  it("has every route docs/product.md lists, the tab roots and the full-screen pages", () => {
    for (const p of [
      "/home",
      "/zichanCenter",
      "/taolilicai",
      "/ieo",
      "/demotrading",
      "/kline",
      "/outlink",
      "/login",
      "/chat",
      ...TAB_PATHS,
    ]) {
      expect(findRoute(p), p).toBeDefined();
    }
    expect(new Set(ROUTES.map((r) => r.path)).size).toBe(ROUTES.length);
  });
  it("keeps the tab bar off full-screen pages and gives arbitrage its dark-blue background", () => {
    expect(findRoute("/kline")?.hideNav).toBe(true);
    expect(findRoute("/home")?.hideNav).toBe(false);
    expect(findRoute("/taolilicai")?.background).toBe("#0b1f4b");
  });
});

describe("redirect target", () => {
  it.each([
    ["/my", "/my"],
    ["/login", "/home"],
    ["/login?x=1", "/home"],
    ["", "/home"],
    ["https://evil.example", "/home"],
    ["//evil.example", "/home"],
    ["/tixian?currency=USDT", "/tixian?currency=USDT"],
  ])("%s → %s", (input, expected) => {
    expect(safeRedirect(input)).toBe(expected);
  });
});

describe("page loading overlay", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());
  it(`stays visible for at least ${MIN_LOADING_MS} ms`, () => {
    const s = usePageLoading.getState();
    s.finish();
    vi.advanceTimersByTime(MIN_LOADING_MS);
    usePageLoading.getState().start("#123456");
    expect(usePageLoading.getState()).toMatchObject({ visible: true, background: "#123456" });
    usePageLoading.getState().finish();
    vi.advanceTimersByTime(MIN_LOADING_MS - 1);
    expect(usePageLoading.getState().visible).toBe(true);
    vi.advanceTimersByTime(1);
    expect(usePageLoading.getState().visible).toBe(false);
  });
  it("uses white at 0.9 when the route has no background", () => {
    usePageLoading.getState().start();
    expect(usePageLoading.getState().background).toBe("rgba(255, 255, 255, 0.9)");
  });
});

function envelopeResponse(status: number, body: unknown) {
  return new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });
}

describe("API client", () => {
  const fetchMock = vi.fn();
  beforeEach(() => {
    fetchMock.mockReset();
    vi.stubGlobal("fetch", fetchMock);
    useUserStore.setState({ token: "tok", user: { id: 7 } as never, redirect: "/home" });
  });
  afterEach(() => vi.unstubAllGlobals());

  it("sends the token and language and unwraps the result", async () => {
    await changeLanguage("ko");
    fetchMock.mockResolvedValue(
      envelopeResponse(200, { success: true, code: 200, message: "성공", result: { a: 1 }, timestamp: 1 }),
    );
    await expect(apiRequest("GET", "/api/x", { query: { q: "1", empty: "" } })).resolves.toEqual({ a: 1 });
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toBe("/api/x?q=1");
    expect(init.headers).toMatchObject({ "X-Access-Token": "tok", "X-Lang": "ko" });
    await changeLanguage("en-us");
  });

  it("on 401 forgets the session and goes to the login screen", async () => {
    const toLogin = vi.spyOn(authRedirect, "toLogin").mockImplementation(() => {});
    fetchMock.mockResolvedValue(
      envelopeResponse(401, { success: false, code: 401, message: "Please log in first", result: null, timestamp: 1 }),
    );
    await expect(apiRequest("GET", "/api/x")).rejects.toMatchObject({ code: 401 });
    expect(useUserStore.getState().token).toBeNull();
    expect(toLogin).toHaveBeenCalled();
  });

  it("passes the server's message on, or says Error", async () => {
    fetchMock.mockResolvedValueOnce(
      envelopeResponse(409, { success: false, code: 409, message: "Insufficient balance", result: null, timestamp: 1 }),
    );
    await expect(apiRequest("POST", "/api/x", { body: { a: 1 }, silent: true })).rejects.toMatchObject({
      code: 409,
      message: "Insufficient balance",
    });
    fetchMock.mockResolvedValueOnce(new Response("<html>bad gateway</html>", { status: 502 }));
    await expect(apiRequest("GET", "/api/x", { silent: true })).rejects.toMatchObject({ code: 502, message: "Error" });
  });

  it("reports network failures as such", async () => {
    fetchMock.mockRejectedValue(new TypeError("Failed to fetch"));
    const err = await apiRequest("GET", "/api/x", { silent: true }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({ code: 0, kind: "network" });
    expect((err as ApiError).message).toMatch(/kept/);
  });
});

describe("navigation guard", () => {
  const fetchMock = vi.fn();
  beforeEach(() => {
    fetchMock.mockReset();
    vi.stubGlobal("fetch", fetchMock);
  });
  afterEach(() => vi.unstubAllGlobals());
  const route = (path: string) => {
    const r = findRoute(path);
    if (!r) throw new Error(path);
    return r;
  };
  const args = (path: string) =>
    ({ request: new Request(`http://localhost${path}`), params: {}, context: undefined }) as never;

  it("redirects a logged-out visitor of a login route to /login and remembers the path", async () => {
    useUserStore.setState({ token: null, user: null, redirect: "/home" });
    const result = await guardLoader(route("/my"))(args("/my")).catch((r: unknown) => r);
    expect((result as Response).status).toBe(302);
    expect((result as Response).headers.get("Location")).toBe("/login");
    expect(useUserStore.getState().redirect).toBe("/my");
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("fetches the current user when there is a token but no user id", async () => {
    useUserStore.setState({ token: "tok", user: null, redirect: "/home" });
    fetchMock.mockResolvedValue(
      envelopeResponse(200, { success: true, code: 200, message: "", result: { id: 9, username: "u" }, timestamp: 1 }),
    );
    await expect(guardLoader(route("/my"))(args("/my"))).resolves.toBeNull();
    expect(useUserStore.getState().user?.id).toBe(9);
  });

  it("waits for the start-up request instead of asking for the user a second time", async () => {
    useUserStore.setState({ token: "tok", user: null, redirect: "/home" });
    fetchMock.mockResolvedValue(
      envelopeResponse(200, { success: true, code: 200, message: "", result: { id: 11, username: "u" }, timestamp: 1 }),
    );
    const startUp = ensureCurrentUser(); // start.tsx, before the router exists
    await expect(guardLoader(route("/my"))(args("/my"))).resolves.toBeNull();
    await startUp;
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(useUserStore.getState().user?.id).toBe(11);
    // Once loaded, later navigations ask for nothing.
    await guardLoader(route("/my"))(args("/my"));
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it("empties the user when fetching fails, and lets public routes through", async () => {
    useUserStore.setState({ token: "stale", user: null, redirect: "/home" });
    fetchMock.mockRejectedValue(new TypeError("offline"));
    await expect(guardLoader(route("/home"))(args("/home"))).resolves.toBeNull();
    expect(useUserStore.getState().user).toBeNull();
  });
});

describe("distribution bucket labels", () => {
  it.each([
    [{ direction: "fall", fromPercent: "10", toPercent: null, count: 0 }, "<-10%"],
    [{ direction: "fall", fromPercent: "1", toPercent: "3", count: 0 }, "-3%~-1%"],
    [{ direction: "fall", fromPercent: "0", toPercent: "1", count: 0 }, "-1%~0%"],
    [{ direction: "flat", fromPercent: "0", toPercent: "0", count: 0 }, "0%"],
    [{ direction: "rise", fromPercent: "0", toPercent: "1", count: 0 }, "0%~+1%"],
    [{ direction: "rise", fromPercent: "10", toPercent: null, count: 0 }, ">+10%"],
  ] as const)("%j → %s", (bucket, label) => {
    expect(bucketLabel(bucket)).toBe(label);
  });
});

describe("live quotes", () => {
  it("applies a batch of ticks in order, with the direction of each symbol's last change", () => {
    const prev = { BTCUSDT: { price: "100", ts: 1, direction: null } } as const;
    const next = applyTicks(prev, [
      { symbol: "BTCUSDT", price: "101", ts: 2 },
      { symbol: "ETHUSDT", price: "10", ts: 2 },
      { symbol: "BTCUSDT", price: "99", ts: 3 },
      { symbol: "BTCUSDT", price: "98", ts: 2 }, // older than what we have: ignored
    ]);
    expect(next).toEqual({
      BTCUSDT: { price: "99", ts: 3, direction: "down" },
      ETHUSDT: { price: "10", ts: 2, direction: null },
    });
    expect(prev.BTCUSDT.price).toBe("100");
  });

  it("keeps the same object when no tick is newer (no re-render)", () => {
    const prev = { BTCUSDT: { price: "100", ts: 5, direction: "up" as const } };
    expect(applyTicks(prev, [{ symbol: "BTCUSDT", price: "101", ts: 4 }])).toBe(prev);
    expect(applyTicks(prev, [])).toBe(prev);
  });
});

describe("withQuote (a symbol at a live quote)", () => {
  const btc = {
    symbol: "BTCUSDT",
    price: "100",
    ts: 10,
    open24h: "80",
    change24h: "25.00",
    direction: null,
  } as LiveSymbol;
  it.each([
    ["no quote: the list's price", undefined, { price: "100", ts: 10, change24h: "25.00", direction: null }],
    ["an older quote: the list's price", { price: "90", ts: 9, direction: "down" as const }, { price: "100", ts: 10 }],
    [
      "a newer quote: its price, direction and the 24 h change from the open",
      { price: "120", ts: 11, direction: "up" as const },
      { price: "120", ts: 11, change24h: "50.00", direction: "up" },
    ],
  ])("%s", (_, quote, expected) => {
    expect(withQuote(btc, quote)).toMatchObject(expected);
  });
  it("is the symbol itself when nothing is newer (no re-render of its row)", () => {
    expect(withQuote(btc, undefined)).toBe(btc);
  });
});
