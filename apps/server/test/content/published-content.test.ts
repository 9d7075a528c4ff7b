// Published content: language selection, pinned ordering, drafts / scheduled / retracted items
// not visible, support vs admin writes, sanitising (no script reaches the API or the share
// page), and the share page's Open Graph tags.
import { beforeAll, describe, expect, it } from "vitest";
import { sanitizeHtml } from "../../src/modules/content/sanitize";
import { createOperator, createStaffMember } from "../factory";
import { MIDWEEK, setupApp, startClockAt } from "../helper";
import { api } from "../wallet/factory";

const { app, database } = await setupApp(startClockAt(MIDWEEK));
const { get, post } = api(app);
const admin = await createOperator(app, database);
let support: { token: string };

beforeAll(async () => {
  support = await createStaffMember(app, database, "support");
});

const create = (token: string, body: Record<string, unknown>) =>
  post("/api/operator/content/items/create", token, body);
const en = (text: string) => ({ "en-us": text });
// Times relative to business time: the clock starts at a stated instant, not at real time.
const past = () => new Date(app.clock.nowMs() - 60_000).toISOString();

describe("seeded content", () => {
  it("announcements in the request language, pinned first, with every language present", async () => {
    const en = await get("/api/sys/annountCement/vue3List?pageSize=100");
    expect(en.status).toBe(200);
    expect(en.result.total).toBeGreaterThanOrEqual(4);
    expect(en.result.records[0]).toMatchObject({ title: "How Candor's fees work", pinned: true });
    const zh = await get("/api/sys/annountCement/vue3List?pageSize=100", undefined, { "x-lang": "zh-cn" });
    expect(zh.result.records[0].title).toBe("Candor 的費用說明");
    const ko = await get(`/api/sys/annountCement/detail?id=${en.result.records[0].id}`, undefined, { "x-lang": "ko" });
    expect(ko.result.title).toBe("Candor 수수료 안내");
    expect(ko.result.body).toContain("<p>");
    expect(ko.result.shareUrl).toBe(`/share/announcement/${en.result.records[0].id}?lang=ko`);
    const news = await get("/api/content/news/list", undefined, { "x-lang": "jp" });
    expect(news.result.records.length).toBeGreaterThanOrEqual(3);
    expect(news.result.records.every((r: { title: string }) => /[\u3040-\u30ff\u4e00-\u9fff]/.test(r.title))).toBe(
      true,
    );
  });

  it("banners with their link modes and the ticker", async () => {
    const banners = await get("/api/content/banner/list", undefined, { "x-lang": "xi" });
    expect(banners.result.map((b: { linkMode: number }) => b.linkMode).sort()).toEqual([1, 2]);
    expect(banners.result[0].title).toMatch(/gratis/);
    const ticker = await get("/api/content/appNotice/list");
    expect(ticker.result.length).toBeGreaterThanOrEqual(3);
  });
});

describe("publishing", () => {
  it("drafts and scheduled items are hidden until their time (business clock); retracted ones go", async () => {
    const draft = await create(admin.token, { kind: "news", title: en("Draft news item") });
    expect(draft.status).toBe(200);
    expect(draft.result.state).toBe("draft");
    const future = new Date(app.clock.nowMs() + 3600_000).toISOString();
    const scheduled = await create(admin.token, { kind: "news", title: en("Scheduled news item"), publishAt: future });
    expect(scheduled.result.state).toBe("scheduled");
    const titles = async () =>
      (await get("/api/content/news/list?pageSize=100")).result.records.map((r: { title: string }) => r.title);
    expect(await titles()).not.toContain("Draft news item");
    expect(await titles()).not.toContain("Scheduled news item");
    expect((await get(`/api/content/news/detail?id=${scheduled.result.id}`)).status).toBe(404);

    const advance = await app.inject({ method: "POST", url: "/dev/clock/advance", payload: { seconds: 7200 } });
    expect(advance.statusCode).toBe(200);
    expect(await titles()).toContain("Scheduled news item");
    expect(await titles()).not.toContain("Draft news item");

    const retract = await post("/api/operator/content/items/retract", admin.token, { id: scheduled.result.id });
    expect(retract.result.state).toBe("retracted");
    expect(await titles()).not.toContain("Scheduled news item");
    expect((await get(`/api/content/news/detail?id=${scheduled.result.id}`)).status).toBe(404);
  });

  it("a new pinned announcement comes first; translations merge per language; other languages fall back to English", async () => {
    const item = await create(admin.token, {
      kind: "announcement",
      title: en("Maintenance window on Sunday"),
      body: en("<p>The app is read-only for 30 minutes.</p>"),
      pinned: true,
      publishAt: past(),
    });
    const list = await get("/api/sys/annountCement/vue3List");
    expect(list.result.records[0].title).toBe("Maintenance window on Sunday");
    const tr = await post("/api/operator/content/items/translate", admin.token, {
      id: item.result.id,
      lang: "vl",
      title: "Bảo trì vào Chủ nhật",
    });
    expect(tr.result.title).toMatchObject({ "en-us": "Maintenance window on Sunday", vl: "Bảo trì vào Chủ nhật" });
    expect(tr.result.missingLangs).toContain("ko");
    const vl = await get(`/api/sys/annountCement/detail?id=${item.result.id}`, undefined, { "x-lang": "vl" });
    expect(vl.result.title).toBe("Bảo trì vào Chủ nhật");
    const ko = await get(`/api/sys/annountCement/detail?id=${item.result.id}`, undefined, { "x-lang": "ko" });
    expect(ko.result.title).toBe("Maintenance window on Sunday");
    await post("/api/operator/content/items/update", admin.token, { id: item.result.id, pinned: false });
  });

  it("support writes help articles but not announcements; unknown languages and unsafe links are 400", async () => {
    const help = await create(support.token, {
      kind: "help",
      category: "account",
      title: en("Changing your e-mail"),
      publishAt: past(),
    });
    expect(help.status).toBe(200);
    const ann = await create(support.token, { kind: "announcement", title: en("Not allowed") });
    expect(ann.status).toBe(403);
    const retract = await post("/api/operator/content/items/retract", support.token, { id: 1 });
    expect(retract.status).toBe(403);
    const noCategory = await create(admin.token, { kind: "help", title: en("No category") });
    expect(noCategory.status).toBe(400);
    const badLang = await create(admin.token, { kind: "news", title: { "en-us": "x", klingon: "y" } });
    expect(badLang.status).toBe(400);
    const badLink = await create(admin.token, {
      kind: "banner",
      title: en("x"),
      linkUrl: "javascript:alert(1)",
      linkMode: 2,
    });
    expect(badLink.status).toBe(400);
    expect(badLink.body.message).toContain("linkUrl");
  });
});

describe("sanitising", () => {
  const evil = [
    '<p onclick="alert(1)">Hi<script>alert("x")</script></p>',
    '<img src=x onerror=alert(1)><a href="javascript:alert(1)">a</a><a href="jav&#x09;ascript:alert(1)">b</a>',
    "<svg><script>alert(1)</script></svg><iframe src=//evil></iframe><SCRIPT SRC=//x></SCRIPT>",
    '<a href=" JaVaScRiPt:alert(1)" target=_blank>c</a><style>*{}</style><!-- <script> -->',
    '<div style="background:url(javascript:alert(1))">d</div><scr<script>ipt>alert(1)</script>',
  ].join("");

  it("the allow-list keeps text and safe tags and drops scripts, handlers and javascript: URLs", () => {
    const clean = sanitizeHtml(evil);
    expect(clean).not.toMatch(/<script|onerror|onclick|javascript:|<iframe|<svg|<style|style=/i);
    expect(clean).toContain("<p>Hi</p>");
    expect(clean).toContain('target="_blank" rel="noopener noreferrer"');
    expect(sanitizeHtml('<a href="https://example.com/?a=1&b=2">x</a>')).toBe(
      '<a href="https://example.com/?a=1&amp;b=2">x</a>',
    );
    expect(sanitizeHtml("1 < 2 & 3 > 2")).toBe("1 &lt; 2 &amp; 3 &gt; 2");
  });

  it("no script survives into the API or the share page", async () => {
    const item = await create(admin.token, {
      kind: "announcement",
      title: en('Title <script>alert(1)</script>"><img src=x onerror=alert(1)>'),
      summary: en("<b>Summary</b>"),
      body: en(evil),
      publishAt: past(),
    });
    expect(item.status).toBe(200);
    const detail = await get(`/api/sys/annountCement/detail?id=${item.result.id}`);
    const json = JSON.stringify(detail.result);
    expect(json).not.toMatch(/<script|onerror|onclick|javascript:/i);
    const page = await app.inject({ method: "GET", url: `/share/announcement/${item.result.id}` });
    expect(page.statusCode).toBe(200);
    expect(page.body).not.toMatch(/<script|onerror=|onclick|javascript:/i);
  });
});

describe("share page", () => {
  it("server-rendered with Open Graph and Twitter tags in the language asked for", async () => {
    const list = await get("/api/sys/annountCement/vue3List");
    const id = list.result.records.find((r: { title: string }) => r.title === "How Candor's fees work").id;
    const page = await app.inject({ method: "GET", url: `/share/announcement/${id}?lang=zh-cn` });
    expect(page.statusCode).toBe(200);
    expect(page.headers["content-type"]).toContain("text/html");
    expect(page.body).toContain('<meta property="og:title" content="Candor 的費用說明">');
    expect(page.body).toContain('<meta property="og:type" content="article">');
    expect(page.body).toMatch(
      /<meta property="og:url" content="http:\/\/[^"]+\/share\/announcement\/\d+\?lang=zh-cn">/,
    );
    expect(page.body).toContain('<meta name="twitter:card" content="summary">');
    expect(page.body).toContain('<html lang="zh-Hant">');
    const byHeader = await app.inject({
      method: "GET",
      url: `/share/announcement/${id}`,
      headers: { "accept-language": "ja-JP,ja;q=0.9,en;q=0.5" },
    });
    expect(byHeader.body).toContain('content="Candor の手数料について"');
    for (const bad of ["999999999", "abc", "-1", "1e3"]) {
      expect((await app.inject({ method: "GET", url: `/share/announcement/${bad}` })).statusCode).toBe(404);
    }
  });
});
