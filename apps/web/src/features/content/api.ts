// Server data of Content (docs/contract.md "Content"): news, announcements, banners, the home
// ticker, the help centre and my inbox. Query keys carry the language: texts come back
// in the request language, so switching it refetches.
import { contentPaths } from "@candor/contract/paths";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { api } from "../../lib/api-client";
import { useUserStore } from "../../stores/user";

/** The content paths (the contract's route table). */
export const CONTENT_PATHS = contentPaths;

export type InboxTab = "all" | "system" | "task" | "transaction";

const useLang = () => useTranslation().i18n.language;

export function useArticle(kind: "news" | "announcement", id: number) {
  const lang = useLang();
  return useQuery({
    queryKey: ["content", kind, id, lang],
    queryFn: () =>
      api.get(kind === "news" ? CONTENT_PATHS.newsItem : CONTENT_PATHS.announcement, {
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
    queryFn: () => api.get(CONTENT_PATHS.banners, { silent: true }),
    staleTime: 60_000,
  });
}

export function useTicker() {
  const lang = useLang();
  return useQuery({
    queryKey: ["content", "ticker", lang],
    queryFn: () => api.get(CONTENT_PATHS.ticker, { silent: true }),
    staleTime: 60_000,
  });
}

export function useHelp(keyword: string) {
  const lang = useLang();
  return useQuery({
    queryKey: ["content", "help", keyword, lang],
    queryFn: () => api.get(CONTENT_PATHS.help, { query: { keyword }, silent: true }),
    placeholderData: (previous) => previous,
  });
}

export function useHelpArticle(id: number) {
  const lang = useLang();
  return useQuery({
    queryKey: ["content", "helpArticle", id, lang],
    queryFn: () => api.get(CONTENT_PATHS.helpArticle, { query: { id }, silent: true }),
    enabled: id > 0,
  });
}

export function useUnread() {
  const loggedIn = useUserStore((s) => Boolean(s.token));
  return useQuery({
    queryKey: ["content", "unread"],
    queryFn: () => api.get(CONTENT_PATHS.inboxUnread, { silent: true }),
    enabled: loggedIn,
    refetchInterval: 30_000,
  });
}

/** Mark messages read (ids) or all of a tab; refreshes the list and the counts. */
export function useMarkRead() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (what: { ids: number[] } | { category: InboxTab }) =>
      "ids" in what ? api.post(CONTENT_PATHS.inboxRead, what) : api.post(CONTENT_PATHS.inboxReadAll, what),
    onSuccess: (unread) => {
      client.setQueryData(["content", "unread"], unread);
      void client.invalidateQueries({ queryKey: ["paged", CONTENT_PATHS.inbox] });
    },
  });
}
