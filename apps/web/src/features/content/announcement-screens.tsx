// /articleList (announcements), /articleDetail?id= (one announcement) and /articleShare?id=
// (its share page: the server-rendered link with Open Graph tags, copy and open).
import { Button } from "antd-mobile";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import { routes } from "../../app/routes";
import { PageHeader } from "../../components/page-header";
import { CenteredLoading, LoadFailed } from "../../components/screen-states";
import { copyText } from "../../lib/clipboard";
import { useArticle } from "./api";
import styles from "./content.module.css";
import { ArticleList, ArticleView, idParam, NotFound } from "./parts";

export function AnnouncementListScreen() {
  const { t } = useTranslation("content");
  return (
    <div className={styles.page}>
      <PageHeader title={t("routes:announcements")} />
      <div className={styles.body}>
        <ArticleList kind="announcement" detailPath={routes.announcementDetail} />
      </div>
    </div>
  );
}

export function AnnouncementDetailScreen() {
  const { t } = useTranslation("content");
  const [search] = useSearchParams();
  return (
    <div className={styles.page}>
      <PageHeader title={t("routes:announcementDetail")} />
      <div className={styles.body}>
        <ArticleView kind="announcement" id={idParam(search)} />
      </div>
    </div>
  );
}

export function AnnouncementShareScreen() {
  const { t, i18n } = useTranslation("content");
  const [search] = useSearchParams();
  const id = idParam(search);
  const q = useArticle("announcement", id);
  const url = `${window.location.origin}/share/announcement/${id}?lang=${encodeURIComponent(i18n.language)}`;
  let content: React.ReactNode;
  if (!(id > 0)) content = <NotFound />;
  else if (q.isPending) content = <CenteredLoading />;
  else if (q.isError)
    content =
      q.error && "code" in q.error && q.error.code === 404 ? (
        <NotFound />
      ) : (
        <LoadFailed onRetry={() => void q.refetch()} />
      );
  else {
    const share = async () => {
      const nav = navigator as Navigator & { share?: (d: ShareData) => Promise<void> };
      if (nav.share) {
        try {
          await nav.share({ title: q.data.title, text: q.data.summary, url });
          return;
        } catch {
          // Cancelled or not allowed: fall back to copying.
        }
      }
      await copyText(url);
    };
    content = (
      <section className={styles.shareBox} aria-label={t("shareTitle")}>
        <h1 style={{ fontSize: 18, margin: 0 }}>{q.data.title}</h1>
        {q.data.summary && <p className={styles.summary}>{q.data.summary}</p>}
        <p className={styles.meta}>{t("shareHint")}</p>
        <div className={styles.shareUrl} data-testid="share-url">
          {url}
        </div>
        <div className={styles.actions}>
          <Button color="primary" onClick={() => void share()}>
            {t("share")}
          </Button>
          <Button onClick={() => void copyText(url)}>{t("copyLink")}</Button>
          <Button
            fill="none"
            color="primary"
            onClick={() => {
              window.open(url, "_blank", "noopener");
            }}
          >
            {t("openSharePage")}
          </Button>
        </div>
      </section>
    );
  }
  return (
    <div className={styles.page}>
      <PageHeader title={t("routes:announcementShare")} />
      <div className={styles.body}>{content}</div>
    </div>
  );
}
