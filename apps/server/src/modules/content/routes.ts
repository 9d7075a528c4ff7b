// Customer content endpoints (CONTRACT.md "Content"): announcements, news, banners, the
// home ticker, the help centre (public) and the customer's inbox.
import {
  ArticleDetail,
  ArticleListQuery,
  ArticleSummary,
  Banner,
  ContentIdQuery,
  HelpArticle,
  HelpCategoryGroup,
  HelpListQuery,
  InboxListQuery,
  InboxMessage,
  InboxReadBody,
  InboxUnread,
  page,
  TickerItem,
} from "@candor/contract";
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { route } from "../../lib/route";
import { currentUser } from "../../plugins/auth";
import { markAnnouncementRead, withReadState } from "./announcement-reads";
import type { ContentService } from "./service";

const tags = ["content"];

export async function contentRoutes(app: FastifyInstance, { service }: { service: ContentService }) {
  const user = (request: Parameters<typeof currentUser>[0]) => currentUser(request).id;

  for (const [kind, base, label] of [
    ["announcement", "/api/sys/annountCement", "Announcements"],
    ["news", "/api/content/news", "News"],
  ] as const) {
    route(
      app,
      {
        method: "GET",
        url: `${base}/${kind === "announcement" ? "vue3List" : "list"}`,
        auth: "public",
        tags,
        summary: `${label}: pinned first, then newest published`,
        query: ArticleListQuery,
        result: page(ArticleSummary),
      },
      ({ query, request }) => service.articles(kind, request.lang, query),
    );
    route(
      app,
      {
        method: "GET",
        url: `${base}/detail`,
        auth: "public",
        tags,
        summary: `${label}: one item with its sanitised HTML body`,
        query: ContentIdQuery,
        result: ArticleDetail,
      },
      async ({ query, request }) => {
        const article = await service.article(kind, query.id, request.lang);
        if (kind === "announcement" && request.user?.role === "customer") {
          await markAnnouncementRead(app.database.db, request.user.id, article.id);
        }
        return article;
      },
    );
  }
  route(
    app,
    {
      method: "GET",
      url: "/api/sys/annountCement/listByUser",
      auth: "user",
      tags,
      summary: "Announcements for the logged-in customer, each with whether they have opened it",
      query: ArticleListQuery,
      result: page(ArticleSummary.extend({ read: z.boolean() })),
    },
    async ({ query, request }) =>
      withReadState(app.database.db, user(request), await service.articles("announcement", request.lang, query)),
  );
  route(
    app,
    {
      method: "GET",
      url: "/api/content/banner/list",
      auth: "public",
      tags,
      summary: "Home banners; linkMode 1 nothing, 2 navigate the window to linkUrl, 4 open /outlink with it",
      result: z.array(Banner),
    },
    ({ request }) => service.banners(request.lang),
  );
  route(
    app,
    {
      method: "GET",
      url: "/api/content/appNotice/list",
      auth: "public",
      tags,
      summary: "Public notices for the home ticker (announcements marked for it)",
      result: z.array(TickerItem),
    },
    ({ request }) => service.ticker(request.lang),
  );
  route(
    app,
    {
      method: "GET",
      url: "/api/content/appHelpInfo/list",
      auth: "public",
      tags,
      summary: "Help centre by category; `keyword` searches titles and texts in the request language",
      query: HelpListQuery,
      result: z.array(HelpCategoryGroup),
    },
    ({ query, request }) => service.help(request.lang, query),
  );
  route(
    app,
    {
      method: "GET",
      url: "/api/content/appHelpInfo/queryById",
      auth: "public",
      tags,
      summary: "One help article",
      query: ContentIdQuery,
      result: HelpArticle,
    },
    ({ query, request }) => service.helpArticle(query.id, request.lang),
  );

  // ---------------------------------------------------------------- inbox
  route(
    app,
    {
      method: "GET",
      url: "/api/content/appNotice/myList",
      auth: "user",
      tags,
      summary: "My inbox, newest first (category all, system, task or transaction)",
      query: InboxListQuery,
      result: page(InboxMessage),
    },
    ({ query, request }) => service.inbox.list(user(request), request.lang, query),
  );
  route(
    app,
    {
      method: "GET",
      url: "/api/content/appNotice/detail",
      auth: "user",
      tags,
      summary: "One of my inbox messages",
      query: ContentIdQuery,
      result: InboxMessage,
    },
    ({ query, request }) => service.inbox.message(user(request), query.id, request.lang),
  );
  route(
    app,
    {
      method: "POST",
      url: "/api/content/appNotice/read",
      auth: "user",
      tags,
      summary: "Mark my messages read (an id that is not mine: 404, nothing changes); returns the unread counts",
      body: InboxReadBody,
      result: InboxUnread,
    },
    ({ body, request }) => service.inbox.markRead(user(request), body.ids),
  );
  route(
    app,
    {
      method: "POST",
      url: "/api/content/appNotice/readAll",
      auth: "user",
      tags,
      summary: "Mark all my messages (of one category) read; returns the unread counts",
      body: z.object({ category: InboxListQuery.shape.category }),
      result: InboxUnread,
    },
    ({ body, request }) => service.inbox.markAllRead(user(request), body.category),
  );
  route(
    app,
    {
      method: "GET",
      url: "/api/content/appNotice/unread",
      auth: "user",
      tags,
      summary: "My unread message counts, in total and by category",
      result: InboxUnread,
    },
    ({ request }) => service.inbox.unread(user(request)),
  );
}
