// Where a symbol's price comes from (issue 32 §4), under the chart: the rule in plain words
// (the index of several venues, or the sandbox's simulation or replay), each venue's state,
// and — when trading on the symbol is paused — why.
import { LANG_TAGS } from "@candor/contract/i18n";
import { marketPaths } from "@candor/contract/paths";
import { useQuery } from "@tanstack/react-query";
import { Button, DotLoading } from "antd-mobile";
import { useTranslation } from "react-i18next";
import { venueName } from "../../components/market/venues";
import { api } from "../../lib/api-client";
import { currentLang } from "../../lib/i18n";
import styles from "./price-sources.module.css";

export function PriceSources({ symbol }: { symbol: string }) {
  const { t } = useTranslation("market");
  const sources = useQuery({
    queryKey: ["market", "sources", symbol],
    queryFn: () => api.get(marketPaths.sources, { query: { symbol }, silent: true }),
    refetchInterval: 10_000,
  });
  // The app's language codes (mlxy, tai…) are not BCP-47 tags: Intl needs the real ones.
  const list = new Intl.ListFormat(LANG_TAGS[currentLang()], { type: "conjunction" });

  let body: React.ReactNode;
  if (sources.isPending) {
    body = <DotLoading color="primary" />;
  } else if (sources.isError) {
    body = (
      <p className={styles.rule}>
        {t("sources.loadFailed")}{" "}
        <Button size="mini" onClick={() => void sources.refetch()}>
          {t("common:retry")}
        </Button>
      </p>
    );
  } else {
    const s = sources.data;
    const rule =
      s.rule.kind === "index"
        ? t("sources.ruleIndex", {
            venues: list.format(s.sources.map((v) => venueName(v.source))),
            seconds: Math.round((s.rule.maxAgeMs ?? 0) / 1000),
            band: s.rule.bandPct ?? "",
            min: s.rule.minSources ?? 0,
          })
        : s.rule.kind === "single"
          ? t("sources.ruleSingle", { venue: venueName(s.sources[0]?.source ?? "") })
          : t(s.rule.kind === "replay" ? "sources.ruleReplay" : "sources.ruleSimulated");
    body = (
      <>
        {s.halted ? (
          <p className={styles.halted} role="status" data-testid="price-halted">
            {t(s.halted.reason === "disagree" ? "sources.haltedDisagree" : "sources.haltedUnavailable")}
          </p>
        ) : null}
        <p className={styles.rule}>{rule}</p>
        {s.sources.length > 0 ? (
          <ul className={styles.venues}>
            {s.sources.map((v) => (
              <li key={v.source} data-state={v.state}>
                <span>{venueName(v.source)}</span>
                <span className={styles.state}>{t(`sources.state.${v.state}`)}</span>
              </li>
            ))}
          </ul>
        ) : null}
      </>
    );
  }
  return (
    <section className={styles.card} aria-labelledby="price-sources-title" data-testid="price-sources">
      <h2 id="price-sources-title">{t("sources.title")}</h2>
      {body}
    </section>
  );
}
