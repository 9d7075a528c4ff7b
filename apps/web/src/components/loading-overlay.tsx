import DotLoading from "antd-mobile/es/components/dot-loading";
import { useTranslation } from "react-i18next";
import { usePageLoading } from "../stores/page-loading";
import styles from "./loading-overlay.module.css";

/**
 * Full-screen "Loading..." overlay that fades in and out around navigations. Its dots are
 * only there while it shows: they are an SVG animation that repaints every frame, and in
 * the hidden overlay they kept every screen's main thread busy at 60 frames a second
 * (issue 37's trace: ~60 style recalculations and paints a second on an idle screen).
 */
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
      {visible && <DotLoading color="primary" />}
      <span className={styles.text}>{t("loading")}</span>
    </div>
  );
}
