// Customer content endpoints (docs/contract.md "Content"): announcements, news, banners, the
// home ticker, the help centre (public) and the customer's inbox.
import { contentEndpoints as E } from "@candor/contract";
import type { FastifyInstance } from "fastify";
import { route } from "../../lib/route";
import { markAnnouncementRead, withReadState } from "./announcement-reads";
import type { ContentService } from "./service";

export async function contentRoutes(app: FastifyInstance, { service }: { service: ContentService }) {
  for (const [kind, list, detail] of [
    ["announcement", E.announcements, E.announcement],
    ["news", E.news, E.newsItem],
  ] as const) {
    route(app, list, ({ query, request }) => service.articles(kind, request.lang, query));
    route(app, detail, async ({ query, request }) => {
      const article = await service.article(kind, query.id, request.lang);
      if (kind === "announcement" && request.user?.role === "customer") {
        await markAnnouncementRead(app.database.db, request.user.id, article.id);
      }
      return article;
    });
  }
  route(app, E.myAnnouncements, async ({ query, request, user }) =>
    withReadState(app.database.db, user.id, await service.articles("announcement", request.lang, query)),
  );
  route(app, E.banners, ({ request }) => service.banners(request.lang));
  route(app, E.ticker, ({ request }) => service.ticker(request.lang));
  route(app, E.help, ({ query, request }) => service.help(request.lang, query));
  route(app, E.helpArticle, ({ query, request }) => service.helpArticle(query.id, request.lang));

  // ---------------------------------------------------------------- inbox
  route(app, E.inbox, ({ query, request, user }) => service.inbox.list(user.id, request.lang, query));
  route(app, E.inboxMessage, ({ query, request, user }) => service.inbox.message(user.id, query.id, request.lang));
  route(app, E.inboxRead, ({ body, user }) => service.inbox.markRead(user.id, body.ids));
  route(app, E.inboxReadAll, ({ body, user }) => service.inbox.markAllRead(user.id, body.category));
  route(app, E.inboxUnread, ({ user }) => service.inbox.unread(user.id));
}
