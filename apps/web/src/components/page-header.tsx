import { NavBar } from "antd-mobile";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { useLocation, useNavigate } from "react-router";
import styles from "./page-header.module.css";

/** Top bar with a back arrow and the screen title. */
export function PageHeader({ title, right, back = true }: { title: ReactNode; right?: ReactNode; back?: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  // A screen opened directly (link, reload) has no in-app history: go home, not out of the app.
  const goBack = () => (location.key !== "default" ? navigate(-1) : navigate("/home"));
  return (
    <div className={styles.header}>
      {/* The back area is a role=button: give it a name screen readers can announce. */}
      <NavBar
        onBack={goBack}
        backIcon={back}
        back={back ? <span className="visually-hidden">{t("back")}</span> : null}
        right={right}
      >
        {title}
      </NavBar>
    </div>
  );
}
