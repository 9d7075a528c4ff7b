// A list over a paged endpoint ({records, total, pageNo, pageSize}) with infinite
// scroll and the three states every list needs: loading, empty, error.
import type { EndpointAt, Page, PathsOf, ResultOf } from "@candor/contract";
import { useInfiniteQuery } from "@tanstack/react-query";
import { Button, DotLoading, InfiniteScroll } from "antd-mobile";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { apiRequest } from "../lib/api-client";
import { EmptyState } from "./empty-state";

export const PAGE_SIZE = 20;

/** A GET endpoint of the contract's table that answers a page of `T`. */
export type PagedPath<T> = {
  [P in PathsOf<"GET">]: ResultOf<EndpointAt<"GET", P>> extends Page<T> ? P : never;
}[PathsOf<"GET">];

export function usePagedQuery<T>(
  path: PagedPath<T>,
  query: Record<string, string | number | undefined> = {},
  enabled = true,
) {
  return useInfiniteQuery({
    queryKey: ["paged", path, query],
    queryFn: ({ pageParam }) =>
      // The path's result is a page of T (PagedPath); the query adds the page to the endpoint's filters.
      apiRequest<Page<T>>("GET", path, { query: { ...query, pageNo: pageParam, pageSize: PAGE_SIZE }, silent: true }),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.pageNo * last.pageSize < last.total ? last.pageNo + 1 : undefined),
    enabled,
  });
}

export function PagedList<T>({
  path,
  query,
  renderItem,
  keyOf,
  emptyText,
  emptyHint,
  ariaLabel,
}: {
  path: PagedPath<T>;
  query?: Record<string, string | number | undefined>;
  renderItem: (item: T) => ReactNode;
  keyOf: (item: T) => string | number;
  emptyText: string;
  /** A line under the empty title (what will appear here, and when). Required. */
  emptyHint: string;
  ariaLabel?: string;
}) {
  const { t } = useTranslation();
  const q = usePagedQuery<T>(path, query);
  if (q.isPending) {
    return (
      <div style={{ display: "flex", justifyContent: "center", padding: 40 }}>
        <DotLoading color="primary" />
      </div>
    );
  }
  if (q.isError) {
    return (
      <EmptyState kind="error" title={t("loadFailed")} description={q.error.message}>
        <Button onClick={() => void q.refetch()}>{t("retry")}</Button>
      </EmptyState>
    );
  }
  const items = q.data.pages.flatMap((p) => p.records);
  if (items.length === 0) return <EmptyState title={emptyText} description={emptyHint} />;
  return (
    <>
      <ul aria-label={ariaLabel} style={{ listStyle: "none", margin: 0, padding: 0 }}>
        {items.map((item) => (
          <li key={keyOf(item)}>{renderItem(item)}</li>
        ))}
      </ul>
      <InfiniteScroll
        hasMore={q.hasNextPage}
        loadMore={async () => {
          await q.fetchNextPage();
        }}
      >
        {q.hasNextPage ? <DotLoading /> : <span style={{ color: "#666", fontSize: 12 }}>{t("noMore")}</span>}
      </InfiniteScroll>
    </>
  );
}
