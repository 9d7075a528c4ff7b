// Content (docs/contract.md "Content"): news, announcements (with a server-rendered share
// page), home banners and the announcement ticker, the help centre and the customer's
// inbox. Every text is stored per language and returned in the request language (X-Lang).
import { z } from "zod";
import { IsoDate, PageQuery } from "./common";

export const CONTENT_KINDS = ["news", "announcement", "banner", "help"] as const;
export const ContentKind = z.enum(CONTENT_KINDS);
export type ContentKind = z.infer<typeof ContentKind>;

export const HELP_CATEGORIES = ["account", "deposits", "trading", "earn", "security"] as const;
export const HelpCategory = z.enum(HELP_CATEGORIES);
export type HelpCategory = z.infer<typeof HelpCategory>;

/** Banner/link opening modes: 1 nothing, 2 navigate the window to the URL, 4 open /outlink. */
export const LinkMode = z.union([z.literal(1), z.literal(2), z.literal(4)]);
export type LinkMode = z.infer<typeof LinkMode>;

export const ContentIdQuery = z.object({ id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER) });

export const ArticleListQuery = PageQuery;

/** One news item or announcement in a list. */
export const ArticleSummary = z.object({
  id: z.number().int(),
  title: z.string(),
  summary: z.string(),
  imageUrl: z.string().nullable(),
  pinned: z.boolean(),
  publishedAt: IsoDate,
});
export type ArticleSummary = z.infer<typeof ArticleSummary>;
/** An announcement in the logged-in customer's list, with whether they opened it. */
export const MyAnnouncement = ArticleSummary.extend({ read: z.boolean() });
export type MyAnnouncement = z.infer<typeof MyAnnouncement>;

export const ArticleDetail = ArticleSummary.extend({
  body: z.string().describe("sanitised HTML (allow-listed tags, no scripts, no event attributes)"),
  shareUrl: z.string().describe("server-rendered share page (announcements)").nullable(),
});
export type ArticleDetail = z.infer<typeof ArticleDetail>;

export const Banner = z.object({
  id: z.number().int(),
  title: z.string(),
  imageUrl: z.string().nullable(),
  linkUrl: z.string().nullable(),
  linkMode: LinkMode,
});
export type Banner = z.infer<typeof Banner>;

export const TickerItem = z.object({ id: z.number().int(), title: z.string(), publishedAt: IsoDate });
export type TickerItem = z.infer<typeof TickerItem>;

export const HelpListQuery = z.object({
  category: HelpCategory.optional(),
  keyword: z.string().max(200, "at most 200 characters").optional().describe("search titles and texts"),
});
export const HelpArticleSummary = z.object({
  id: z.number().int(),
  category: HelpCategory,
  title: z.string(),
  summary: z.string(),
});
export type HelpArticleSummary = z.infer<typeof HelpArticleSummary>;
export const HelpCategoryGroup = z.object({
  category: HelpCategory,
  name: z.string(),
  articles: z.array(HelpArticleSummary),
});
export type HelpCategoryGroup = z.infer<typeof HelpCategoryGroup>;
export const HelpArticle = HelpArticleSummary.extend({
  categoryName: z.string(),
  body: z.string().describe("sanitised HTML"),
  updatedAt: IsoDate,
});
export type HelpArticle = z.infer<typeof HelpArticle>;

// ------------------------------------------------------------------ inbox

export const INBOX_CATEGORIES = ["system", "task", "transaction"] as const;
export const InboxCategory = z.enum(INBOX_CATEGORIES);
export type InboxCategory = z.infer<typeof InboxCategory>;

export const InboxListQuery = PageQuery.extend({
  category: z.enum(["all", ...INBOX_CATEGORIES]).default("all"),
});
export const InboxMessage = z.object({
  id: z.number().int(),
  category: InboxCategory,
  title: z.string(),
  body: z.string(),
  read: z.boolean(),
  createdAt: IsoDate,
});
export type InboxMessage = z.infer<typeof InboxMessage>;
export const InboxReadBody = z.object({
  ids: z.array(z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER)).min(1).max(100),
});
export const InboxUnread = z.object({
  count: z.number().int(),
  system: z.number().int(),
  task: z.number().int(),
  transaction: z.number().int(),
});
export type InboxUnread = z.infer<typeof InboxUnread>;
/** Mark all my messages (of one category) read. */
export const InboxReadAllBody = z.object({ category: InboxListQuery.shape.category });

// ------------------------------------------------------------------ operator

const Text = (max: number) => z.record(z.string(), z.string().max(max));
const needsEnglish = (t: Record<string, string>) => Boolean(t["en-us"]?.trim());

export const ContentItemInput = z.object({
  kind: ContentKind,
  category: HelpCategory.nullable().optional().describe("help articles only"),
  title: Text(200).refine(needsEnglish, { message: "needs an en-us text" }),
  summary: Text(1000).optional(),
  body: Text(50_000).optional().describe("HTML; sanitised on save"),
  imageUrl: z.string().trim().max(1000).nullable().optional(),
  linkUrl: z.string().trim().max(2000).nullable().optional(),
  linkMode: LinkMode.optional(),
  pinned: z.boolean().optional(),
  ticker: z.boolean().optional().describe("announcements: show in the home ticker"),
  sort: z.number().int().min(-100000).max(100000).optional(),
  publishAt: IsoDate.nullable().optional().describe("null: draft; a future time: scheduled"),
});
export type ContentItemInput = z.infer<typeof ContentItemInput>;

export const ContentItemUpdate = ContentItemInput.partial().omit({ kind: true });
export type ContentItemUpdate = z.infer<typeof ContentItemUpdate>;

export const ContentScheduleBody = z.object({ publishAt: IsoDate.nullable() });
export const ContentTranslateBody = z.object({
  lang: z.string().min(2).max(8),
  title: z.string().max(200).optional(),
  summary: z.string().max(1000).optional(),
  body: z.string().max(50_000).optional(),
});

/** The operator's calls on one item name it by `id` in the body. */
const ItemId = ContentIdQuery.shape.id;
export const OperatorContentUpdateBody = ContentItemUpdate.extend({ id: ItemId });
export const OperatorContentTranslateBody = ContentTranslateBody.extend({ id: ItemId });
export const OperatorContentScheduleBody = ContentScheduleBody.extend({ id: ItemId });
export const OperatorContentRetractBody = z.object({ id: ItemId });

export const OperatorContentQuery = PageQuery.extend({ kind: ContentKind.optional() });
export const ContentState = z.enum(["draft", "scheduled", "published", "retracted"]);
export const OperatorContentItem = z.object({
  id: z.number().int(),
  kind: ContentKind,
  category: HelpCategory.nullable(),
  title: z.record(z.string(), z.string()),
  summary: z.record(z.string(), z.string()),
  body: z.record(z.string(), z.string()),
  imageUrl: z.string().nullable(),
  linkUrl: z.string().nullable(),
  linkMode: LinkMode,
  pinned: z.boolean(),
  ticker: z.boolean(),
  sort: z.number().int(),
  publishAt: IsoDate.nullable(),
  retractedAt: IsoDate.nullable(),
  state: ContentState,
  missingLangs: z.array(z.string()),
  createdAt: IsoDate,
  updatedAt: IsoDate,
});
export type OperatorContentItem = z.infer<typeof OperatorContentItem>;
