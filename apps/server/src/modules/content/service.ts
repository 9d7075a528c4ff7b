// The content service (`app.content`): what customers read (news, announcements, banners,
// the ticker, help articles) in their language, their inbox, and the operators' writes.
// Visible = published (publish_at at or before business time now) and not retracted.
import {
  type ArticleDetail,
  type ArticleSummary,
  type Banner,
  type ContentItemInput,
  type ContentItemUpdate,
  HELP_CATEGORIES,
  type HelpArticle,
  type HelpArticleSummary,
  type HelpCategory,
  type HelpCategoryGroup,
  LANGS,
  type Lang,
  type OperatorContentItem,
  type Page,
  type TickerItem,
} from "@candor/contract";
import { and, count, desc, eq, isNull, lte, type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db";
import { AppError, badRequest, notFound } from "../../lib/errors";
import type { BusinessClock } from "../clock/service";
import { InboxService } from "./inbox";
import { HELP_CATEGORY_NAMES } from "./messages";
import { plainText, safeUrl, sanitizeHtml } from "./sanitize";
import { type ContentText, contentItems } from "./schema";

type Row = typeof contentItems.$inferSelect;
type Kind = Row["kind"];

export interface ContentDeps {
  db: Db;
  clock: Pick<BusinessClock, "now">;
}

export const pickLang = (text: ContentText, lang: Lang): string => text[lang]?.trim() || text["en-us"] || "";
const iso = (d: Date | string) => new Date(d).toISOString();

/** `%` and `_` are literal in a customer's search; `\` escapes them. */
export function likePattern(keyword: string): string {
  return `%${keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

export class ContentService {
  /** The customers' inbox (inbox.ts). */
  readonly inbox: InboxService;

  constructor(readonly deps: ContentDeps) {
    this.inbox = new InboxService(deps.db);
  }

  private visible(kind: Kind): SQL {
    return and(
      eq(contentItems.kind, kind),
      isNull(contentItems.retractedAt),
      lte(contentItems.publishAt, this.deps.clock.now()),
    ) as SQL;
  }

  private async visibleRow(kind: Kind, id: number): Promise<Row> {
    const [row] = await this.deps.db
      .select()
      .from(contentItems)
      .where(and(this.visible(kind), eq(contentItems.id, id)));
    if (!row) throw notFound("contentNotFound");
    return row;
  }

  private summary(row: Row, lang: Lang): ArticleSummary {
    return {
      id: row.id,
      title: pickLang(row.title, lang),
      summary: pickLang(row.summary, lang),
      imageUrl: row.imageUrl,
      pinned: row.pinned,
      publishedAt: iso(row.publishAt ?? row.createdAt),
    };
  }

  async articles(kind: "news" | "announcement", lang: Lang, q: { pageNo: number; pageSize: number }) {
    const where = this.visible(kind);
    const [rows, [total]] = await Promise.all([
      this.deps.db
        .select()
        .from(contentItems)
        .where(where)
        .orderBy(
          desc(contentItems.pinned),
          desc(contentItems.sort),
          desc(contentItems.publishAt),
          desc(contentItems.id),
        )
        .limit(q.pageSize)
        .offset((q.pageNo - 1) * q.pageSize),
      this.deps.db.select({ n: count() }).from(contentItems).where(where),
    ]);
    return {
      records: rows.map((r) => this.summary(r, lang)),
      total: Number(total?.n ?? 0),
      pageNo: q.pageNo,
      pageSize: q.pageSize,
    } satisfies Page<ArticleSummary>;
  }

  async article(kind: "news" | "announcement", id: number, lang: Lang): Promise<ArticleDetail> {
    const row = await this.visibleRow(kind, id);
    return {
      ...this.summary(row, lang),
      body: pickLang(row.body, lang),
      shareUrl: kind === "announcement" ? `/share/announcement/${row.id}?lang=${lang}` : null,
    };
  }

  /** For the share page: the announcement, or null when it is not visible. */
  async shareable(id: number, lang: Lang): Promise<ArticleDetail | null> {
    try {
      return await this.article("announcement", id, lang);
    } catch (err) {
      if (err instanceof AppError && err.status === 404) return null;
      throw err;
    }
  }

  async banners(lang: Lang): Promise<Banner[]> {
    const rows = await this.deps.db
      .select()
      .from(contentItems)
      .where(this.visible("banner"))
      .orderBy(desc(contentItems.sort), desc(contentItems.publishAt), desc(contentItems.id))
      .limit(10);
    return rows.map((r) => ({
      id: r.id,
      title: pickLang(r.title, lang),
      imageUrl: r.imageUrl,
      linkUrl: r.linkUrl,
      linkMode: r.linkMode,
    }));
  }

  async ticker(lang: Lang): Promise<TickerItem[]> {
    const rows = await this.deps.db
      .select()
      .from(contentItems)
      .where(and(this.visible("announcement"), eq(contentItems.ticker, true)))
      .orderBy(desc(contentItems.pinned), desc(contentItems.publishAt), desc(contentItems.id))
      .limit(10);
    return rows.map((r) => ({
      id: r.id,
      title: pickLang(r.title, lang),
      publishedAt: iso(r.publishAt ?? r.createdAt),
    }));
  }

  async help(lang: Lang, q: { category?: HelpCategory | undefined; keyword?: string | undefined }) {
    // NUL cannot be stored or compared in PostgreSQL text; lone surrogates cannot be encoded.
    const keyword = (q.keyword ?? "")
      .replace(/\0|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, "")
      .trim();
    const conditions: SQL[] = [this.visible("help")];
    if (q.category) conditions.push(eq(contentItems.category, q.category));
    if (keyword) {
      const pattern = likePattern(keyword);
      const field = (col: "title" | "summary" | "body") =>
        sql`coalesce(nullif(${sql.identifier(col)} ->> ${lang}, ''), ${sql.identifier(col)} ->> 'en-us', '')`;
      conditions.push(
        sql`(${field("title")} ILIKE ${pattern} ESCAPE '\\' OR ${field("summary")} ILIKE ${pattern} ESCAPE '\\' OR ${field("body")} ILIKE ${pattern} ESCAPE '\\')`,
      );
    }
    const rows = await this.deps.db
      .select()
      .from(contentItems)
      .where(and(...conditions))
      .orderBy(desc(contentItems.sort), contentItems.id)
      .limit(200);
    const groups: HelpCategoryGroup[] = [];
    for (const category of HELP_CATEGORIES) {
      const articles = rows.filter((r) => r.category === category).map((r) => this.helpSummary(r, lang));
      if (articles.length > 0 || (!keyword && (!q.category || q.category === category))) {
        groups.push({ category, name: categoryName(category, lang), articles });
      }
    }
    return groups;
  }

  private helpSummary(row: Row, lang: Lang): HelpArticleSummary {
    return {
      id: row.id,
      category: (row.category ?? "account") as HelpCategory,
      title: pickLang(row.title, lang),
      summary: pickLang(row.summary, lang),
    };
  }

  async helpArticle(id: number, lang: Lang): Promise<HelpArticle> {
    const row = await this.visibleRow("help", id);
    const summary = this.helpSummary(row, lang);
    return {
      ...summary,
      categoryName: categoryName(summary.category, lang),
      body: pickLang(row.body, lang),
      updatedAt: iso(row.updatedAt),
    };
  }

  // ---------------------------------------------------------------- operator

  operatorRecord(row: Row): OperatorContentItem {
    const now = this.deps.clock.now().getTime();
    const state = row.retractedAt
      ? "retracted"
      : !row.publishAt
        ? "draft"
        : row.publishAt.getTime() > now
          ? "scheduled"
          : "published";
    return {
      id: row.id,
      kind: row.kind,
      category: row.category,
      title: row.title,
      summary: row.summary,
      body: row.body,
      imageUrl: row.imageUrl,
      linkUrl: row.linkUrl,
      linkMode: row.linkMode,
      pinned: row.pinned,
      ticker: row.ticker,
      sort: row.sort,
      publishAt: row.publishAt ? iso(row.publishAt) : null,
      retractedAt: row.retractedAt ? iso(row.retractedAt) : null,
      state,
      missingLangs: LANGS.filter((l) => !row.title[l]?.trim()),
      createdAt: iso(row.createdAt),
      updatedAt: iso(row.updatedAt),
    };
  }

  async operatorList(q: { kind?: Kind | undefined; pageNo: number; pageSize: number }) {
    const where = q.kind ? eq(contentItems.kind, q.kind) : undefined;
    const [rows, [total]] = await Promise.all([
      this.deps.db
        .select()
        .from(contentItems)
        .where(where)
        .orderBy(desc(contentItems.id))
        .limit(q.pageSize)
        .offset((q.pageNo - 1) * q.pageSize),
      this.deps.db.select({ n: count() }).from(contentItems).where(where),
    ]);
    return {
      records: rows.map((r) => this.operatorRecord(r)),
      total: Number(total?.n ?? 0),
      pageNo: q.pageNo,
      pageSize: q.pageSize,
    };
  }

  async row(id: number): Promise<Row> {
    const [row] = await this.deps.db.select().from(contentItems).where(eq(contentItems.id, id));
    if (!row) throw notFound("contentNotFound");
    return row;
  }

  async create(input: ContentItemInput, seedKey?: string): Promise<OperatorContentItem> {
    const values = cleanInput(input, input.kind);
    if (input.kind === "help" && !values.category) throw badRequest("contentHelpCategoryRequired");
    const [row] = await this.deps.db
      .insert(contentItems)
      .values({ ...values, kind: input.kind, title: values.title ?? {}, seedKey: seedKey ?? null })
      .onConflictDoNothing()
      .returning();
    if (!row) return this.operatorRecord(await this.bySeedKey(seedKey ?? ""));
    return this.operatorRecord(row);
  }

  private async bySeedKey(seedKey: string): Promise<Row> {
    const [row] = await this.deps.db.select().from(contentItems).where(eq(contentItems.seedKey, seedKey));
    if (!row) throw notFound("contentNotFound");
    return row;
  }

  async update(id: number, input: ContentItemUpdate): Promise<OperatorContentItem> {
    const existing = await this.row(id);
    const values = cleanInput(input, existing.kind);
    // Texts merge per language: a translation sent alone keeps the others.
    const merged = {
      ...values,
      ...(values.title ? { title: { ...existing.title, ...values.title } } : {}),
      ...(values.summary ? { summary: { ...existing.summary, ...values.summary } } : {}),
      ...(values.body ? { body: { ...existing.body, ...values.body } } : {}),
    };
    const [row] = await this.deps.db
      .update(contentItems)
      .set({ ...merged, updatedAt: sql`now()` })
      .where(eq(contentItems.id, id))
      .returning();
    if (!row) throw notFound("contentNotFound");
    return this.operatorRecord(row);
  }

  async schedule(id: number, publishAt: string | null): Promise<OperatorContentItem> {
    await this.row(id);
    const [row] = await this.deps.db
      .update(contentItems)
      .set({ publishAt: publishAt ? parseTime(publishAt) : null, retractedAt: null, updatedAt: sql`now()` })
      .where(eq(contentItems.id, id))
      .returning();
    if (!row) throw notFound("contentNotFound");
    return this.operatorRecord(row);
  }

  async retract(id: number): Promise<OperatorContentItem> {
    await this.row(id);
    const [row] = await this.deps.db
      .update(contentItems)
      .set({ retractedAt: sql`coalesce(retracted_at, now())`, updatedAt: sql`now()` })
      .where(eq(contentItems.id, id))
      .returning();
    if (!row) throw notFound("contentNotFound");
    return this.operatorRecord(row);
  }
}

export function categoryName(category: string, lang: Lang): string {
  return HELP_CATEGORY_NAMES[category]?.[lang] ?? category;
}

function parseTime(value: string): Date {
  const ms = Date.parse(value);
  if (!Number.isFinite(ms)) throw badRequest("invalidField", { field: "publishAt" });
  return new Date(ms);
}

function localized(text: Record<string, string> | undefined, clean: (s: string) => string) {
  if (!text) return undefined;
  const out: ContentText = {};
  for (const [lang, value] of Object.entries(text)) {
    if (!(LANGS as readonly string[]).includes(lang)) throw badRequest("contentBadLang");
    out[lang] = clean(value);
  }
  return out;
}

function checkedUrl(value: string | null | undefined, field: string): string | null | undefined {
  if (value === undefined || value === null || value === "") return value === "" ? null : value;
  const url = safeUrl(value);
  if (url === null) throw badRequest("contentBadUrl", { field });
  return url;
}

/** Sanitises an operator's input: plain-text titles and summaries, allow-listed HTML bodies, safe URLs. */
function cleanInput(input: ContentItemUpdate, kind: Kind) {
  const out: Partial<typeof contentItems.$inferInsert> = {};
  const title = localized(input.title, plainText);
  if (title) out.title = title;
  const summary = localized(input.summary, plainText);
  if (summary) out.summary = summary;
  const body = localized(input.body, sanitizeHtml);
  if (body) out.body = body;
  if (input.category !== undefined) out.category = kind === "help" ? input.category : null;
  const imageUrl = checkedUrl(input.imageUrl, "imageUrl");
  if (imageUrl !== undefined) out.imageUrl = imageUrl;
  const linkUrl = checkedUrl(input.linkUrl, "linkUrl");
  if (linkUrl !== undefined) out.linkUrl = linkUrl;
  if (input.linkMode !== undefined) out.linkMode = input.linkMode;
  if (input.pinned !== undefined) out.pinned = input.pinned;
  if (input.ticker !== undefined) out.ticker = input.ticker;
  if (input.sort !== undefined) out.sort = input.sort;
  if (input.publishAt !== undefined) out.publishAt = input.publishAt === null ? null : parseTime(input.publishAt);
  return out;
}

// Data rights (modules/privacy): what this module holds about a customer.
export { clearInbox, inboxUserData } from "./data-rights";
