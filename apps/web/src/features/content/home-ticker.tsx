// The home screen's announcement ticker, from the API, and the place held for the banners
// while their chunk loads: part of the home screen's chunk, so nothing above the fold
// arrives late and pushes the screen down (layout shift).
import { NoticeBar } from "antd-mobile";
import { SoundOutline } from "antd-mobile-icons";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { routes } from "../../app/routes";
import { usePrefersReducedMotion } from "../../lib/reduced-motion";
import { useTicker } from "./api";
import styles from "./content.module.css";

export function HomeTicker() {
  const { t } = useTranslation("content");
  const navigate = useNavigate();
  const ticker = useTicker();
  // Reduced motion: every title shown at once, wrapped, instead of scrolling by.
  const still = usePrefersReducedMotion();
  const items = ticker.data ?? [];
  if (items.length === 0) return null;
  return (
    <section className={styles.ticker} aria-label={t("tickerLabel")}>
      <NoticeBar
        icon={<SoundOutline />}
        color="alert"
        wrap={still}
        // Darker than antd-mobile's alert orange: readable (WCAG AA) on the light background.
        style={{ "--text-color": "#9a3a00", "--background-color": "#fff7e8", "--border-color": "#ffe4ba" }}
        content={
          <button
            type="button"
            onClick={() => navigate(routes.announcements)}
            style={{ border: 0, background: "none", padding: 0, font: "inherit", color: "inherit", textAlign: "start" }}
          >
            {items.map((i) => i.title).join("　·　")}
          </button>
        }
        extra={
          <button
            type="button"
            onClick={() => navigate(routes.announcements)}
            style={{ border: 0, background: "none", font: "inherit", color: "inherit" }}
          >
            {t("more")}
          </button>
        }
      />
    </section>
  );
}

/** The banners' box (one slide: same margins and height) while the swiper's chunk loads. */
export function BannersPlaceholder() {
  return (
    <div className={styles.banners} aria-hidden="true">
      <div className={styles.banner} />
    </div>
  );
}
