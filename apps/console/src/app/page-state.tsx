// Shared pieces of every screen: the error state with a retry, and paging state.
import { Button, Result } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";

export function QueryError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <Result
      status="warning"
      title={t("common.loadFailed")}
      subTitle={error instanceof Error ? error.message : undefined}
      extra={
        <Button type="primary" onClick={onRetry}>
          {t("common.retry")}
        </Button>
      }
    />
  );
}

export function usePaging(pageSize = 20) {
  const [pageNo, setPageNo] = useState(1);
  const [size, setSize] = useState(pageSize);
  return {
    pageNo,
    pageSize: size,
    reset: () => setPageNo(1),
    pagination: (total: number | undefined) => ({
      current: pageNo,
      pageSize: size,
      total: total ?? 0,
      showSizeChanger: true,
      onChange: (page: number, nextSize: number) => {
        setPageNo(nextSize === size ? page : 1);
        setSize(nextSize);
      },
    }),
  };
}

/** The server's message of a failed request. */
export const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error));
