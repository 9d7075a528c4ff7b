// The notice /outlink shows for another site: its host in large type, a warning that Candor
// does not run it, and an "Open" link that leaves the app in a new tab (never a frame inside
// Candor's header, where a look-alike login page could pass for ours).
import { useTranslation } from "react-i18next";
import { EmptyState } from "../../components/empty-state";
import type { OutlinkTarget } from "../../lib/links";
import styles from "./outlink.module.css";

export function OutlinkNotice({ target, url }: { target: OutlinkTarget; url: string }) {
  const { t } = useTranslation();
  if (target.kind === "invalid") {
    return <EmptyState kind="error" title={t("outlink.invalid")} description={url} />;
  }
  if (target.kind !== "external") return null; // the screen navigates there
  return (
    <section className={styles.notice} aria-labelledby="outlink-title">
      <h1 id="outlink-title" className={styles.title}>
        {t("outlink.title")}
      </h1>
      <p className={styles.host} data-testid="outlink-host">
        {target.host}
      </p>
      <p className={styles.text}>{t("outlink.body", { host: target.host })}</p>
      <p className={styles.url}>{target.href}</p>
      <a className={styles.open} href={target.href} target="_blank" rel="noopener noreferrer">
        {t("outlink.open")}
      </a>
    </section>
  );
}
