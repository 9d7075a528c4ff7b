// Shared pieces of the verification screens: the status tag and the loading/error frame.
import type { KycStatus } from "@candor/contract";
import { Button, DotLoading, Result, Tag } from "antd-mobile";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { EmptyState } from "../../components/empty-state";
import styles from "./kyc.module.css";

const TAG_COLOR: Record<KycStatus, string> = {
  none: "default",
  pending: "warning",
  rejected: "danger",
  passed: "success",
};

export function StatusTag({ status }: { status: KycStatus }) {
  const { t } = useTranslation("kyc");
  return (
    <Tag color={TAG_COLOR[status]} fill="outline" className={styles.tag}>
      {t(`status.${status}`)}
    </Tag>
  );
}

/** Loading dots, or an error with retry, or the content. */
export function Loadable({
  pending,
  error,
  onRetry,
  children,
}: {
  pending: boolean;
  error: boolean;
  onRetry: () => void;
  children: () => ReactNode;
}) {
  const { t } = useTranslation("kyc");
  if (pending)
    return (
      <div className={styles.center}>
        <DotLoading color="primary" />
      </div>
    );
  if (error)
    return (
      <EmptyState kind="error" title={t("loadFailed")} description={t("loadFailedHint")}>
        <Button color="primary" onClick={onRetry}>
          {t("common:retry")}
        </Button>
      </EmptyState>
    );
  return <>{children()}</>;
}

/** A full-width result (icon, title, text) with action buttons under it. */
export function StatusResult({
  status,
  title,
  description,
  children,
}: {
  status: "success" | "waiting" | "info" | "error";
  title: string;
  description: string;
  children: ReactNode;
}) {
  return (
    <div className={styles.result}>
      <Result status={status} title={title} description={description} />
      <div className={styles.actions}>{children}</div>
    </div>
  );
}
