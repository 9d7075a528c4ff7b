import { NavBar } from "antd-mobile";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { useLocation, useNavigate } from "react-router";
import { routes } from "../app/routes";
import styles from "./page-header.module.css";

/** Top bar with a back arrow and the screen title. */
export function PageHeader({ title, right, back = true }: { title: ReactNode; right?: ReactNode; back?: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  // A screen opened directly (link, reload) has no in-app history: go home, not out of the app.
  const goBack = () => (location.key !== "default" ? navigate(-1) : navigate(routes.home));
  if (!back) {
    // antd-mobile's NavBar always renders its left area as a role=button; a tab root has
    // no back action, so it gets the same bar without that empty, nameless button.
    return (
      <div className={styles.header}>
        <div className="adm-nav-bar">
          <div className="adm-nav-bar-left" />
          <div className="adm-nav-bar-title">{title}</div>
          <div className="adm-nav-bar-right">{right}</div>
        </div>
      </div>
    );
  }
  return (
    <div className={styles.header}>
      {/* antd-mobile hides the `back` text from screen readers: the back button gets its
          name through `left`, which it does not hide. */}
      <NavBar onBack={goBack} back="" left={<span className="visually-hidden">{t("back")}</span>} right={right}>
        {title}
      </NavBar>
    </div>
  );
}
