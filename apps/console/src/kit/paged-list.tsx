// A paged list screen's state: its filters (a change goes back to page 1), the query with
// its key, and the table or its error state with a retry.
import type { Page } from "@candor/contract";
import { useQuery } from "@tanstack/react-query";
import { Table, type TableProps } from "antd";
import { useState } from "react";
import { QueryError, usePaging } from "../app/page-state";

export type PagedQuery = { pageNo: number; pageSize: number };

export function usePagedList<P extends Page<unknown>, F extends object = Record<never, never>>(options: {
  /** The query key's first part (what a save invalidates). */
  key: string;
  filters?: F;
  /** What else the list depends on (a record's id passed in), part of the query key. */
  scope?: unknown[];
  pageSize?: number;
  fetch: (query: F & PagedQuery) => Promise<P>;
  enabled?: boolean;
  refetchInterval?: number;
}) {
  const paging = usePaging(options.pageSize);
  const [filters, setFilters] = useState<F>(options.filters ?? ({} as F));
  const query = useQuery({
    queryKey: [options.key, ...(options.scope ?? []), filters, paging.pageNo, paging.pageSize],
    queryFn: () => options.fetch({ ...filters, pageNo: paging.pageNo, pageSize: paging.pageSize }),
    enabled: options.enabled,
    refetchInterval: options.refetchInterval,
  });
  return {
    filters,
    /** Change one filter and go back to page 1. */
    setFilter: <K extends keyof F>(name: K, value: F[K]) => {
      setFilters((f) => ({ ...f, [name]: value }));
      paging.reset();
    },
    query,
    paging,
  };
}

/** What PagedTable needs of a usePagedList. */
interface ListState<T> {
  query: {
    isError: boolean;
    error: unknown;
    isPending: boolean;
    data?: { records: T[]; total: number };
    refetch: () => unknown;
  };
  paging: ReturnType<typeof usePaging>;
}

/** The list's table (rows keyed by id unless told), or the error state with a retry. */
export function PagedTable<T extends object>({
  list,
  ...props
}: { list: ListState<T> } & Omit<TableProps<T>, "dataSource" | "loading" | "pagination">) {
  const { query, paging } = list;
  if (query.isError) return <QueryError error={query.error} onRetry={() => void query.refetch()} />;
  return (
    <Table<T>
      rowKey="id"
      loading={query.isPending}
      dataSource={query.data?.records ?? []}
      pagination={paging.pagination(query.data?.total)}
      {...props}
    />
  );
}
