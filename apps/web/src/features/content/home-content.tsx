// The home screen's banners, from the API. Their own chunk (the swiper is not needed by
// any first screen); the home screen holds their place while it loads (home-screen.tsx).
import { Swiper } from "antd-mobile";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { routes } from "../../app/routes";
import { usePrefersReducedMotion } from "../../lib/reduced-motion";
import { useBanners } from "./api";
import styles from "./content.module.css";

// The same rules as lib/links.ts (modes 1 nothing, 2 navigate the window, 4 /outlink; web
// links only), kept here so this chunk does not split that module out of the outlink screen.
function isSafeUrl(url: string): boolean {
  try {
    const u = new URL(url, window.location.href);
    return u.protocol === "https:" || u.protocol === "http:";
  } catch {
    return false;
  }
}

function openLink(mode: number, url: string, navigate: (path: string) => void): void {
  if (mode === 1 || !isSafeUrl(url)) return;
  if (mode === 2) window.location.href = url;
  else if (mode === 4) navigate(`${routes.externalPage}?url=${encodeURIComponent(url)}`);
}

export function HomeBanners() {
  const { t } = useTranslation("content");
  const navigate = useNavigate();
  const banners = useBanners();
  // Reduced motion: the banners change only when swiped.
  const still = usePrefersReducedMotion();
  const items = banners.data ?? [];
  if (items.length === 0) return null;
  return (
    <section className={styles.banners} aria-label={t("bannersLabel")}>
      <Swiper autoplay={items.length > 1 && !still} loop={items.length > 1} autoplayInterval={5000}>
        {items.map((b) => {
          const clickable = b.linkMode !== 1 && !!b.linkUrl && isSafeUrl(b.linkUrl);
          const style =
            b.imageUrl && isSafeUrl(b.imageUrl) ? { backgroundImage: `url("${encodeURI(b.imageUrl)}")` } : {};
          return (
            <Swiper.Item key={b.id}>
              {clickable ? (
                <button
                  type="button"
                  className={styles.banner}
                  style={style}
                  onClick={() => openLink(b.linkMode, b.linkUrl ?? "", navigate)}
                >
                  {b.title}
                </button>
              ) : (
                <div className={`${styles.banner} ${styles.bannerPlain}`} style={style}>
                  {b.title}
                </div>
              )}
            </Swiper.Item>
          );
        })}
      </Swiper>
    </section>
  );
}

export default HomeBanners;
