// Content: language selection, pinned ordering, drafts / scheduled / retracted items not
// visible, sanitising (no script reaches the API or the share page), the share page's Open
// Graph tags, help search with any string, support vs admin writes, and the inbox built
// from real events (a sandbox deposit credited, a withdrawal rejected).
import { beforeAll, describe, expect, it } from "vitest";
import { sanitizeHtml } from "../../src/modules/content/sanitize";
import { setupApp } from "../helper";
import { createStaffMember } from "../staff/factory";
import { api, createOperator, fund, registerCustomer, verifyIdentity, walletCustomer } from "../wallet/factory";

const { app, database } = await setupApp();
const { get, post } = api(app);
const admin = await createOperator(app, database);
let support: { token: string };

beforeAll(async () => {
  support = await createStaffMember(app, database, "support");
});

const create = (token: string, body: Record<string, unknown>) =>
  post("/api/operator/content/items/create", token, body);
const en = (text: string) => ({ "en-us": text });
const past = () => new Date(Date.now() - 60_000).toISOString();

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
    const future = new Date(Date.now() + 3600_000).toISOString();
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

describe("help centre", () => {
  it("by category and searchable in the request language", async () => {
    const all = await get("/api/content/appHelpInfo/list", undefined, { "x-lang": "tai" });
    expect(all.result.map((g: { category: string }) => g.category)).toEqual([
      "account",
      "deposits",
      "trading",
      "earn",
      "security",
    ]);
    expect(all.result[1].name).toBe("ฝากและถอนเงิน");
    const hit = await get(`/api/content/appHelpInfo/list?keyword=${encodeURIComponent("提領")}`, undefined, {
      "x-lang": "zh-cn",
    });
    const titles = hit.result.flatMap((g: { articles: { title: string }[] }) => g.articles.map((a) => a.title));
    expect(titles).toContain("提領如何審核");
    const article = await get(`/api/content/appHelpInfo/queryById?id=${hit.result[0].articles[0].id}`, undefined, {
      "x-lang": "zh-cn",
    });
    expect(article.result).toMatchObject({ categoryName: expect.any(String), body: expect.stringContaining("<p>") });
    expect((await get("/api/content/appHelpInfo/queryById?id=999999")).status).toBe(404);
  });

  it.each([
    "%",
    "_",
    "\\",
    "%_%\\'\"",
    "'; DROP TABLE content_items; --",
    "😀🚀",
    "a".repeat(200),
    " ",
    "<script>",
    "ñ%25",
  ])("search %j → results or 400, never 5xx", async (keyword) => {
    const res = await get(`/api/content/appHelpInfo/list?keyword=${encodeURIComponent(keyword)}`);
    expect(res.status).toBe(200);
    if (["%", "_", "\\"].includes(keyword)) {
      expect(res.result.flatMap((g: { articles: unknown[] }) => g.articles)).toHaveLength(0);
    }
  });

  it.each(["%ED%A0%80", "%FF%FE", "%E0%A4%A", "%", "%%", "a%2"])("raw query %s → 200 or 400", async (raw) => {
    const res = await get(`/api/content/appHelpInfo/list?keyword=${raw}`);
    expect([200, 400]).toContain(res.status);
  });

  it("too long or control characters → 400 naming the field", async () => {
    const long = await get(`/api/content/appHelpInfo/list?keyword=${"a".repeat(201)}`);
    expect(long.status).toBe(400);
    expect(long.body.message).toContain("keyword");
    const nul = await get("/api/content/appHelpInfo/list?keyword=%00");
    expect(nul.status).toBe(400);
    const cat = await get("/api/content/appHelpInfo/list?category=nope");
    expect(cat.status).toBe(400);
  });
});

describe("inbox", () => {
  const waitFor = async (check: () => Promise<boolean>, ms = 8000) => {
    const start = Date.now();
    while (Date.now() - start < ms) {
      if (await check()) return;
      await new Promise((r) => setTimeout(r, 50));
    }
    throw new Error("timed out");
  };

  it("a credited sandbox deposit leaves a message in the reader's language; read, unread, others' ids 404", async () => {
    const alice = await registerCustomer(app);
    const bob = await registerCustomer(app);
    const dep = await post("/api/finance/appRecharge/apply", alice.token, {
      currency: "USDT",
      network: "TRC20",
      amount: "125",
    });
    expect(dep.status).toBe(200);
    // (A first deposit may also complete a welfare task: that message is a task one, counted apart.)
    await waitFor(async () => (await get("/api/content/appNotice/unread", alice.token)).result.transaction === 1);
    const list = await get("/api/content/appNotice/myList?category=transaction", alice.token);
    expect(list.result.records).toHaveLength(1);
    const [msg] = list.result.records;
    expect(msg).toMatchObject({ category: "transaction", title: "Deposit credited", read: false });
    expect(msg.body).toBe(`125 USDT from deposit #${dep.result.id} is now in your available balance.`);
    const inKorean = await get("/api/content/appNotice/myList?category=transaction", alice.token, { "x-lang": "ko" });
    expect(inKorean.result.records[0].title).toBe("입금 완료");
    const tasks = await get("/api/content/appNotice/myList?category=task", alice.token);
    expect(tasks.result.records.every((r: { category: string }) => r.category === "task")).toBe(true);

    // Bob sees nothing of Alice's and cannot mark or open her message.
    expect((await get("/api/content/appNotice/myList", bob.token)).result.total).toBe(0);
    expect((await post("/api/content/appNotice/read", bob.token, { ids: [msg.id] })).status).toBe(404);
    expect((await get(`/api/content/appNotice/detail?id=${msg.id}`, bob.token)).status).toBe(404);
    expect((await get("/api/content/appNotice/unread", alice.token)).result.transaction).toBe(1);

    const read = await post("/api/content/appNotice/read", alice.token, { ids: [msg.id] });
    expect(read.result).toMatchObject({ system: 0, transaction: 0 });
    expect(read.result.count).toBe(read.result.task);
    expect((await get("/api/content/appNotice/myList", alice.token)).result.records[0].read).toBe(true);
    expect((await post("/api/content/appNotice/read", alice.token, { ids: [] })).status).toBe(400);
    expect((await get("/api/content/appNotice/myList")).status).toBe(401);
  });

  it("events from other modules (tolerant payloads), each once; mark all read", async () => {
    const carol = await registerCustomer(app);
    app.bus.publish("reward.task_done", { userId: carol.id, taskId: 7, title: "First deposit" });
    app.bus.publish("reward.task_done", { userId: carol.id, taskId: 7, title: "First deposit" });
    app.bus.publish("loan.margin_call", {
      userId: carol.id,
      orderId: 3,
      currency: "USDT",
      collateralCurrency: "BTC",
      ltv: "0.85",
      marginCallLtv: "0.75",
      liquidationLtv: "0.85",
      price: "50000",
      liquidationPrice: "49000",
      ts: Date.now(),
    });
    // Malformed payloads are ignored.
    (app.bus as unknown as { publish(t: string, p: unknown): void }).publish("loan.margin_call", { userId: "x" });
    (app.bus as unknown as { publish(t: string, p: unknown): void }).publish("reward.task_done", null);
    await waitFor(async () => (await get("/api/content/appNotice/unread", carol.token)).result.count === 2);
    const unread = await get("/api/content/appNotice/unread", carol.token);
    expect(unread.result).toEqual({ count: 2, system: 1, task: 1, transaction: 0 });
    const list = await get("/api/content/appNotice/myList", carol.token, { "x-lang": "xi" });
    const bodies = list.result.records.map((r: { body: string }) => r.body);
    expect(bodies).toContain("Completaste “First deposit”. Reclama la recompensa en el centro de beneficios.");
    expect(bodies.some((b: string) => b.includes("85.0%"))).toBe(true);
    const all = await post("/api/content/appNotice/readAll", carol.token, { category: "all" });
    expect(all.result.count).toBe(0);
  });

  it("a real identity review, an option settlement and an earn order's end each leave a message", async () => {
    const dave = await registerCustomer(app);
    await verifyIdentity(app, database, dave, admin);
    app.bus.publish("options.settled", {
      userId: dave.id,
      orderId: 11,
      symbol: "BTCUSDT",
      price: "65000.5",
      payout: "18.5",
      currency: "USDT",
    });
    app.bus.publish("earn.order_ended", { userId: dave.id, orderId: 12, reason: "term" });
    // Passing identity verification also completes that welfare task (a task message of its own).
    const listed = async () =>
      (await get("/api/content/appNotice/myList", dave.token, { "x-lang": "jp" })).result.records.filter(
        (r: { category: string }) => r.category !== "task",
      ) as Array<{ title: string; body: string }>;
    await waitFor(async () => (await listed()).length === 3);
    const records = await listed();
    // Three modules, three messages; their order depends on which event lands first.
    expect(records.map((r) => r.title).sort()).toEqual(
      ["運用注文が終了しました", "オプションが決済されました", "本人確認が承認されました"].sort(),
    );
    expect(records.find((r) => r.title === "オプションが決済されました")?.body).toContain("65000.5");
    const system = await get("/api/content/appNotice/myList?category=system", dave.token);
    expect(system.result.records.map((r: { title: string }) => r.title)).toEqual(["Verification approved"]);
  });

  it("a rejected withdrawal tells the customer why", async () => {
    const erin = await walletCustomer(app);
    await fund(database, erin.id, "USDT", "300");
    const w = await post("/api/finance/appWithdrawal/apply", erin.token, {
      currency: "USDT",
      amount: "100",
      accountId: erin.accountId,
      withdrawalPassword: "Withdraw123",
    });
    expect(w.status, JSON.stringify(w.body)).toBe(200);
    const rejected = await post("/api/operator/wallet/withdrawal/reject", admin.token, {
      id: w.result.id,
      reason: "Address on a sanctions list",
    });
    expect(rejected.status).toBe(200);
    await waitFor(async () => (await get("/api/content/appNotice/unread", erin.token)).result.transaction >= 1);
    const list = await get("/api/content/appNotice/myList?category=transaction", erin.token);
    const msg = list.result.records.find((r: { title: string }) => r.title === "Withdrawal rejected");
    expect(msg.body).toContain("Reason: Address on a sanctions list");
  });
});
