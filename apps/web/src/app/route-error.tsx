import { Button } from "antd-mobile";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { EmptyState } from "../components/empty-state";
import { usePageLoading } from "../stores/page-loading";
import { routes } from "./routes";

/** A navigation or screen failure: hide the overlay and offer a way on. */
export function RouteError() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  useEffect(() => {
    usePageLoading.getState().finish();
  }, []);
  return (
    <div style={{ paddingTop: 80 }}>
      <EmptyState kind="error" title={t("routeError.title")} description={t("routeError.description")} />
      <div style={{ display: "flex", gap: 12, justifyContent: "center", marginTop: 16 }}>
        <Button onClick={() => window.location.reload()}>{t("retry")}</Button>
        <Button color="primary" onClick={() => navigate(routes.home)}>
          {t("backHome")}
        </Button>
      </div>
    </div>
  );
}
