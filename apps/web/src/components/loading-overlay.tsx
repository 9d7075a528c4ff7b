import DotLoading from "antd-mobile/es/components/dot-loading";
import { useTranslation } from "react-i18next";
import { usePageLoading } from "../stores/page-loading";
import styles from "./loading-overlay.module.css";

/** Full-screen "Loading..." overlay that fades in and out around navigations. */
export function LoadingOverlay() {
  const { t } = useTranslation();
  const { visible, background } = usePageLoading();
  return (
    <div
      className={`${styles.overlay} ${visible ? styles.visible : ""}`}
      style={{ background }}
      aria-hidden={!visible}
      data-testid="page-loading"
      role="status"
    >
      <DotLoading color="primary" />
      <span className={styles.text}>{t("loading")}</span>
    </div>
  );
}
