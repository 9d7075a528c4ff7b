// Server data of Content (CONTRACT.md "Content"): news, announcements, banners, the home
// ticker, the help centre and my inbox. Query keys carry the language: texts come back
// in the request language, so switching it refetches.
import type { ArticleDetail, Banner, HelpArticle, HelpCategoryGroup, InboxUnread, TickerItem } from "@candor/contract";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { api } from "../../lib/api-client";
import { useUserStore } from "../../stores/user";

export const CONTENT_PATHS = {
  announcements: "/api/sys/annountCement/vue3List",
  announcement: "/api/sys/annountCement/detail",
  news: "/api/content/news/list",
  newsDetail: "/api/content/news/detail",
  banners: "/api/content/banner/list",
  ticker: "/api/content/appNotice/list",
  help: "/api/content/appHelpInfo/list",
  helpArticle: "/api/content/appHelpInfo/queryById",
  inbox: "/api/content/appNotice/myList",
  read: "/api/content/appNotice/read",
  readAll: "/api/content/appNotice/readAll",
  unread: "/api/content/appNotice/unread",
} as const;

export type InboxTab = "all" | "system" | "task" | "transaction";

const useLang = () => useTranslation().i18n.language;

export function useArticle(kind: "news" | "announcement", id: number) {
  const lang = useLang();
  return useQuery({
    queryKey: ["content", kind, id, lang],
    queryFn: () =>
      api.get<ArticleDetail>(kind === "news" ? CONTENT_PATHS.newsDetail : CONTENT_PATHS.announcement, {
        query: { id },
        silent: true,
      }),
    enabled: id > 0,
  });
}

export function useBanners() {
  const lang = useLang();
  return useQuery({
    queryKey: ["content", "banners", lang],
    queryFn: () => api.get<Banner[]>(CONTENT_PATHS.banners, { silent: true }),
    staleTime: 60_000,
  });
}

export function useTicker() {
  const lang = useLang();
  return useQuery({
    queryKey: ["content", "ticker", lang],
    queryFn: () => api.get<TickerItem[]>(CONTENT_PATHS.ticker, { silent: true }),
    staleTime: 60_000,
  });
}

export function useHelp(keyword: string) {
  const lang = useLang();
  return useQuery({
    queryKey: ["content", "help", keyword, lang],
    queryFn: () => api.get<HelpCategoryGroup[]>(CONTENT_PATHS.help, { query: { keyword }, silent: true }),
    placeholderData: (previous) => previous,
  });
}

export function useHelpArticle(id: number) {
  const lang = useLang();
  return useQuery({
    queryKey: ["content", "helpArticle", id, lang],
    queryFn: () => api.get<HelpArticle>(CONTENT_PATHS.helpArticle, { query: { id }, silent: true }),
    enabled: id > 0,
  });
}

export function useUnread() {
  const loggedIn = useUserStore((s) => Boolean(s.token));
  return useQuery({
    queryKey: ["content", "unread"],
    queryFn: () => api.get<InboxUnread>(CONTENT_PATHS.unread, { silent: true }),
    enabled: loggedIn,
    refetchInterval: 30_000,
  });
}

/** Mark messages read (ids) or all of a tab; refreshes the list and the counts. */
export function useMarkRead() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (what: { ids: number[] } | { category: InboxTab }) =>
      "ids" in what
        ? api.post<InboxUnread>(CONTENT_PATHS.read, what)
        : api.post<InboxUnread>(CONTENT_PATHS.readAll, what),
    onSuccess: (unread) => {
      client.setQueryData(["content", "unread"], unread);
      void client.invalidateQueries({ queryKey: ["paged", CONTENT_PATHS.inbox] });
    },
  });
}
