// Shared pieces of the content screens: the article list over a paged endpoint, the
// article view (sanitised HTML from the server) and the "not found" block.

import type { ArticleDetail, ArticleSummary } from "@candor/contract";
import { Button, Tag } from "antd-mobile";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { routes, withQuery } from "../../app/routes";
import { EmptyState } from "../../components/empty-state";
import { PagedList } from "../../components/paged-list";
import { CenteredLoading, LoadFailed } from "../../components/screen-states";
import { formatDate } from "../../lib/format";
import { CONTENT_PATHS, useArticle } from "./api";
import styles from "./content.module.css";

export function ArticleList({ kind, detailPath }: { kind: "news" | "announcement"; detailPath: string }) {
  const { t, i18n } = useTranslation("content");
  const navigate = useNavigate();
  return (
    <PagedList<ArticleSummary>
      path={kind === "news" ? CONTENT_PATHS.news : CONTENT_PATHS.announcements}
      query={{ lang: i18n.language }}
      keyOf={(a) => a.id}
      ariaLabel={kind === "news" ? t("routes:news") : t("routes:announcements")}
      emptyText={kind === "news" ? t("newsEmpty") : t("announcementsEmpty")}
      emptyHint={t("listEmptyHint")}
      renderItem={(a) => (
        <button type="button" className={styles.card} onClick={() => navigate(`${detailPath}?id=${a.id}`)}>
          <span className={styles.cardTitle}>
            {a.pinned && (
              <Tag color="danger" fill="outline">
                {t("pinned")}
              </Tag>
            )}
            <span>{a.title}</span>
          </span>
          {a.summary && <p className={styles.summary}>{a.summary}</p>}
          <div className={styles.meta}>{formatDate(a.publishedAt, "date")}</div>
        </button>
      )}
    />
  );
}

export function NotFound() {
  const { t } = useTranslation("content");
  const navigate = useNavigate();
  return (
    <EmptyState title={t("notFound")} description={t("notFoundHint")}>
      <Button onClick={() => navigate(routes.home)}>{t("backHome")}</Button>
    </EmptyState>
  );
}

/** The body is HTML the server sanitised (allow-listed tags, no scripts or event attributes). */
export function Html({ html }: { html: string }) {
  // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised server-side by an allow-list
  return <div className={styles.html} dangerouslySetInnerHTML={{ __html: html }} />;
}

export function ArticleBody({ article, children }: { article: ArticleDetail; children?: React.ReactNode }) {
  return (
    <article className={styles.article}>
      <h1>{article.title}</h1>
      <div className={styles.meta}>{formatDate(article.publishedAt, "dateTime")}</div>
      {article.imageUrl && <img className={styles.cover} src={article.imageUrl} alt="" />}
      <Html html={article.body} />
      {children}
    </article>
  );
}

export function ArticleView({ kind, id }: { kind: "news" | "announcement"; id: number }) {
  const { t } = useTranslation("content");
  const navigate = useNavigate();
  const q = useArticle(kind, id);
  if (!(id > 0)) return <NotFound />;
  if (q.isPending) return <CenteredLoading />;
  if (q.isError)
    return q.error && "code" in q.error && q.error.code === 404 ? (
      <NotFound />
    ) : (
      <LoadFailed onRetry={() => void q.refetch()} />
    );
  return (
    <ArticleBody article={q.data}>
      {kind === "announcement" && (
        <div className={styles.actions}>
          <Button
            color="primary"
            fill="outline"
            onClick={() => navigate(withQuery(routes.announcementShare, { id: q.data.id }))}
          >
            {t("share")}
          </Button>
        </div>
      )}
    </ArticleBody>
  );
}

export const idParam = (search: URLSearchParams): number => {
  const raw = search.get("id") ?? "";
  return /^\d{1,15}$/.test(raw) ? Number(raw) : 0;
};
