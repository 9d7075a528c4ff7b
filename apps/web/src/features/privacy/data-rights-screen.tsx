// Data rights (/dataRights): "Download my data" — ask for a zip of everything Candor holds
// about me, see it being prepared, download it while it is offered (7 days) — and the way to
// "Close my account" (/closeAccount).
import type { DataExportState } from "@candor/contract";
import { DATA_EXPORT_DAYS } from "@candor/contract/consumer-protection";
import { Button, DotLoading, List } from "antd-mobile";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { routes } from "../../app/routes";
import { EmptyState } from "../../components/empty-state";
import { PageHeader } from "../../components/page-header";
import { formatDate } from "../../lib/format";
import { useDataExport, useRequestDataExport } from "./api";
import styles from "./privacy.module.css";

export default function DataRightsScreen() {
  const { t } = useTranslation("privacy");
  const navigate = useNavigate();
  return (
    <div className={styles.page}>
      <PageHeader title={t("routes:dataRights")} />
      <section className={styles.card} aria-labelledby="export-title">
        <h2 id="export-title" className={styles.title}>
          {t("export.title")}
        </h2>
        <p className={styles.note}>{t("export.intro", { days: DATA_EXPORT_DAYS })}</p>
        <ExportState />
      </section>
      <section className={styles.card} aria-labelledby="close-title">
        <h2 id="close-title" className={styles.title}>
          {t("close.title")}
        </h2>
        <p className={styles.note}>{t("close.intro")}</p>
        <List>
          <List.Item onClick={() => navigate(routes.closeAccount)}>{t("routes:closeAccount")}</List.Item>
        </List>
      </section>
    </div>
  );
}

function ExportState() {
  const { t } = useTranslation("privacy");
  const state = useDataExport();
  const request = useRequestDataExport();
  if (state.isPending) {
    return (
      <div className={styles.center}>
        <DotLoading color="primary" />
      </div>
    );
  }
  if (state.isError) {
    return (
      <EmptyState kind="error" title={t("export.loadFailed")} description={t("common:loadFailedHint")}>
        <Button color="primary" onClick={() => void state.refetch()}>
          {t("common:retry")}
        </Button>
      </EmptyState>
    );
  }
  const current: DataExportState = state.data;
  const ask = (
    <Button
      block
      color="primary"
      loading={request.isPending}
      onClick={() => request.mutate(undefined, { onError: () => undefined })}
    >
      {current ? t("export.again") : t("export.request")}
    </Button>
  );
  if (!current) {
    return (
      <>
        <p className={styles.status}>{t("export.none")}</p>
        {ask}
      </>
    );
  }
  if (current.status === "preparing") {
    return (
      <p className={styles.status} role="status">
        <DotLoading /> {t("export.preparing")}
      </p>
    );
  }
  if (current.status === "ready" && current.url) {
    return (
      <>
        <p className={styles.status} role="status">
          {t("export.ready", { at: formatDate(current.expiresAt, "dateTime") })}
        </p>
        <a className={styles.download} href={current.url} download>
          {t("export.download")}
        </a>
        {ask}
      </>
    );
  }
  return (
    <>
      <p className={styles.status}>{t("export.expired")}</p>
      {ask}
    </>
  );
}
