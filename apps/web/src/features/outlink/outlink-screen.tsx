// An external page in a frame with a back bar (link mode 4). Only http(s) URLs.

import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import { EmptyState } from "../../components/empty-state";
import { PageHeader } from "../../components/page-header";
import { isSafeUrl } from "../../lib/links";

export default function OutlinkScreen() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const url = params.get("url") ?? "";
  const safe = url !== "" && isSafeUrl(url);
  let host = "";
  try {
    host = safe ? new URL(url).host : "";
  } catch {
    host = "";
  }
  return (
    <div style={{ display: "flex", flexDirection: "column", height: "100vh", background: "#fff" }}>
      <PageHeader title={host || t("routes:externalPage")} />
      {safe ? (
        <iframe
          title={host}
          src={url}
          style={{ flex: 1, border: 0, width: "100%" }}
          sandbox="allow-scripts allow-same-origin allow-forms allow-popups"
          referrerPolicy="no-referrer"
        />
      ) : (
        <EmptyState kind="error" title={t("outlink.invalid")} description={url} />
      )}
    </div>
  );
}
