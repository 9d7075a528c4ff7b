// /outlink (link mode 4): another site gets a notice naming its host and an "Open" link to
// a new tab; a link to this app is navigated to and another page of this site is loaded
// in the window. Nothing is framed inside Candor's header (lib/links.ts outlinkTarget).
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate, useSearchParams } from "react-router";
import { PageHeader } from "../../components/page-header";
import { outlinkTarget } from "../../lib/links";
import styles from "./outlink.module.css";
import { OutlinkNotice } from "./outlink-notice";

export default function OutlinkScreen() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const url = params.get("url") ?? "";
  const target = outlinkTarget(url);
  const where = target.kind === "app" ? target.path : target.kind === "same-origin" ? target.href : "";
  useEffect(() => {
    if (target.kind === "app") navigate(where, { replace: true });
    else if (target.kind === "same-origin") window.location.replace(where);
  }, [target.kind, where, navigate]);
  return (
    <div className={styles.screen}>
      <PageHeader title={t("routes:externalPage")} />
      <OutlinkNotice target={target} url={url} />
    </div>
  );
}
