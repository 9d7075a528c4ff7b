// The help centre: articles by category, searchable in the request language with any string
// (results or 400, never 5xx); too long or control characters are 400 naming the field.
import { describe, expect, it } from "vitest";
import { MIDWEEK, setupApp, startClockAt } from "../helper";
import { api } from "../wallet/factory";

const { app } = await setupApp(startClockAt(MIDWEEK));
const { get } = api(app);

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
