// Parts every area screen (earn, loans, IEO, contests) uses: the `?id=` of a detail
// screen, label/value rows, a loading block, and one query's loading, failed and
// not-found states. Each area's parts.tsx binds AreaQueryView to its own namespace.
import type { UseQueryResult } from "@tanstack/react-query";
import { DotLoading } from "antd-mobile";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import styles from "./area-screens.module.css";
import { EmptyState } from "./empty-state";
import { LoadFailed } from "./screen-states";

/** The positive integer in `?<name>=`, or null (absent or not a number). */
export function useIdParam(name = "id"): number | null {
  const [params] = useSearchParams();
  const raw = params.get(name);
  const id = raw && /^\d+$/.test(raw) ? Number(raw) : 0;
  return id > 0 ? id : null;
}

/** Label/value rows. */
export function Rows({ rows }: { rows: [label: ReactNode, value: ReactNode, testId?: string][] }) {
  return (
    <dl className={styles.rows}>
      {rows.map(([label, value, testId], i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: fixed rows, never reordered
        <div key={i}>
          <dt>{label}</dt>
          <dd data-testid={testId}>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

export function Loading() {
  return (
    <div className={styles.center}>
      <DotLoading color="primary" />
    </div>
  );
}

export interface QueryViewProps<T> {
  query: UseQueryResult<T>;
  /** What a 404, a 400 or a query that cannot run (no id) shows… */
  missing: string;
  /** …and the line under it (the area's own `missingHint` when not given). */
  missingHint?: string;
  children: (data: T) => ReactNode;
}

/**
 * Loading, failed (with retry) and not-found states of one query; `children` renders the
 * data. `namespace` is the area's i18n namespace (its `missingHint`).
 */
export function AreaQueryView<T>({
  namespace,
  query,
  missing,
  missingHint,
  children,
}: QueryViewProps<T> & { namespace: string }) {
  const { t } = useTranslation(namespace);
  const hint = missingHint ?? t("missingHint");
  if (query.fetchStatus === "idle" && query.isPending) return <EmptyState title={missing} description={hint} />;
  if (query.isPending) return <Loading />;
  if (query.isError) {
    const code = (query.error as { code?: number }).code;
    if (code === 404 || code === 400) return <EmptyState title={missing} description={hint} />;
    return <LoadFailed onRetry={() => void query.refetch()} hint={query.error.message} />;
  }
  return <>{children(query.data)}</>;
}
