// /help: the help centre — search, articles by category; /help?id=<id> one article.

import { Button, SearchBar } from "antd-mobile";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate, useSearchParams } from "react-router";
import { routes, withQuery } from "../../app/routes";
import { EmptyState } from "../../components/empty-state";
import { PageHeader } from "../../components/page-header";
import { CenteredLoading, LoadFailed } from "../../components/screen-states";
import { formatDate } from "../../lib/format";
import { useHelp, useHelpArticle } from "./api";
import styles from "./content.module.css";
import { Html, idParam, NotFound } from "./parts";

export default function HelpScreen() {
  const { t } = useTranslation("content");
  const [search] = useSearchParams();
  const id = search.has("id") ? idParam(search) : null;
  return (
    <div className={styles.page}>
      <PageHeader title={t("routes:helpCentre")} />
      <div className={styles.body}>{id === null ? <HelpIndex /> : <HelpArticleView id={id} />}</div>
    </div>
  );
}

function HelpIndex() {
  const { t } = useTranslation("content");
  const navigate = useNavigate();
  const [text, setText] = useState("");
  const [keyword, setKeyword] = useState("");
  // Search as the customer types, a moment after the last key.
  useEffect(() => {
    const timer = setTimeout(() => setKeyword(text.trim().slice(0, 200)), 300);
    return () => clearTimeout(timer);
  }, [text]);
  const q = useHelp(keyword);
  const groups = (q.data ?? []).filter((g) => g.articles.length > 0);
  return (
    <>
      <SearchBar
        placeholder={t("searchPlaceholder")}
        value={text}
        onChange={setText}
        maxLength={200}
        aria-label={t("searchPlaceholder")}
        style={{ marginBottom: 12 }}
      />
      {q.isPending ? (
        <CenteredLoading />
      ) : q.isError ? (
        <LoadFailed onRetry={() => void q.refetch()} />
      ) : groups.length === 0 ? (
        <EmptyState title={keyword ? t("searchEmpty", { keyword }) : t("helpEmpty")} description={t("askSupport")}>
          <Button onClick={() => navigate(routes.supportChat)}>{t("contactSupport")}</Button>
        </EmptyState>
      ) : (
        groups.map((g) => (
          <section key={g.category} className={styles.group} aria-label={g.name}>
            <h2 className={styles.groupTitle}>{g.name}</h2>
            {g.articles.map((a) => (
              <button
                key={a.id}
                type="button"
                className={styles.card}
                onClick={() => navigate(withQuery(routes.helpCentre, { id: a.id }))}
              >
                <span className={styles.cardTitle}>{a.title}</span>
                {a.summary && <p className={styles.summary}>{a.summary}</p>}
              </button>
            ))}
          </section>
        ))
      )}
    </>
  );
}

function HelpArticleView({ id }: { id: number }) {
  const { t } = useTranslation("content");
  const navigate = useNavigate();
  const q = useHelpArticle(id);
  if (!(id > 0)) return <NotFound />;
  if (q.isPending) return <CenteredLoading />;
  if (q.isError)
    return q.error && "code" in q.error && q.error.code === 404 ? (
      <NotFound />
    ) : (
      <LoadFailed onRetry={() => void q.refetch()} />
    );
  return (
    <article className={styles.article}>
      <div className={styles.meta}>{q.data.categoryName}</div>
      <h1>{q.data.title}</h1>
      <div className={styles.meta}>{t("updated", { date: formatDate(q.data.updatedAt, "date") })}</div>
      <Html html={q.data.body} />
      <div className={styles.actions}>
        <Button onClick={() => navigate(routes.supportChat)}>{t("contactSupport")}</Button>
      </div>
    </article>
  );
}
