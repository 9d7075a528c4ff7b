// /xinwen: the news list; /xinwen?id=<id> one news item.
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import { routes } from "../../app/routes";
import { PageHeader } from "../../components/page-header";
import styles from "./content.module.css";
import { ArticleList, ArticleView, idParam } from "./parts";

export default function NewsScreen() {
  const { t } = useTranslation("content");
  const [search] = useSearchParams();
  const id = search.has("id") ? idParam(search) : null;
  return (
    <div className={styles.page}>
      <PageHeader title={t("routes:news")} />
      <div className={styles.body}>
        {id === null ? <ArticleList kind="news" detailPath={routes.news} /> : <ArticleView kind="news" id={id} />}
      </div>
    </div>
  );
}
