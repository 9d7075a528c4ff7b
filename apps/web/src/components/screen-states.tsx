// The loading and load-failed blocks screens show while their data is not there.
import { Button, DotLoading } from "antd-mobile";
import { useTranslation } from "react-i18next";
import { EmptyState } from "./empty-state";

export function CenteredLoading() {
  return (
    <div style={{ display: "flex", justifyContent: "center", padding: "40px 0", fontSize: 24 }}>
      <DotLoading color="primary" />
    </div>
  );
}

/** "This could not be loaded" with a retry button; `hint` adds a line under the title. */
export function LoadFailed({ onRetry, hint }: { onRetry: () => void; hint?: string }) {
  const { t } = useTranslation();
  return (
    <EmptyState kind="error" title={t("loadFailed")} description={hint ?? t("loadFailedHint")}>
      <Button color="primary" onClick={onRetry}>
        {t("retry")}
      </Button>
    </EmptyState>
  );
}
